"""Fast path: a completed hand's fee on PostgreSQL in two statements, what ``hand_fees._hand_charge`` posts.

ORM twin: ``games.services.hand_fees.hand_fees_post`` (the path SQLite runs, and PostgreSQL too
with ``CARDROOM_FAST_PATHS`` off). Differential test: ``tests/games/test_fee_posted_in_two_statements.py``.
Rules restated here: the ledger's (a closed gaming day takes no entry, one entry per (reason, ref),
balances never below zero, rows locked in primary-key order) and rake's (one fee record in force
per hand, the daily summary's increments, an hourly table's hand counted under the hourly kind).
Table and column names come from the models' ``_meta`` (``config.db.sql_text``); every value, the
kinds and reasons among them, is a parameter.

The ORM path (``hand_fees_post``) runs about twenty statements with five
savepoints; a table deals a hand a minute and a room of 100 tables up to two
a second, so the common case is written as one read and one conditional
write. The read gives the chips outstanding by denomination and the table's
drop box and tray with their balance rows; the chips are the ledger's own
choice (``ledger.services.change.fee_chips``): the players' chips exactly,
or with change from the tray, the same legs the ORM path posts. The write
decides, under the balance rows' locks,
whether the fee can be posted (not posted yet, its days open, the chips
there) and then inserts the journal entry and its legs, moves the balances,
inserts the fee record and adds it to the daily summary, or does nothing at
all and names why.

A table's first fee creates its drop box (with a balance row for every chip,
as ``table_account`` does), then posts as every later fee does. Whatever else
this path does not cover (a drop box or tray without a balance row for a chip,
no chips outstanding account, no tray when change is needed, chips and tray
that cannot make up the fee) goes back to the ORM path, which creates what is
missing or refuses with its message.
The whole suite runs on SQLite (the ORM path) and on PostgreSQL (this path)
with the same assertions, and a test compares the two on one database.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from config.db import prepared_cursor, sql_text
from config.gaming_day import gaming_day_of
from config.shifts import shift_in
from games.models import Hand
from ledger.models import Account, AccountKind, Balance, Denomination, GamingDayClose, JournalEntry, Leg, Reason
from ledger.services.accounts import table_account
from ledger.services.change import fee_chips
from ledger.services.entry_sql import ENTRY_COLUMNS, LEGS_CTE, legs_params
from ledger.services.fees import fee_legs
from ledger.services.posting import LegSpec
from rake.models import DailyFeeSummary, FeeCharge, FeeKind, FeePolicyVersion, FeeSource
from rake.models.summaries import SUMMARY_KEYS

# The room's chips outstanding (the players' chips), the table's drop box and its tray (for change),
# the first of each kind as ``singleton_accounts`` and ``table_account`` take them, with their chip
# balance rows.
_READ_SQL = sql_text(
    """
WITH places AS (
    (SELECT {Account.id} AS id, {Account.kind} AS kind FROM {Account}
        WHERE {Account.kind} = %(outstanding)s ORDER BY {Account.id} LIMIT 1)
    UNION ALL
    (SELECT {Account.id}, {Account.kind} FROM {Account}
        WHERE {Account.kind} = %(drop_box)s AND {Account.table} = %(table)s::bigint ORDER BY {Account.id} LIMIT 1)
    UNION ALL
    (SELECT {Account.id}, {Account.kind} FROM {Account}
        WHERE {Account.kind} = %(tray)s AND {Account.table} = %(table)s::bigint ORDER BY {Account.id} LIMIT 1)
)
SELECT places.id, places.kind, b.{Balance.id}, b.{Balance.denomination}, d.{Chip.value}, b.{Balance.amount}
FROM places
LEFT JOIN {Balance} b ON b.{Balance.account} = places.id AND b.{Balance.denomination} IS NOT NULL
LEFT JOIN {Chip} d ON d.{Chip.id} = b.{Balance.denomination}
""",
    Account=Account,
    Balance=Balance,
    Chip=Denomination,
)

# ``verdict`` is taken after the balance rows are locked (``locked`` is materialized first) and reads
# their latest committed amounts, as ``ledger.services.balance_sql`` does. Every write below is
# conditional on it, so a refusal writes nothing. The statement takes its table locks before its
# snapshot, so a gaming-day close holding SHARE locks on the journal and the fee records is either
# seen here or waits for this transaction (see ledger.selectors.days).
_WRITE_SQL = sql_text(
    """
