"""Balance rows: the legs of an entry added to what each tracked place holds, never below zero.

Balance rows are the last locks a posting takes, in primary-key order (the
lock order of the cashier is in ``drawers``). On PostgreSQL one statement
locks the rows and applies every change; elsewhere each row is one ``F()``
update.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.db import connection
from django.db.models import F
from django.utils.translation import gettext as _

from cashier.models import Account, Balance
from cashier.services.accounts import balance_rows_create
from cashier.services.memory import remember
from config.db import prepared_cursor
from config.errors import DomainError
from config.money import format_money

if TYPE_CHECKING:
    from cashier.services.ledger import LegSpec

type Key = tuple[int, int | None]  # (account id, denomination id or None for cash)

# (account, denomination) -> balance row id, or None for an account that keeps no balance
# rows (the outside world), as committed transactions read them (``memory.remember``): rows
# are only ever added and an account's kind never changes. A refusal forgets its keys.
_ROWS: dict[Key, int | None] = {}

# Lock first, in primary-key order, then change. A row is changed only after the CTE has
# locked it (the join needs its ``locked`` row), so the rows are locked in id order whatever
# plan runs the UPDATE. ``locked.amount`` is the latest committed balance, read under the lock
# (READ COMMITTED re-reads a row it had to wait for) and unchangeable by anyone else until
# COMMIT, so the new balance is computed and checked from it rather than from the statement's
# snapshot: a decrease waits for a concurrent increase of the same row and counts it (the
# snapshot's older amount would be refused, or fail the CHECK constraint, which PostgreSQL
# tests before it sees the concurrent update). A row the change would take below zero is
# left as it is, missing from RETURNING.
_APPLY_SQL = """
WITH locked AS MATERIALIZED (
    SELECT id, amount FROM cashier_balance WHERE id = ANY(%(ids)s::bigint[]) ORDER BY id FOR UPDATE
)
UPDATE cashier_balance b SET amount = locked.amount + change.delta
FROM locked JOIN unnest(%(ids)s::bigint[], %(deltas)s::bigint[]) AS change(id, delta) ON change.id = locked.id
WHERE b.id = locked.id AND locked.amount + change.delta >= 0
RETURNING b.id
"""


def balances_apply(legs: Sequence[LegSpec]) -> None:
    """Add the legs to the balance rows of tracked accounts, in primary-key order.

    The caller holds the transaction. A decrease is conditional (``amount + delta >= 0``)
    on the latest committed balance, read under the row lock, so two cashiers selling the
    last chips cannot both succeed; the loser is refused with ``insufficient_balance``.
    Missing rows are inserted first (ON CONFLICT DO NOTHING), before any row is locked.
    """
    deltas: dict[Key, int] = defaultdict(int)
    for leg in legs:
        deltas[(leg.account_id, leg.denomination_id)] += leg.amount
    deltas = {k: v for k, v in deltas.items() if v}
    if not deltas:
        return
    rows = _row_ids(deltas)
    changes = sorted((pk, deltas[key]) for key, pk in rows.items() if pk is not None)
    if not changes:
        return
    if connection.vendor == "postgresql":
        with prepared_cursor() as cursor:
            cursor.execute(_APPLY_SQL, {"ids": [pk for pk, _d in changes], "deltas": [d for _pk, d in changes]})
            changed = {row[0] for row in cursor.fetchall()}
        refused = [(pk, delta) for pk, delta in changes if pk not in changed]
        if refused:
            for key in deltas:  # read afresh next time, should a row have gone
                _ROWS.pop(key, None)
            pk, delta = refused[0]
            _refuse_shortfall(pk, -delta)
        return
    for pk, delta in changes:
        if delta > 0:
            Balance.objects.filter(pk=pk).update(amount=F("amount") + delta)
        elif not Balance.objects.filter(pk=pk, amount__gte=-delta).update(amount=F("amount") + delta):
            _refuse_shortfall(pk, -delta)


def _row_ids(deltas: Mapping[Key, int]) -> dict[Key, int | None]:
    """The balance row id of each key (None: the account keeps no balance), creating missing rows."""
    try:
        return {key: _ROWS[key] for key in deltas}
    except KeyError:
        pass  # not all known yet
    rows, tracked = _balance_ids(deltas)
    missing = [key for key in deltas if key not in rows and key[0] in tracked]
    if missing:
        for account_id, denomination_id in missing:
            balance_rows_create(account_ids=[account_id], denomination_ids=[denomination_id])
        rows, tracked = _balance_ids(deltas)
    found: dict[Key, int | None] = {key: rows.get(key) for key in deltas if key in rows or key[0] not in tracked}
    remember(_ROWS, found)
    return found


def _balance_ids(deltas: Mapping[Key, int]) -> tuple[dict[Key, int], set[int]]:
    """The balance row ids for ``deltas``' keys, and which of their accounts are tracked (one query).

    Outside-world accounts are untracked and have no rows; a tracked account's
    missing row is one to create.
    """
    accounts = {a for a, _d in deltas}
    rows: dict[Key, int] = {}
    tracked: set[int] = set()
    for account_id, is_tracked, pk, d in Account.objects.filter(pk__in=accounts).values_list(
        "pk", "tracked", "balances__pk", "balances__denomination_id"
    ):
        if is_tracked:
            tracked.add(account_id)
        if pk is not None and (account_id, d) in deltas:
            rows[(account_id, d)] = pk
    return rows, tracked


def _refuse_shortfall(balance_id: int, needed: int) -> None:
    row = Balance.objects.select_related("account", "denomination").get(pk=balance_id)
    what = _("%(chip)s chips") % {"chip": row.denomination} if row.denomination else _("cash")
    raise DomainError(
        _("%(place)s holds %(have)s in %(what)s; %(need)s needed.")
        % {"place": row.account.name, "have": format_money(row.amount), "what": what, "need": format_money(needed)},
        code="insufficient_balance",
        account=row.account.name,
        denomination=row.denomination.value if row.denomination else None,
        available=row.amount,
        needed=needed,
    )
