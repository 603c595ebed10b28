"""Chip sales (buy-ins) and redemptions (cash-outs) at the cashier's own open drawer.

Fast path (``config.db.fast_paths``): the receipt's insert, ``_INSERT_SQL``, one prepared statement
of every column. ORM twin: ``ChipTransaction.save``. Differential test:
``tests/cashier/test_sale_insert_writes_what_save_writes.py``. Rules it restates: the receipt's
columns and how each field prepares its value (``Field.get_db_prep_save``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import ChipTransaction, DrawerShift, PaymentMethod, TransactionKind
from cashier.services.drawers import TakenReceipt, own_open_shift_take_receipt
from config.db import fast_paths, prepared_cursor, sql_text
from config.errors import DomainError, NotFound
from config.money import check_minor, format_money
from config.services.outbox import send_on_commit
from config.transactions import run_atomic
from ledger.models import AccountKind, Balance, Reason
from ledger.services.balances import balances_apply
from ledger.services.change import greedy_breakdown
from ledger.services.chips import check_total, chip_amounts
from ledger.services.posting import LegSpec, cash_legs, check_legs, check_legs_in_room, chip_legs, entry_insert
from tables.models import Player
from tables.selectors import expulsions_active
from tables.selectors.players import check_player_in_register
from tables.services.players import check_player_not_expelled


def check_customer(*, receipt: TakenReceipt, player_id: int | None, amount: int) -> None:
    """A registered player (of the drawer's room's register, when each room keeps its own) not barred from the
    drawer's room, or an anonymous customer within that room's limit. Checked once the receipt is taken: the
    drawer's room comes with it, in the same statement."""
    if player_id is None:
        limit = receipt.anonymous_sale_limit
        if amount > limit:
            raise DomainError(
                _("Above %(limit)s the customer must be identified from the player registry.")
                % {"limit": format_money(limit, currency=True)},
                code="player_required",
                limit=limit,
            )
        return
    # One query on the way through; the refusal reads the expulsion again to name it.
    barred = Exists(expulsions_active().filter(player_id=OuterRef("pk")))
    player = Player.objects.filter(pk=player_id).annotate(barred=barred).only("pk", "room_id").first()
    if player is None:
        raise NotFound(_("There is no player %(id)s in the registry.") % {"id": player_id})
    # With a register per room, the drawer's room sells to its own register's players (403 not_your_room).
    check_player_in_register(player, room_id=receipt.room_id)
    if player.barred:
        check_player_not_expelled(player_id=player_id, room_id=receipt.room_id)


