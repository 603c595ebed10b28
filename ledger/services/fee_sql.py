"""Fast path: a fee into a table's drop box, as the ledger's part of a statement another app composes.

ORM twin: ``ledger.services.fees.fee_to_drop_box`` with ``change_from_tray`` (the path SQLite runs,
and PostgreSQL too with ``CARDROOM_FAST_PATHS`` off). Composed by the fast path of a hand's fee
(``games.services.hand_fee_sql``) with rake's fee record (``rake.services.fee_sql``) into one
statement (``config.statements``); differential test: ``tests/games/test_fee_posted_in_two_statements.py``.

One read (``fee_posting``): the chips outstanding by denomination and the table's drop box and tray
with their balance rows, from which the ledger's own arithmetic (``change.fee_chips``,
``fees.fee_legs``) makes the legs the twin posts: the players' chips exactly, or with change from
the tray. Then the part (``FEE_POSTING``), in the composed write: the balance rows locked in
primary-key order, and, when every part's rules hold, the journal entry, its legs and the balances
moved.

Rules restated here: no entry in a closed gaming day (``ledger.selectors.days``); one entry per
(reason, ref); balances never below zero, the rows locked in primary-key order (as
``ledger.services.balance_sql``); the legs in the order given, in the room's currency. Whatever
this path does not cover (no chips outstanding account, a drop box or tray without a balance row
for a chip, no tray when change is needed, chips that cannot make up the fee) is left to the twin,
which creates what is missing or refuses with its message. Table and column names come from the
models' ``_meta`` (``config.db.sql_text``); every value, the kinds and reason among them, is a
parameter.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from django.contrib.auth.models import User

from config.db import prepared_cursor, sql_text
from config.gaming_day import gaming_day_of
from config.statements import Bound, Part, Refusal
from ledger.models import Account, AccountKind, Balance, Denomination, GamingDayClose, JournalEntry, Leg, Reason
from ledger.services.accounts import table_account
from ledger.services.change import fee_chips
from ledger.services.entry_sql import ENTRY_COLUMNS, LEGS_CTE, legs_params
from ledger.services.fees import fee_legs
from ledger.services.posting import LegSpec
from rooms.models import Room

# The table's room's chips outstanding (the players' chips), the table's drop box and its tray (for change),
# the first of each kind as ``singleton_accounts`` and ``table_account`` take them, with their chip
# balance rows.
_PLACES_SQL = sql_text(
    """
