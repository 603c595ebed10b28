"""Fast path: a journal entry and its legs inserted by one PostgreSQL statement.

ORM twin: ``ledger.services.posting.entry_insert`` (its ``save`` and ``bulk_create`` branch), which
SQLite runs, and PostgreSQL too with ``CARDROOM_FAST_PATHS`` off. Differential test:
``tests/ledger/test_fast_paths_write_what_the_orm_writes.py``.

Rules restated here from the models and the twin: no entry in a closed gaming day (a
``GamingDayClose`` row for its day, ``ledger.selectors.days``); the legs in the order given, all in
the room's currency; a second entry of one (reason, ref) is refused by the unique index
``cashier_entry_ref_unique``, which the caller turns into ``already_posted``. Table and column names
come from the models' ``_meta`` (``config.db.sql_text``); values, the reason among them, are
parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.conf import settings
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
    "{Entry.reason}, {Entry.gaming_day}, {Entry.memo}, {Entry.ref}, {Entry.reverses}, {Entry.created_at}, "
    "{Entry.created_by}"
)


def legs_params(legs: Sequence[LegSpec]) -> dict[str, Any]:
    return {
        "leg_currency": settings.CARDROOM_CURRENCY,
        "leg_accounts": [leg.account_id for leg in legs],
        "leg_chips": [leg.denomination_id for leg in legs],
        "leg_amounts": [leg.amount for leg in legs],
    }


# The closed-day check is part of the INSERT: a statement takes its table locks before the
# snapshot it runs on, so a gaming-day close holding its SHARE lock on the journal
# (rake.services.days) either committed first and its row is seen here (nothing is
# inserted), or waits for this transaction and counts the entry.
_ENTRY_SQL = sql_text(
    """
WITH entry AS (
    INSERT INTO {Entry} ("""
    + ENTRY_COLUMNS
    + """)
    SELECT %(reason)s, %(day)s::date, %(memo)s, %(ref)s, %(reverses)s::bigint, %(at)s::timestamptz, %(actor)s
    WHERE NOT EXISTS (SELECT FROM {Close} WHERE {Close.gaming_day} = %(day)s::date)
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


def entry_insert_sql(entry: JournalEntry, legs: Sequence[LegSpec]) -> None:
    """Insert ``entry`` (unsaved, its fields set) and its legs; refused in a closed gaming day.

    An IntegrityError (the entry's (reason, ref) posted already) propagates to the caller.
    """
    params: dict[str, Any] = {
        "reason": entry.reason,
        "day": entry.gaming_day,
        "memo": entry.memo,
        "ref": entry.ref,
        "reverses": entry.reverses_id,
        "at": entry.created_at,
        "actor": entry.created_by_id,
        **legs_params(legs),
    }
    with prepared_cursor() as cursor:
        cursor.execute(_ENTRY_SQL, params)
        row = cursor.fetchone()
    if row is None:
        check_gaming_day_open(entry.gaming_day)  # raises: the statement found the day closed
        raise RuntimeError("the journal entry was not inserted")
    entry.pk = row[0]
    entry._state.adding = False
    entry._state.db = connection.alias
