"""PostgreSQL triggers that keep posted records append-only.

Django's test runner empties tables with TRUNCATE between transactional tests,
so the TRUNCATE guard stands aside in databases named ``test_*`` unless the
session sets ``cardroom.strict_truncate = 'on'`` (the test of the guard does).
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
            IF current_database() NOT LIKE 'test\\_%'
               OR coalesce(current_setting('cardroom.strict_truncate', true), '') = 'on' THEN
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
