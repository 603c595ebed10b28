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
from django.db import connections

from config.db import on_postgresql


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


# A room's gaming-day close and the records dated in the room's days wait for each other through one
# transaction-level advisory lock per room (``DAY_LOCK``, the room's id): the transaction that writes such a
# record holds it shared from the row's trigger (``waits_for_the_close``) to its end, the close takes it
# alone (``day_close_lock``). A record written while its room's day is being closed waits for the close and
# then finds its row (each service checks the day after writing, in a later statement, or the ledger's
# trigger does); a close waits for the records written before it and counts them. Other rooms neither wait
# nor are waited for.
DAY_LOCK = 0x64617973  # "days"


def waits_for_the_close(prefix: str, *, room_sql: str, operation: Any = None) -> Any:
    """A row trigger: the transaction that writes the row holds its room's ``DAY_LOCK`` shared until it ends.
    ``room_sql`` is the SQL of the row's room id (over ``NEW``); inserts, and the updates of ``operation``."""
    return pgtrigger.Trigger(
        name=f"{prefix}_waits_for_the_close",
        level=pgtrigger.Row,
        when=pgtrigger.Before,
        operation=pgtrigger.Insert if operation is None else pgtrigger.Insert | operation,
        func=f"PERFORM pg_advisory_xact_lock_shared({DAY_LOCK}, ({room_sql})::integer); RETURN NEW;",
    )


def day_close_lock(room_id: int) -> None:
    """Hold ``room_id``'s ``DAY_LOCK`` alone until the transaction ends: the close of one of its days waits
    for every transaction writing a record of the room and makes the later ones wait (PostgreSQL; SQLite
    has one writer at a time)."""
    if on_postgresql():
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [DAY_LOCK, room_id])


def update_only_when(prefix: str, allowed_sql: str) -> Any:
    """Refuse an UPDATE unless ``allowed_sql`` (over OLD and NEW) holds."""
    return pgtrigger.Protect(
        name=f"{prefix}_guarded_update",
        operation=pgtrigger.Update,
        condition=pgtrigger.Condition(f"NOT ({allowed_sql})"),
    )


# django-pgtrigger lets a session skip any trigger by naming it in the setting ``pgtrigger.ignore``, which
# every role may set (``set_config``): the guards above would hold against a mistake only, not against the
# application's own role. Nothing in the room skips a trigger, so the function every trigger asks is
# replaced by one that never says yes. pgtrigger writes its version again whenever a migration installs a
# trigger, hence after every ``migrate`` (``config.apps``) and with the runtime role's grants
# (``config.services.database_roles``). The owner owns the function: the runtime role cannot replace it.
SEAL_SQL = """
CREATE OR REPLACE FUNCTION "public"._pgtrigger_should_ignore(trigger_name NAME) RETURNS BOOLEAN AS $$
    BEGIN
        RETURN FALSE;
    END;
$$ LANGUAGE plpgsql
"""


def guards_seal(using: str) -> None:
    """Make every trigger of the PostgreSQL database of ``using`` refuse to be skipped (``SEAL_SQL``)."""
    if not on_postgresql(connections[using]):
        return
    with connections[using].cursor() as cursor:
        cursor.execute(
            "SELECT prosrc FROM pg_proc JOIN pg_namespace ON pg_namespace.oid = pronamespace"
            " WHERE nspname = 'public' AND proname = '_pgtrigger_should_ignore'"
            " AND pg_get_userbyid(proowner) = current_user"
        )
        found = cursor.fetchone()
        # Only pgtrigger's own version, and only by its owner (who runs migrate and the grants): a flush
        # sends post_migrate too, as the runtime role, which may not write the function.
        if found is not None and "pgtrigger.ignore" in found[0]:
            cursor.execute(SEAL_SQL)
