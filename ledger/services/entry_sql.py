"""Fast path: a journal entry and its legs inserted by one PostgreSQL statement.

ORM twin: ``ledger.services.posting.entry_insert`` (its ``save`` and ``bulk_create`` branch), which
SQLite runs, and PostgreSQL too with ``CARDROOM_FAST_PATHS`` off. Differential test:
``tests/ledger/test_fast_paths_write_what_the_orm_writes.py``.

Rules restated here from the models and the twin: no entry in a closed gaming day (a
``GamingDayClose`` row of its room for its day, ``ledger.selectors.days``); the legs in the order given,
all in the room's currency; a second entry of one (reason, ref) is refused by the unique index
``cashier_entry_ref_unique``, which the caller turns into ``already_posted``. Table and column names
come from the models' ``_meta`` (``config.db.sql_text``); values, the reason among them, are
parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db import connection

from config.db import prepared_cursor, sql_text
from ledger.models import GamingDayClose, JournalEntry, Leg
from ledger.selectors.days import check_gaming_day_open

if TYPE_CHECKING:
    from ledger.services.posting import LegSpec


# The CTEs ``leg_list`` and ``legs``: the legs of the entry a CTE named ``entry`` (its column ``id``)
# inserted (none when it inserted none), in the order given: parameters ``leg_currency``,
# ``leg_accounts``, ``leg_chips`` and ``leg_amounts`` (one item per leg, ``legs_params``). A template
# for ``sql_text`` with ``Leg``, the ledger's own: also in the ledger's part of a fee's composed
# statement (``ledger.services.fee_sql``); other apps compose that part, never these fragments
# (an import contract in pyproject.toml).
LEGS_CTE = """leg_list AS (
    SELECT * FROM unnest(%(leg_accounts)s::bigint[], %(leg_chips)s::bigint[], %(leg_amounts)s::bigint[])
        WITH ORDINALITY AS given(leg_account, leg_chip, leg_amount, n)
), legs AS (
    INSERT INTO {Leg} ({Leg.entry}, {Leg.account}, {Leg.denomination}, {Leg.currency}, {Leg.amount})
    SELECT entry.id, leg_list.leg_account, leg_list.leg_chip, %(leg_currency)s, leg_list.leg_amount
    FROM entry CROSS JOIN leg_list
    ORDER BY leg_list.n
)"""

# The journal entry's columns in the order the fast paths insert them (a template with ``Entry``).
ENTRY_COLUMNS = (
    "{Entry.room}, {Entry.reason}, {Entry.gaming_day}, {Entry.memo}, {Entry.ref}, {Entry.reverses}, "
    "{Entry.created_at}, {Entry.created_by}"
)


def legs_params(legs: Sequence[LegSpec], *, currency: str) -> dict[str, Any]:
    return {
        "leg_currency": currency,
        "leg_accounts": [leg.account_id for leg in legs],
        "leg_chips": [leg.denomination_id for leg in legs],
        "leg_amounts": [leg.amount for leg in legs],
    }


# The closed-day check is part of the INSERT: a close of the room's day that committed first is seen
# here (nothing is inserted). One that commits while the INSERT waits for the room's day lock (held by
# the close, ``config.triggers``) is not in this statement's snapshot: the journal's trigger, which looks
# again once it holds the lock, refuses the entry (``ledger.models.entries``), and the caller says so.
_ENTRY_SQL = sql_text(
    """
WITH entry AS (
    INSERT INTO {Entry} ("""
    + ENTRY_COLUMNS
    + """)
    SELECT %(room)s::bigint, %(reason)s, %(day)s::date, %(memo)s, %(ref)s, %(reverses)s::bigint,
        %(at)s::timestamptz, %(actor)s
    WHERE NOT EXISTS (
        SELECT FROM {Close} WHERE {Close.room} = %(room)s::bigint AND {Close.gaming_day} = %(day)s::date
    )
    RETURNING {Entry.id} AS id
), """
    + LEGS_CTE
    + """
SELECT id FROM entry
""",
    Entry=JournalEntry,
    Leg=Leg,
    Close=GamingDayClose,
)
STATEMENTS = (_ENTRY_SQL,)


def entry_insert_sql(entry: JournalEntry, legs: Sequence[LegSpec], *, currency: str) -> None:
    """Insert ``entry`` (unsaved, its fields set, its room among them) and its legs in the room's
    ``currency``; refused in a closed gaming day of the room.

    An IntegrityError (the entry's (reason, ref) posted already) propagates to the caller.
    """
    params: dict[str, Any] = {
        "room": entry.room_id,
        "reason": entry.reason,
        "day": entry.gaming_day,
        "memo": entry.memo,
        "ref": entry.ref,
        "reverses": entry.reverses_id,
        "at": entry.created_at,
        "actor": entry.created_by_id,
        **legs_params(legs, currency=currency),
    }
    with prepared_cursor() as cursor:
        cursor.execute(_ENTRY_SQL, params)
        row = cursor.fetchone()
    if row is None:
        check_gaming_day_open(entry.gaming_day, room_id=entry.room_id)  # raises: the statement found the day closed
        raise RuntimeError("the journal entry was not inserted")
    entry.pk = row[0]
    entry._state.adding = False
    entry._state.db = connection.alias
