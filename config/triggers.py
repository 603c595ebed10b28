"""PostgreSQL triggers that keep posted records append-only (django-pgtrigger).

TRUNCATE is refused unless the session has set ``cardroom.allow_truncate =
'on'``: nothing in the product sets it; the test suite does on its own
connections, because Django empties tables with TRUNCATE between
transactional tests. Any session may set it, so it guards against a mistake,
not against the application: the role the processes connect as holds no
TRUNCATE privilege and owns no table, so it can neither truncate nor disable
these triggers (``config.services.database_roles``).
"""

from __future__ import annotations

from typing import Any

import pgtrigger


def append_only(prefix: str) -> list[Any]:
    """UPDATE, DELETE and TRUNCATE all refused."""
    return [
        pgtrigger.Protect(name=f"{prefix}_no_update", operation=pgtrigger.Update),
        no_delete(prefix),
        no_truncate(prefix),
    ]


def no_delete(prefix: str) -> Any:
    return pgtrigger.Protect(name=f"{prefix}_no_delete", operation=pgtrigger.Delete)


def no_truncate(prefix: str) -> Any:
    return pgtrigger.Trigger(
        name=f"{prefix}_no_truncate",
        level=pgtrigger.Statement,
        when=pgtrigger.Before,
        operation=pgtrigger.Truncate,
        func="""
            IF coalesce(current_setting('cardroom.allow_truncate', true), '') <> 'on' THEN
                RAISE EXCEPTION 'cardroom: % is append-only; TRUNCATE refused', TG_TABLE_NAME;
            END IF;
            RETURN NULL;
        """,
    )


def update_only_when(prefix: str, allowed_sql: str) -> Any:
    """Refuse an UPDATE unless ``allowed_sql`` (over OLD and NEW) holds."""
    return pgtrigger.Protect(
        name=f"{prefix}_guarded_update",
        operation=pgtrigger.Update,
        condition=pgtrigger.Condition(f"NOT ({allowed_sql})"),
    )
