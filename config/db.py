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

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

from django.db import connection
from django.db.models import Model
from django.db.models.sql import InsertQuery


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


# The rows of one model to insert (``insert_all``).
type Rows = tuple[type[Model], Sequence[Model]]


def insert_all(groups: Sequence[Rows]) -> None:
    """Insert the rows of several models, in order: on PostgreSQL as one statement.

    Each group is compiled by Django's own ``bulk_create`` compiler and the
    inserts become the parts of one ``WITH`` statement: one round trip and one
    plan instead of one per model. A row that points to another row inserted
    here needs that row's primary key set before (a sequence value read
    earlier, as ``games.services.table_state`` reads the next hand's), since the parts of one statement
    cannot see each other's rows; the foreign keys are checked at COMMIT
    (Django's are deferred). Elsewhere each group is one ``bulk_create``, and a
    row without its primary key gets it there, as ``bulk_create`` gives it.
    """
    groups = [(model, rows) for model, rows in groups if rows]
    if connection.vendor != "postgresql":
        for model, rows in groups:
            model._default_manager.bulk_create(rows)  # sets each row's foreign keys from the rows before
        return
    parts: list[str] = []
    params: list[Any] = []
    for k, (model, rows) in enumerate(groups):
        for row in rows:
            cast(Any, row)._prepare_related_fields_for_save(operation_name="bulk_create")
        fields = list(model._meta.concrete_fields)
        if all(row.pk is None for row in rows):
            fields.remove(model._meta.pk)  # an identity column: the database gives the ids
        elif any(row.pk is None for row in rows):
            raise ValueError(f"{model.__name__}: give every row its primary key, or none")
        query = InsertQuery(model)
        query.insert_values(fields, list(rows))
        ((sql, values),) = query.get_compiler(connection=connection).as_sql()
        parts.append(f"i{k} AS ({sql})")
        params.extend(values)
    with connection.cursor() as cursor:
        cursor.execute(f"WITH {', '.join(parts)} SELECT 1", params)
    for _m, rows in groups:
        for row in rows:
            row._state.adding = False
            row._state.db = connection.alias
