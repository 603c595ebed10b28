"""A completed hand's fee on PostgreSQL in two statements: what ``fees._hand_charge`` posts, at every hand.

The ORM path (``hand_fees_post``) runs about twenty statements with five
savepoints; a table deals a hand a minute and a room of 100 tables up to two
a second, so the common case is written as one read and one conditional
write. The read gives the chips outstanding by denomination and the table's
drop box and tray with their balance rows; the chips are the ledger's own
choice (``cashier.services.change.fee_chips``): the players' chips exactly,
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

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from cashier.models import AccountKind, Reason
from cashier.services.accounts import table_account
from cashier.services.change import fee_chips
from cashier.services.ledger import LEGS_CTE, LegSpec, fee_legs
from config.db import prepared_cursor
from config.gaming_day import gaming_day_of
from games.models import Hand
from rake.models import FeeKind, FeeSource
from rake.shifts import shift_in

# The room's chips outstanding (the players' chips), the table's drop box and its tray (for change),
# the first of each kind as ``singleton_accounts`` and ``table_account`` take them, with their chip
# balance rows.
_READ_SQL = """
SELECT a.id, a.kind, b.id, b.denomination_id, d.value, b.amount
FROM (
    (SELECT id, kind FROM cashier_account WHERE kind = 'outstanding' ORDER BY id LIMIT 1)
    UNION ALL
    (SELECT id, kind FROM cashier_account WHERE kind = 'drop_box' AND table_id = %(table)s::bigint ORDER BY id LIMIT 1)
    UNION ALL
    (SELECT id, kind FROM cashier_account WHERE kind = 'tray' AND table_id = %(table)s::bigint ORDER BY id LIMIT 1)
) a
LEFT JOIN cashier_balance b ON b.account_id = a.id AND b.denomination_id IS NOT NULL
LEFT JOIN cashier_denomination d ON d.id = b.denomination_id
"""

# ``verdict`` is taken after the balance rows are locked (``locked`` is materialized first) and reads
# their latest committed amounts, as ``cashier.services.balances`` does. Every write below is
# conditional on it, so a refusal writes nothing. The statement takes its table locks before its
# snapshot, so a gaming-day close holding SHARE locks on the journal and the fee records is either
# seen here or waits for this transaction (see rake.selectors.days).
_WRITE_SQL = f"""
WITH locked AS MATERIALIZED (
    SELECT id, amount FROM cashier_balance WHERE id = ANY(%(ids)s::bigint[]) ORDER BY id FOR UPDATE
), change AS (
    SELECT * FROM unnest(%(ids)s::bigint[], %(deltas)s::bigint[]) AS c(id, delta)
), verdict AS (
    SELECT CASE
        WHEN EXISTS (SELECT FROM rake_feecharge WHERE hand_id = %(hand)s::bigint AND reverses_id IS NULL)
            THEN 'posted'
        WHEN EXISTS (SELECT FROM rake_gamingdayclose WHERE gaming_day IN (%(day)s::date, %(entry_day)s::date))
            THEN 'gaming_day_closed'
        WHEN %(fee)s::bigint > 0 AND EXISTS (
            -- ref <> '': the partial unique index's condition, for the prepared statement's generic plan
            SELECT FROM cashier_journalentry WHERE reason = %(reason)s AND ref = %(ref)s AND ref <> '')
            THEN 'already_posted'
        WHEN EXISTS (SELECT FROM locked JOIN change USING (id) WHERE locked.amount + change.delta < 0)
            THEN 'insufficient_balance'
        ELSE 'ok' END AS outcome,
    CASE WHEN %(fee)s::bigint = 0 AND EXISTS (
        SELECT FROM rake_feepolicyversion WHERE id = %(policy)s::bigint AND kind = %(hourly)s)
        THEN %(hourly)s ELSE %(percentage)s END AS kind
), entry AS (
    INSERT INTO cashier_journalentry (reason, gaming_day, memo, ref, reverses_id, created_at, created_by_id)
    SELECT %(reason)s, %(entry_day)s::date, %(memo)s, %(ref)s, NULL, %(now)s::timestamptz, %(actor)s::integer
    FROM verdict WHERE outcome = 'ok' AND %(fee)s::bigint > 0
    RETURNING id
), {LEGS_CTE}, moved AS (
    UPDATE cashier_balance b SET amount = locked.amount + change.delta
    FROM locked JOIN change USING (id)
    WHERE b.id = locked.id AND EXISTS (SELECT FROM entry)
), charge AS (
    INSERT INTO rake_feecharge (
        created_at, created_by_id, source, kind, hand_id, time_charge_id, table_id, game_id, dealer_id,
        gaming_day, shift, hands, pots, fee, seconds, journal_entry_id, reverses_id)
    SELECT %(now)s::timestamptz, %(actor)s::integer, %(source)s, verdict.kind, %(hand)s::bigint, NULL,
        %(table)s::bigint, %(game)s::bigint, %(dealer)s::integer, %(day)s::date, %(shift)s::smallint, 1,
        %(pots)s::bigint, %(fee)s::bigint, 0, (SELECT id FROM entry), NULL
    FROM verdict WHERE outcome = 'ok'
    RETURNING kind
), summary AS (
    INSERT INTO rake_dailyfeesummary (
        gaming_day, shift, table_id, game_id, dealer_id, kind,
        hands, pots, fees, seconds, time_charges, expected, counted, variance)
    SELECT %(day)s::date, %(shift)s::smallint, %(table)s::bigint, COALESCE(%(game)s::bigint, 0),
        COALESCE(%(dealer)s::integer, 0), charge.kind, 1, %(pots)s::bigint, %(fee)s::bigint, 0, 0, 0, 0, 0
    FROM charge
    ON CONFLICT (gaming_day, shift, table_id, game_id, dealer_id, kind) DO UPDATE SET
        hands = rake_dailyfeesummary.hands + EXCLUDED.hands,
        pots = rake_dailyfeesummary.pots + EXCLUDED.pots,
        fees = rake_dailyfeesummary.fees + EXCLUDED.fees
)
SELECT outcome FROM verdict
"""


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
        "currency": settings.CARDROOM_CURRENCY,
        "source": FeeSource.HAND.value,
        "hourly": FeeKind.HOURLY.value,
        "percentage": FeeKind.PERCENTAGE.value,
    }
    legs: tuple[list[LegSpec], dict[int, int]] | None = _legs(hand) if hand.fee else ([], {})
    if legs is None:
        return None
    spec, deltas = legs
    params |= {
        "accounts": [leg.account_id for leg in spec],
        "denominations": [leg.denomination_id for leg in spec],
        "amounts": [leg.amount for leg in spec],
        "ids": sorted(deltas),
        "deltas": [deltas[pk] for pk in sorted(deltas)],
    }
    with prepared_cursor() as cursor:
        cursor.execute(_WRITE_SQL, params)
        (outcome,) = cursor.fetchone()
    return str(outcome)


def _legs(hand: Hand, *, box_created: bool = False) -> tuple[list[LegSpec], dict[int, int]] | None:
    """The fee's legs and the change of each balance row, or None.

    The legs are the ledger's own (``change.fee_chips``, ``ledger.fee_legs``): chips outstanding ->
    drop box, or, when the players' chips cannot make the fee up exactly, with change from the tray.
    """
    with prepared_cursor() as cursor:
        cursor.execute(_READ_SQL, {"table": hand.table_id})
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