WITH places AS (
    (SELECT {Account.id} AS id, {Account.kind} AS kind FROM {Account}
        WHERE {Account.room} = %(room)s::bigint AND {Account.kind} = %(outstanding)s ORDER BY {Account.id} LIMIT 1)
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
STATEMENTS = (_PLACES_SQL,)

# ``balances_locked`` is materialized, and read by the verdict's last rule, so the balance rows are
# locked (in primary-key order) before their amounts are judged, and the latest committed amounts are
# judged, as ``ledger.services.balance_sql`` does. The hand recorder's transaction holds its room's day
# lock before this statement starts (the hand's row took it, ``config.triggers``), so a close of the
# room's day either committed first and is seen here or waits for this transaction; a close that slipped
# in all the same is refused by the journal's own trigger (``ledger.models.entries``). An entry is posted only with legs
# (``entry_posted``): a fee of zero posts none, and none of the ledger's rules apply to it.
FEE_POSTING = Part(
    owner="ledger",
    defines=("balances_locked", "balance_changes", "entry", "leg_list", "legs", "moved"),
    checks=sql_text(
        """balances_locked AS MATERIALIZED (
    SELECT {Balance.id} AS id, {Balance.amount} AS amount FROM {Balance}
    WHERE {Balance.id} = ANY(%(balance_ids)s::bigint[]) ORDER BY {Balance.id} FOR UPDATE
), balance_changes AS (
    SELECT * FROM unnest(%(balance_ids)s::bigint[], %(balance_deltas)s::bigint[]) AS given(row_id, delta)
)""",
        Balance=Balance,
    ),
    refusals=(
        Refusal(
            "gaming_day_closed",
            sql_text(
                "%(entry_posted)s::boolean AND EXISTS ("
                "SELECT FROM {Close} WHERE {Close.room} = %(entry_room)s::bigint "
                "AND {Close.gaming_day} = %(entry_day)s::date)",
                Close=GamingDayClose,
            ),
        ),
        Refusal(
            "already_posted",
            sql_text(
                # ref <> '': the partial unique index's condition, for the prepared statement's generic plan
                "%(entry_posted)s::boolean AND EXISTS (SELECT FROM {Entry} WHERE {Entry.reason} = %(entry_reason)s "
                "AND {Entry.ref} = %(entry_ref)s AND {Entry.ref} <> '')",
                Entry=JournalEntry,
            ),
        ),
        Refusal(
            "insufficient_balance",
            "EXISTS (SELECT FROM balances_locked JOIN balance_changes ON balance_changes.row_id = balances_locked.id "
            "WHERE balances_locked.amount + balance_changes.delta < 0)",
        ),
    ),
    writes=sql_text(
        """entry AS (
    INSERT INTO {Entry} ("""
        + ENTRY_COLUMNS
        + """)
    SELECT %(entry_room)s::bigint, %(entry_reason)s, %(entry_day)s::date, %(entry_memo)s, %(entry_ref)s, NULL,
        %(entry_at)s::timestamptz,
        %(entry_actor)s::integer
    FROM verdict WHERE verdict.outcome = 'ok' AND %(entry_posted)s::boolean
    RETURNING {Entry.id} AS id
), """
        + LEGS_CTE
        + """, moved AS (
    UPDATE {Balance} b SET {Balance.amount} = balances_locked.amount + balance_changes.delta
    FROM balances_locked JOIN balance_changes ON balance_changes.row_id = balances_locked.id
    WHERE b.{Balance.id} = balances_locked.id AND EXISTS (SELECT FROM entry)
)""",
        Entry=JournalEntry,
        Leg=Leg,
        Balance=Balance,
    ),
    returns="entry",
)


def fee_posting(*, actor: User, room: Room, table_id: int, amount: int, ref: str, at: datetime) -> Bound | None:
    """``FEE_POSTING`` bound to post a fee of ``amount`` collected at ``table_id`` of ``room`` at ``at``, reason fee,
    document ``ref``, with the legs ``fee_to_drop_box`` posts; an amount of 0 posts nothing.

    None when the twin must post it: an account or balance row to create, or chips that do not make
    up the fee (its refusal says which). A table's first fee creates its drop box here (with a balance
    row for every chip, as ``table_account`` does) and posts as every later fee does.
    """
    legs: tuple[list[LegSpec], dict[int, int]] | None = _legs(room.pk, table_id, amount) if amount else ([], {})
    if legs is None:
        return None
    spec, deltas = legs
    return FEE_POSTING.bind(
        {
            "entry_posted": bool(spec),
            "entry_room": room.pk,
            "entry_reason": Reason.FEE.value,
            "entry_day": gaming_day_of(at, room=room),
            "entry_memo": f"table {table_id}",
            "entry_ref": ref,
            "entry_at": at,
            "entry_actor": actor.pk,
            "balance_ids": sorted(deltas),
            "balance_deltas": [deltas[pk] for pk in sorted(deltas)],
            **legs_params(spec, currency=room.currency),
        }
    )


def _legs(
    room_id: int, table_id: int, amount: int, *, box_created: bool = False
) -> tuple[list[LegSpec], dict[int, int]] | None:
    """The fee's legs and the change of each balance row, or None.

    The legs are the ledger's own (``change.fee_chips``, ``fees.fee_legs``): chips outstanding ->
    drop box, or, when the players' chips cannot make the fee up exactly, with change from the tray.
    """
    with prepared_cursor() as cursor:
        cursor.execute(
            _PLACES_SQL,
            {
                "room": room_id,
                "table": table_id,
                "outstanding": AccountKind.OUTSTANDING.value,
                "drop_box": AccountKind.DROP_BOX.value,
                "tray": AccountKind.TRAY.value,
            },
        )
        rows = cursor.fetchall()
    accounts: dict[str, int] = {}
    chips: dict[str, dict[int, tuple[int, int]]] = {AccountKind.OUTSTANDING: {}, AccountKind.TRAY: {}}
    row_ids: dict[tuple[int, int], int] = {}
    for account_id, kind, balance_id, denomination_id, value, held in rows:
        accounts[kind] = account_id
        if balance_id is None:
            continue
        row_ids[(account_id, denomination_id)] = balance_id
        if kind in chips and held > 0:
            chips[kind][denomination_id] = (value, held)
    if AccountKind.OUTSTANDING not in accounts:
        return None
    if AccountKind.DROP_BOX not in accounts:
        if box_created:
            return None
        table_account(table_id=table_id, kind=AccountKind.DROP_BOX)
        return _legs(room_id, table_id, amount, box_created=True)
    tray = accounts.get(AccountKind.TRAY)
    made = fee_chips(amount, chips[AccountKind.OUTSTANDING], chips[AccountKind.TRAY] if tray else None)
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
