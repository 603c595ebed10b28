"""Reads for the cashier's pages, reports and exports."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext as _

from cashier.models import (
    ChipTransaction,
    CountKind,
    DrawerShift,
    PaymentMethod,
    ShiftStatus,
    Slip,
    SlipStatus,
    TransactionKind,
    TrayCount,
)
from config.errors import NotFound
from config.roles import Role, has_any_role
from ledger.models import AccountKind, Balance, JournalEntry, Reason
from rooms.selectors import room_ids_of

READ_ALL = (Role.ACCOUNTANT,)


def reads_everything(user: AbstractBaseUser | AnonymousUser) -> bool:
    return has_any_role(user, READ_ALL)


def transactions_for_user(user: AbstractBaseUser | AnonymousUser) -> QuerySet[ChipTransaction]:
    """Accountants see every receipt of the rooms they work in; a cashier only those of their own shifts
    there."""
    qs = ChipTransaction.objects.select_related(
        "shift__drawer__room", "player", "created_by", "entry__reversed_by"
    ).filter(shift__drawer__room_id__in=room_ids_of(user))
    return qs if reads_everything(user) else qs.filter(shift__cashier_id=user.pk)


def transaction_get_for_user(user: AbstractBaseUser | AnonymousUser, pk: int) -> ChipTransaction:
    txn = transactions_for_user(user).filter(pk=pk).first()
    if txn is None:
        raise NotFound(_("There is no receipt %(pk)s you may read.") % {"pk": pk})
    return txn


def shifts_for_user(user: AbstractBaseUser | AnonymousUser) -> QuerySet[DrawerShift]:
    """The drawer shifts of the rooms ``user`` works in: all of them for an accountant or a floor manager,
    a cashier's own otherwise."""
    qs = DrawerShift.objects.select_related("drawer__room", "cashier", "supervisor").filter(
        drawer__room_id__in=room_ids_of(user)
    )
    if reads_everything(user) or has_any_role(user, [Role.FLOOR_MANAGER]):
        return qs
    return qs.filter(cashier_id=user.pk)


def shift_get_for_user(user: AbstractBaseUser | AnonymousUser, pk: int) -> DrawerShift:
    shift = shifts_for_user(user).filter(pk=pk).first()
    if shift is None:
        raise NotFound(_("There is no drawer shift %(pk)s you may read.") % {"pk": pk})
    return shift


def open_shift_of(user: AbstractBaseUser | AnonymousUser) -> DrawerShift | None:
    if not user.is_authenticated:
        return None
    return (
        DrawerShift.objects.select_related("drawer")
        .filter(cashier_id=user.pk)
        .exclude(status=ShiftStatus.CLOSED)
        .first()
    )


