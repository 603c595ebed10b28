"""Balance rows: the legs of an entry added to what each tracked place holds, never below zero.

Balance rows are the last locks a posting takes, in primary-key order (the
lock order of the cage is in ``cashier.services.drawers``). With the fast paths
one statement locks the rows and applies every change (``balance_sql``);
its ORM twin here updates each row with one ``F()`` update.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.db.models import F
from django.utils.translation import gettext as _

from config.db import fast_paths
from config.errors import DomainError
from config.money import format_money
from ledger.models import Account, Balance
from ledger.services.accounts import balance_rows_create
from ledger.services.balance_sql import balances_apply_sql
from ledger.services.memory import remember

if TYPE_CHECKING:
    from ledger.services.posting import LegSpec

type Key = tuple[int, int | None]  # (account id, denomination id or None for cash)

# (account, denomination) -> balance row id, or None for an account that keeps no balance
# rows (the outside world), as committed transactions read them (``memory.remember``): rows
# are only ever added and an account's kind never changes. A refusal forgets its keys.
_ROWS: dict[Key, int | None] = {}


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
    if fast_paths():
        changed = balances_apply_sql(changes)
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
