"""Chip sales (buy-ins) and redemptions (cash-outs) at the cashier's own open drawer."""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.models import AccountKind, Balance, ChipTransaction, DrawerShift, PaymentMethod, Reason, TransactionKind
from cashier.services.accounts import singleton_accounts
from cashier.services.chips import check_total, chip_amounts
from cashier.services.drawers import own_open_shift_take_receipt
from cashier.services.ledger import (
    LegSpec,
    balances_apply,
    cash_legs,
    check_legs,
    chip_legs,
    entry_insert,
    greedy_breakdown,
)
from cashier.services.tx import run_atomic
from cashier.tasks import large_cash_check
from config.errors import DomainError, NotFound
from config.gaming_day import gaming_day_of
from config.money import check_minor, format_money
from config.tasks import send_on_commit
from tables.models import Player
from tables.services import check_player_not_expelled


def check_customer(*, player_id: int | None, amount: int) -> None:
    """A registered player not under an expulsion, or an anonymous customer within the limit."""
    if player_id is None:
        limit = settings.CARDROOM_ANONYMOUS_SALE_LIMIT
        if amount > limit:
            raise DomainError(
                _("Above %(limit)s the customer must be identified from the player registry.")
                % {"limit": format_money(limit, currency=True)},
                code="player_required",
                limit=limit,
            )
        return
    if not Player.objects.filter(pk=player_id).exists():
        raise NotFound(_("There is no player %(id)s in the registry.") % {"id": player_id})
    check_player_not_expelled(player_id=player_id)


def chip_sale_create(
    *, actor: User, amount: int, method: str, chips: Mapping[int, int], player_id: int | None = None
) -> ChipTransaction:
    """Sell chips from the actor's own open drawer: cash into the drawer (or card clearing), chips to the player."""
    check_minor(amount)
    if method not in PaymentMethod.values:
        raise DomainError(_("Payment method %(m)r is not cash or card.") % {"m": method}, code="bad_method")
    amounts = chip_amounts(chips)
    check_total(amounts, amount)
    check_customer(player_id=player_id, amount=amount)

    values = {d: a // chips[d] for d, a in amounts.items()}

    def work() -> ChipTransaction:
        shift_id, drawer, receipt_no = own_open_shift_take_receipt(actor)
        ids = singleton_accounts(AccountKind.OUTSTANDING, AccountKind.CASH_EXTERNAL, AccountKind.CARD_CLEARING)
        cash_in = ids[AccountKind.CARD_CLEARING] if method == PaymentMethod.CARD else drawer
        legs = chip_legs(source=drawer, target=ids[AccountKind.OUTSTANDING], amounts=amounts)
        legs += cash_legs(source=ids[AccountKind.CASH_EXTERNAL], target=cash_in, amount=amount)
        return _receipt(
            actor=actor,
            shift=(shift_id, drawer, receipt_no),
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
    check_customer(player_id=player_id, amount=total)

    values = {d: a // chips[d] for d, a in amounts.items()}

    def work() -> ChipTransaction:
        shift_id, drawer, receipt_no = own_open_shift_take_receipt(actor)
        ids = singleton_accounts(AccountKind.OUTSTANDING, AccountKind.CASH_EXTERNAL)
        legs = chip_legs(source=ids[AccountKind.OUTSTANDING], target=drawer, amounts=amounts)
        legs += cash_legs(source=drawer, target=ids[AccountKind.CASH_EXTERNAL], amount=total)
        return _receipt(
            actor=actor,
            shift=(shift_id, drawer, receipt_no),
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
    shift: tuple[int, int, int],
    kind: TransactionKind,
    method: str,
    amount: int,
    player_id: int | None,
    legs: list[LegSpec],
    values: dict[int, int],
) -> ChipTransaction:
    """Insert entry, legs and receipt first; the balance rows are locked last so they are held briefly.

    The caller holds the shift's row lock (``shift`` = id, drawer account, receipt
    number taken under it), which makes the receipt number gap-free.
    """
    shift_id, drawer, receipt_no = shift
    check_legs(legs, values=values)
    now = timezone.now()
    reason = Reason.SALE if kind == TransactionKind.SALE else Reason.REDEMPTION
    entry = entry_insert(actor=actor, reason=reason, legs=legs, memo=f"receipt {shift_id}-{receipt_no:04d}", at=now)
    txn = ChipTransaction.objects.create(
        kind=kind,
        method=method,
        shift_id=shift_id,
        receipt_no=receipt_no,
        player_id=player_id,
        amount=amount,
        gaming_day=gaming_day_of(now),
        entry=entry,
        created_at=now,
        created_by=actor,
    )
    balances_apply(legs)
    # The receipt's chips, so the response needs no query (read by apis.serializers.TransactionOut).
    txn.fresh_chips = [  # type: ignore[attr-defined]
        (leg.denomination_id, values[leg.denomination_id], abs(leg.amount))
        for leg in legs
        if leg.account_id == drawer and leg.denomination_id is not None
    ]
    if player_id is not None and method == PaymentMethod.CASH:
        send_on_commit(large_cash_check, txn.pk)
    return txn


def breakdown_propose(*, shift: DrawerShift, amount: int) -> tuple[dict[int, int], int]:
    """Largest chips first from what the drawer holds: (``{denomination_id: count}``, amount left uncovered)."""
    check_minor(amount)
    rows = Balance.objects.filter(
        account_id=shift.account_id, denomination__isnull=False, denomination__active=True, amount__gt=0
    ).values_list("denomination_id", "denomination__value", "amount")
    return greedy_breakdown(amount, {d: (v, a) for d, v, a in rows if d is not None})
