"""A cursor for the few fixed statements every device request sends (a token check, a sale, a
dealer's event): on PostgreSQL the server plans each of them once per connection.

Django binds parameters on the client and never prepares a statement, which keeps
connection poolers in transaction mode working; for these statements parsing and
planning cost the server more than running them. ``prepared_cursor`` binds on the
server, and psycopg prepares a statement once it has run ``prepare_threshold``
times on a connection (settings: ``DATABASE_PREPARE_THRESHOLD``), so later runs on
the same kept or pooled connection skip parse and plan. The ORM's statements are
never prepared. A statement sent here states its parameters' types
(``%s::bigint``) wherever its context does not fix them: a server-bound Python
int arrives as the smallest integer type that holds it. On SQLite this is
Django's own cursor.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from django.db import connection


@contextmanager
def prepared_cursor() -> Iterator[Any]:
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            yield cursor
        return
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.ensure_connection()
    connection.validate_thread_sharing()
    raw: Any = cast(Any, ServerBindingCursor)(connection.connection)
    with connection.make_debug_cursor(raw) if connection.queries_logged else connection.make_cursor(raw) as cursor:
        yield cursor
