"""PostgreSQL triggers that keep the hand record append-only.

Django's test runner empties tables with TRUNCATE between transactional
tests, so the TRUNCATE guard stands aside in databases named ``test_*``
unless the session sets ``cardroom.strict_truncate = 'on'``.
"""

from __future__ import annotations

from typing import Any

import pgtrigger


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


def append_only(prefix: str) -> list[Any]:
    """UPDATE, DELETE and TRUNCATE all refused."""
    return [
        pgtrigger.Protect(name=f"{prefix}_no_update", operation=pgtrigger.Update),
        pgtrigger.Protect(name=f"{prefix}_no_delete", operation=pgtrigger.Delete),
        no_truncate(prefix),
    ]