def receipt_chips(txn: ChipTransaction) -> list[tuple[int, int, int]]:
    """(denomination value, count, amount) handed out or taken in, largest chip first."""
    rows = txn.entry.legs.filter(account_id=txn.shift.account_id, denomination__isnull=False).values_list(
        "denomination__value", "amount"
    )
    out = [(value, abs(amount) // value, abs(amount)) for value, amount in rows]
    return sorted(out, reverse=True)


@dataclass
class ShiftReport:
    shift: DrawerShift
    sales_cash: int = 0
    sales_card: int = 0
    redemptions: int = 0
    receipts: int = 0
    fills: int = 0
    credits: int = 0
    opening: list[Any] = field(default_factory=list)
    closing: list[Any] = field(default_factory=list)


def shift_report(shift: DrawerShift) -> ShiftReport:
    report = ShiftReport(shift=shift)
    sums = shift.transactions.filter(entry__reversed_by__isnull=True).aggregate(
        sales_cash=Sum("amount", filter=Q(kind=TransactionKind.SALE, method=PaymentMethod.CASH), default=0),
        sales_card=Sum("amount", filter=Q(kind=TransactionKind.SALE, method=PaymentMethod.CARD), default=0),
        redemptions=Sum("amount", filter=Q(kind=TransactionKind.REDEMPTION), default=0),
        receipts=Count("pk"),
    )
    report.sales_cash, report.sales_card = sums["sales_cash"], sums["sales_card"]
    report.redemptions, report.receipts = sums["redemptions"], sums["receipts"]
    slips = shift.slips.exclude(status=SlipStatus.VOID).aggregate(
        fills=Sum("amount", filter=Q(kind="fill"), default=0), credits=Sum("amount", filter=Q(kind="credit"), default=0)
    )
    report.fills, report.credits = slips["fills"], slips["credits"]
    for count in shift.counts.prefetch_related("lines__denomination"):
        target = report.opening if count.kind == CountKind.OPENING else report.closing
        target.extend(count.lines.all())
    return report


@dataclass
class CageSummary:
    day: date
    by_reason: list[dict[str, Any]]
    sales_cash: int
    sales_card: int
    redemptions: int
    receipts: int
    fills: int
    credits: int
    shifts: list[DrawerShift]
    vault_cash: int
    vault_chips: int
    outstanding: int


def cage_summary(day: date, *, room_id: int) -> CageSummary:
    """A room's cage on one of its gaming days: its entries by reason, receipts, slips, vault and chips out."""
    by_reason: list[dict[str, Any]] = [
        {**row, "label": Reason(row["reason"]).label}
        for row in JournalEntry.objects.filter(room_id=room_id, gaming_day=day)
        .values("reason")
        .annotate(entries=Count("pk", distinct=True))
        .order_by("reason")
    ]
    txns = ChipTransaction.objects.filter(
        shift__drawer__room_id=room_id, gaming_day=day, entry__reversed_by__isnull=True
    ).aggregate(
        sales_cash=Sum("amount", filter=Q(kind=TransactionKind.SALE, method=PaymentMethod.CASH), default=0),
        sales_card=Sum("amount", filter=Q(kind=TransactionKind.SALE, method=PaymentMethod.CARD), default=0),
        redemptions=Sum("amount", filter=Q(kind=TransactionKind.REDEMPTION), default=0),
        receipts=Count("pk"),
    )
    slips = Slip.objects.filter(room_id=room_id, status=SlipStatus.RECEIVED, receive_entry__gaming_day=day).aggregate(
        fills=Sum("amount", filter=Q(kind="fill"), default=0), credits=Sum("amount", filter=Q(kind="credit"), default=0)
    )
    balances = Balance.objects.filter(
        account__room_id=room_id, account__kind__in=[AccountKind.VAULT, AccountKind.OUTSTANDING]
    ).aggregate(
        vault_cash=Sum("amount", filter=Q(account__kind=AccountKind.VAULT, denomination__isnull=True), default=0),
        vault_chips=Sum("amount", filter=Q(account__kind=AccountKind.VAULT, denomination__isnull=False), default=0),
        outstanding=Sum("amount", filter=Q(account__kind=AccountKind.OUTSTANDING), default=0),
    )
    return CageSummary(
        day=day,
        by_reason=by_reason,
        shifts=list(
            DrawerShift.objects.filter(drawer__room_id=room_id, gaming_day=day).select_related(
                "drawer", "cashier", "supervisor"
            )
        ),
        **txns,
        **slips,
        **balances,
    )


def slips_log(*, room_ids: Collection[int], year: int | None = None) -> QuerySet[Slip]:
    """The slips of the rooms ``room_ids``, newest first."""
    qs = (
        Slip.objects.filter(room_id__in=room_ids)
        .select_related(
            "room", "table", "created_by", "issued_by", "received_by", "void_requested_by", "void_confirmed_by"
        )
        .order_by("-pk")
    )
    return qs.filter(year=year) if year else qs


def tray_counts_log(*, room_ids: Collection[int]) -> QuerySet[TrayCount]:
    """The tray counts of the tables of ``room_ids``, newest first."""
    return (
        TrayCount.objects.select_related("table", "created_by", "signed_by")
        .filter(table__room_id__in=room_ids)
        .order_by("-pk")
    )


def slip_get_for_print(pk: int, *, room_ids: Collection[int]) -> Slip:
    """A slip of the rooms ``room_ids`` with its lines and signers; every slip role reads every slip of its
    rooms (the floor and the cage sign them). Another room's slip is not found."""
    slip = slips_log(room_ids=room_ids).prefetch_related("lines__denomination").filter(pk=pk).first()
    if slip is None:
        raise NotFound(_("There is no slip %(pk)s.") % {"pk": pk})
    return slip