WITH locked AS MATERIALIZED (
    SELECT {Balance.id} AS id, {Balance.amount} AS amount FROM {Balance}
    WHERE {Balance.id} = ANY(%(ids)s::bigint[]) ORDER BY {Balance.id} FOR UPDATE
), change AS (
    SELECT * FROM unnest(%(ids)s::bigint[], %(deltas)s::bigint[]) AS given(row_id, delta)
), verdict AS (
    SELECT CASE
        WHEN EXISTS (SELECT FROM {Charge} WHERE {Charge.hand} = %(hand)s::bigint AND {Charge.reverses} IS NULL)
            THEN 'posted'
        WHEN EXISTS (SELECT FROM {Close} WHERE {Close.gaming_day} IN (%(day)s::date, %(entry_day)s::date))
            THEN 'gaming_day_closed'
        WHEN %(fee)s::bigint > 0 AND EXISTS (
            -- ref <> '': the partial unique index's condition, for the prepared statement's generic plan
            SELECT FROM {Entry} WHERE {Entry.reason} = %(reason)s AND {Entry.ref} = %(ref)s AND {Entry.ref} <> '')
            THEN 'already_posted'
        WHEN EXISTS (
            SELECT FROM locked JOIN change ON change.row_id = locked.id WHERE locked.amount + change.delta < 0)
            THEN 'insufficient_balance'
        ELSE 'ok' END AS outcome,
    CASE WHEN %(fee)s::bigint = 0 AND EXISTS (
        SELECT FROM {Policy} WHERE {Policy.id} = %(policy)s::bigint AND {Policy.kind} = %(hourly)s)
        THEN %(hourly)s ELSE %(percentage)s END AS kind
), entry AS (
    INSERT INTO {Entry} ("""
    + ENTRY_COLUMNS
    + """)
    SELECT %(reason)s, %(entry_day)s::date, %(memo)s, %(ref)s, NULL, %(now)s::timestamptz, %(actor)s::integer
    FROM verdict WHERE outcome = 'ok' AND %(fee)s::bigint > 0
    RETURNING {Entry.id} AS id
), """
    + LEGS_CTE
    + """, moved AS (
    UPDATE {Balance} b SET {Balance.amount} = locked.amount + change.delta
    FROM locked JOIN change ON change.row_id = locked.id
    WHERE b.{Balance.id} = locked.id AND EXISTS (SELECT FROM entry)
), charge AS (
    INSERT INTO {Charge} (
        {Charge.created_at}, {Charge.created_by}, {Charge.source}, {Charge.kind}, {Charge.hand},
        {Charge.time_charge}, {Charge.table}, {Charge.game}, {Charge.dealer}, {Charge.gaming_day}, {Charge.shift},
        {Charge.hands}, {Charge.pots}, {Charge.fee}, {Charge.seconds}, {Charge.journal_entry}, {Charge.reverses})
    SELECT %(now)s::timestamptz, %(actor)s::integer, %(source)s, verdict.kind, %(hand)s::bigint, NULL,
        %(table)s::bigint, %(game)s::bigint, %(dealer)s::integer, %(day)s::date, %(shift)s::smallint, 1,
        %(pots)s::bigint, %(fee)s::bigint, 0, (SELECT entry.id FROM entry), NULL
    FROM verdict WHERE outcome = 'ok'
    RETURNING {Charge.kind} AS kind
), summary AS (
    INSERT INTO {Summary} (
        {Summary.gaming_day}, {Summary.shift}, {Summary.table_id}, {Summary.game_id}, {Summary.dealer_id},
        {Summary.kind}, {Summary.hands}, {Summary.pots}, {Summary.fees}, {Summary.seconds}, {Summary.time_charges},
        {Summary.expected}, {Summary.counted}, {Summary.variance})
    SELECT %(day)s::date, %(shift)s::smallint, %(table)s::bigint, COALESCE(%(game)s::bigint, 0),
        COALESCE(%(dealer)s::integer, 0), charge.kind, 1, %(pots)s::bigint, %(fee)s::bigint, 0, 0, 0, 0, 0
    FROM charge
    ON CONFLICT ("""
    + ", ".join(f"{{Summary.{key}}}" for key in SUMMARY_KEYS)
    + """) DO UPDATE SET
        {Summary.hands} = {Summary}.{Summary.hands} + EXCLUDED.{Summary.hands},
        {Summary.pots} = {Summary}.{Summary.pots} + EXCLUDED.{Summary.pots},
        {Summary.fees} = {Summary}.{Summary.fees} + EXCLUDED.{Summary.fees}
)
SELECT outcome FROM verdict
""",
    Balance=Balance,
    Charge=FeeCharge,
    Close=GamingDayClose,
    Entry=JournalEntry,
    Leg=Leg,
    Policy=FeePolicyVersion,
    Summary=DailyFeeSummary,
)
STATEMENTS = (_READ_SQL, _WRITE_SQL)


def hand_fee_post_sql(*, actor: User, hand: Hand) -> str | None:
    """Post the fee of ``hand`` (completed, its row locked by the caller) in two statements.

    Returns ``"ok"`` (posted), ``"posted"`` (already posted: nothing done) or
    why nothing was posted (``gaming_day_closed``, ``already_posted``,
    ``insufficient_balance``). None when the ORM path must do it: an account
    or balance row to create, or chips that do not make up the fee (its
    refusal says which).
    """
    now = timezone.now()
    params: dict[str, Any] = {
        "hand": hand.pk,
        "table": hand.table_id,
        "game": hand.game_id,
        "dealer": hand.dealer_id,
        "policy": hand.fee_policy_id,
        "day": hand.gaming_day,
        "entry_day": gaming_day_of(now),
        "shift": shift_in(hand.gaming_day, hand.ended_at or now),
        "pots": hand.pot,
        "fee": hand.fee,
        "now": now,
        "actor": actor.pk,
        "reason": Reason.FEE.value,
        "ref": f"hand:{hand.pk}",
        "memo": f"table {hand.table_id}",
        "source": FeeSource.HAND.value,
        "hourly": FeeKind.HOURLY.value,
        "percentage": FeeKind.PERCENTAGE.value,
    }
    legs: tuple[list[LegSpec], dict[int, int]] | None = _legs(hand) if hand.fee else ([], {})
    if legs is None:
        return None
    spec, deltas = legs
    params |= legs_params(spec) | {
        "ids": sorted(deltas),
        "deltas": [deltas[pk] for pk in sorted(deltas)],
    }
    with prepared_cursor() as cursor:
        cursor.execute(_WRITE_SQL, params)
        (outcome,) = cursor.fetchone()
    return str(outcome)


def _legs(hand: Hand, *, box_created: bool = False) -> tuple[list[LegSpec], dict[int, int]] | None:
    """The fee's legs and the change of each balance row, or None.

    The legs are the ledger's own (``change.fee_chips``, ``fees.fee_legs``): chips outstanding ->
    drop box, or, when the players' chips cannot make the fee up exactly, with change from the tray.
    """
    with prepared_cursor() as cursor:
        cursor.execute(
            _READ_SQL,
            {
                "table": hand.table_id,
                "outstanding": AccountKind.OUTSTANDING.value,
                "drop_box": AccountKind.DROP_BOX.value,
                "tray": AccountKind.TRAY.value,
            },
        )
        rows = cursor.fetchall()
    accounts: dict[str, int] = {}
    chips: dict[str, dict[int, tuple[int, int]]] = {AccountKind.OUTSTANDING: {}, AccountKind.TRAY: {}}
    row_ids: dict[tuple[int, int], int] = {}
    for account_id, kind, balance_id, denomination_id, value, amount in rows:
        accounts[kind] = account_id
        if balance_id is None:
            continue
        row_ids[(account_id, denomination_id)] = balance_id
        if kind in chips and amount > 0:
            chips[kind][denomination_id] = (value, amount)
    if AccountKind.OUTSTANDING not in accounts:
        return None
    if AccountKind.DROP_BOX not in accounts:
        if box_created:
            return None
        table_account(table_id=hand.table_id, kind=AccountKind.DROP_BOX)
        return _legs(hand, box_created=True)
    tray = accounts.get(AccountKind.TRAY)
    made = fee_chips(hand.fee, chips[AccountKind.OUTSTANDING], chips[AccountKind.TRAY] if tray else None)
    if made is None:
        return None
    spec = fee_legs(
        chips=made, players=accounts[AccountKind.OUTSTANDING], box=accounts[AccountKind.DROP_BOX], tray=tray
    )
    deltas: dict[int, int] = defaultdict(int)
    for leg in spec:
        assert leg.denomination_id is not None
        row = row_ids.get((leg.account_id, leg.denomination_id))
        if row is None:
            return None
        deltas[row] += leg.amount
    return spec, {row: delta for row, delta in deltas.items() if delta}
