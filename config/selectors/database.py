"""What PostgreSQL lets the process's own role do to the room's tables (its catalog)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections


@dataclass(frozen=True)
class Alterable:
    user: str  # the role the process connects as
    tables: list[str]  # the room's tables it may alter, by name


def tables_alterable(*, using: str = DEFAULT_DB_ALIAS) -> Alterable:
    """The room's tables (its models') that the connected role could alter, and so disable the triggers of:
    those it owns, or whose owner it is a member of, directly or not. ``pg_has_role(..., 'MEMBER')`` is
    true of every role for a superuser, who may alter any table. PostgreSQL only."""
    conn = connections[using]
    names = conn.introspection.django_table_names(include_views=False)
    with conn.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, coalesce(array_agg(tablename::text ORDER BY tablename), '{}') FROM pg_tables"
            " WHERE schemaname = ANY(current_schemas(false)) AND tablename = ANY(%s)"
            " AND pg_has_role(current_user, tableowner, 'MEMBER')",
            [names],
        )
        user, tables = cursor.fetchone()
    return Alterable(user=user, tables=list(tables))