def chip_sale_create(
    *, actor: User, amount: int, method: str, chips: Mapping[int, int], player_id: int | None = None
) -> ChipTransaction:
    """Sell chips from the actor's own open drawer: cash into the drawer (or card clearing), chips to the player."""
    check_minor(amount)
    if method not in PaymentMethod.values:
        raise DomainError(_("Payment method %(m)r is not cash or card.") % {"m": method}, code="bad_method")
    amounts = chip_amounts(chips)
    check_total(amounts, amount)

    values = {d: a // chips[d] for d, a in amounts.items()}

    def work() -> ChipTransaction:
        cash_from = AccountKind.CARD_CLEARING if method == PaymentMethod.CARD else None
        receipt = own_open_shift_take_receipt(
            actor, [AccountKind.OUTSTANDING, AccountKind.CASH_EXTERNAL, *([cash_from] if cash_from else [])]
        )
        check_customer(receipt=receipt, player_id=player_id, amount=amount)
        ids, drawer = receipt.places, receipt.drawer
        cash_in = ids[cash_from] if cash_from else drawer
        legs = chip_legs(source=drawer, target=ids[AccountKind.OUTSTANDING], amounts=amounts)
        legs += cash_legs(source=ids[AccountKind.CASH_EXTERNAL], target=cash_in, amount=amount)
        return _receipt(
            actor=actor,
            receipt=receipt,
            kind=TransactionKind.SALE,
            method=method,
            amount=amount,
            player_id=player_id,
            legs=legs,
            values=values,
        )

    return run_atomic(work)


def chip_redemption_create(
    *, actor: User, chips: Mapping[int, int], amount: int | None = None, player_id: int | None = None
) -> ChipTransaction:
    """Take chips back into the actor's drawer and pay their value in cash; refused when the drawer lacks the cash."""
    amounts = chip_amounts(chips)
    total = sum(amounts.values())
    if amount is not None:
        check_minor(amount)
        check_total(amounts, amount)

    values = {d: a // chips[d] for d, a in amounts.items()}

    def work() -> ChipTransaction:
        receipt = own_open_shift_take_receipt(actor, [AccountKind.OUTSTANDING, AccountKind.CASH_EXTERNAL])
        check_customer(receipt=receipt, player_id=player_id, amount=total)
        ids, drawer = receipt.places, receipt.drawer
        legs = chip_legs(source=ids[AccountKind.OUTSTANDING], target=drawer, amounts=amounts)
        legs += cash_legs(source=drawer, target=ids[AccountKind.CASH_EXTERNAL], amount=total)
        return _receipt(
            actor=actor,
            receipt=receipt,
            values=values,
            kind=TransactionKind.REDEMPTION,
            method=PaymentMethod.CASH,
            amount=total,
            player_id=player_id,
            legs=legs,
        )

    return run_atomic(work)


def _receipt(
    *,
    actor: User,
    receipt: TakenReceipt,
    kind: TransactionKind,
    method: str,
    amount: int,
    player_id: int | None,
    legs: list[LegSpec],
    values: dict[int, int],
) -> ChipTransaction:
    """Insert entry, legs and receipt first; the balance rows are locked last so they are held briefly.

    The caller holds the shift's row lock (``receipt`` was taken under it), which
    makes the receipt number gap-free.
    """
    check_legs(legs, values=values)
    check_legs_in_room(legs, room_id=receipt.room_id)  # the chips handed in are the drawer's room's
    now = timezone.now()
    reason = Reason.SALE if kind == TransactionKind.SALE else Reason.REDEMPTION
    memo = f"receipt {receipt.shift_id}-{receipt.number:04d}"
    entry = entry_insert(actor=actor, room=receipt.room, reason=reason, legs=legs, memo=memo, at=now)
    txn = ChipTransaction(
        kind=kind,
        method=method,
        shift_id=receipt.shift_id,
        receipt_no=receipt.number,
        player_id=player_id,
        amount=amount,
        gaming_day=entry.gaming_day,
        entry=entry,
        created_at=now,
        created_by=actor,
    )
    _transaction_insert(txn)
    balances_apply(legs)
    # The receipt's chips, so the response needs no query (read by apis.serializers.TransactionOut).
    txn.fresh_chips = [  # type: ignore[attr-defined]
        (leg.denomination_id, values[leg.denomination_id], abs(leg.amount))
        for leg in legs
        if leg.account_id == receipt.drawer and leg.denomination_id is not None
    ]
    if player_id is not None and method == PaymentMethod.CASH:
        send_on_commit("cashier.tasks.large_cash_check", txn.pk)
    return txn


# Every column but the key, as ``save`` writes them (``tests/cashier/test_sale_insert_writes_what_save_writes.py``).
_INSERT_FIELDS = [f for f in ChipTransaction._meta.concrete_fields if not f.primary_key]
_INSERT_SQL = sql_text(
    "INSERT INTO {Txn} ("
    + ", ".join(str(connection.ops.quote_name(str(f.column))) for f in _INSERT_FIELDS)
    + ") VALUES ("
    + ", ".join(["%s"] * len(_INSERT_FIELDS))
    + ") RETURNING {Txn.id}",
    Txn=ChipTransaction,
)
STATEMENTS = (_INSERT_SQL,)


def _transaction_insert(txn: ChipTransaction) -> None:
    """``txn.save()``; as a fast path, one plain prepared statement: the ORM's insert costs more Python
    than the whole round trip."""
    if not fast_paths():
        txn.save(force_insert=True)
        return
    with prepared_cursor() as cursor:
        cursor.execute(_INSERT_SQL, [f.get_db_prep_save(f.pre_save(txn, True), connection) for f in _INSERT_FIELDS])
        (txn.pk,) = cursor.fetchone()
    txn._state.adding = False
    txn._state.db = connection.alias


def breakdown_propose(*, shift: DrawerShift, amount: int) -> tuple[dict[int, int], int]:
    """Largest chips first from what the drawer holds: (``{denomination_id: count}``, amount left uncovered)."""
    check_minor(amount)
    rows = Balance.objects.filter(
        account_id=shift.account_id, denomination__isnull=False, denomination__active=True, amount__gt=0
    ).values_list("denomination_id", "denomination__value", "amount")
    return greedy_breakdown(amount, {d: (v, a) for d, v, a in rows if d is not None})
