"""Reads of the ledger: balances of places and each room's invariants."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q, QuerySet, Sum

from ledger.models import INVENTORY_KINDS, Account, AccountKind, Balance, Denomination, JournalEntry, Leg


@dataclass
class PlaceBalance:
    """What one place holds: cash and chips by denomination (minor units)."""

    cash: int = 0
    chips: dict[int, int] = field(default_factory=dict)

    @property
    def chip_total(self) -> int:
        return sum(self.chips.values())

    @property
    def total(self) -> int:
        return self.cash + self.chip_total


def account_balance(account_id: int) -> PlaceBalance:
    place = PlaceBalance()
    # A cash row has no denomination (the stubs type the column as never null).
    rows: list[tuple[int | None, int]] = list(
        Balance.objects.filter(account_id=account_id).values_list("denomination_id", "amount")
    )
    for d, amount in rows:
        if d is None:
            place.cash = amount
        elif amount:
            place.chips[d] = amount
    return place


def denominations(*, room_id: int | None, largest_first: bool = False) -> QuerySet[Denomination]:
    """A room's chips in play, smallest first (as count and slip forms list them: largest first); none
    without a room."""
    if room_id is None:
        return Denomination.objects.none()
    return Denomination.objects.filter(room_id=room_id, active=True).order_by("-value" if largest_first else "value")


def chips_outstanding(*, room_id: int) -> list[tuple[Denomination, int]]:
    """A room's liability to players: chips sold and not yet redeemed (nor dropped as fees), by denomination."""
    amounts = dict(
        Balance.objects.filter(
            account__room_id=room_id, account__kind=AccountKind.OUTSTANDING, denomination__isnull=False
        ).values_list("denomination_id", "amount")
    )
    return [(d, amounts.get(d.pk, 0)) for d in Denomination.objects.filter(room_id=room_id).order_by("value")]


def totals_by_kind(*, room_id: int) -> dict[str, dict[str, int]]:
    """A room's chips and cash per kind of place, summed from the legs (the ledger is the source of truth)."""
    out: dict[str, dict[str, int]] = {}
    rows = (
        Leg.objects.filter(account__room_id=room_id)
        .values("account__kind")
        .annotate(
            chips=Sum("amount", filter=Q(denomination__isnull=False), default=0),
            cash=Sum("amount", filter=Q(denomination__isnull=True), default=0),
        )
        .order_by()
    )
    for row in rows:
        out[row["account__kind"]] = {"chips": row["chips"], "cash": row["cash"]}
    return out


@dataclass(frozen=True)
class StaleBalance:
    """A balance row that disagrees with the legs it is kept from: the row (``None`` when the legs have
    no row at all), its place and denomination, what the row says and what the legs add up to."""

    balance_id: int | None
    account_id: int
    denomination_id: int | None
    recorded: int
    from_legs: int


@dataclass
class LedgerCheck:
    unbalanced_entries: list[int]
    negative_balances: list[int]
    stale_balances: list[StaleBalance]
    chips_in_room: int
    chips_issued: int
    chip_over_short: int

    @property
    def ok(self) -> bool:
        return (
            not self.unbalanced_entries
            and not self.negative_balances
            and not self.stale_balances
            and self.chips_in_room == self.chips_issued - self.chip_over_short
        )


def ledger_check(*, room_id: int) -> LedgerCheck:
    """A room's invariants: every entry nets to zero per (currency, denomination);
    no inventory is negative; balance rows equal the sums of their legs (each row that does
    not is named); cage + trays + drop boxes + chips outstanding == chips issued to the room
    (less any counted shortage)."""
    legs = Leg.objects.filter(entry__room_id=room_id)
    unbalanced = sorted(
        {
            row["entry_id"]
            for row in legs.values("entry_id", "currency", "denomination_id")
            .annotate(total=Sum("amount"))
            .exclude(total=0)
            .order_by()
        }
        | set(JournalEntry.objects.filter(room_id=room_id, legs__isnull=True).values_list("pk", flat=True))
        # a leg of this room's place in another room's entry: posting refuses it, this names it if ever found
        | set(
            Leg.objects.filter(account__room_id=room_id)
            .exclude(entry__room_id=room_id)
            .values_list("entry_id", flat=True)
        )
    )
    balances = Balance.objects.filter(account__room_id=room_id)
    negative = list(balances.filter(amount__lt=0).values_list("pk", flat=True))
    sums = {
        (r["account_id"], r["denomination_id"]): r["total"]
        for r in Leg.objects.filter(account__room_id=room_id, account__tracked=True)
        .values("account_id", "denomination_id")
        .annotate(total=Sum("amount"))
        .order_by()
    }
    stale: list[StaleBalance] = []
    rows = balances.values_list("pk", "account_id", "denomination_id", "amount").order_by("pk")
    for pk, account_id, d, amount in rows:
        from_legs = sums.pop((account_id, d), 0)
        if from_legs != amount:
            stale.append(StaleBalance(pk, account_id, d, amount, from_legs))
    stale += [StaleBalance(None, a, d, 0, total) for (a, d), total in sorted(sums.items(), key=str) if total]
    kinds = totals_by_kind(room_id=room_id)
    in_room = sum(kinds.get(k, {}).get("chips", 0) for k in INVENTORY_KINDS)
    return LedgerCheck(
        unbalanced_entries=unbalanced,
        negative_balances=negative,
        stale_balances=stale,
        chips_in_room=in_room,
        chips_issued=-kinds.get(AccountKind.CHIP_ISSUE, {}).get("chips", 0),
        chip_over_short=kinds.get(AccountKind.OVER_SHORT, {}).get("chips", 0),
    )


@dataclass(frozen=True)
class StaleBalanceShown:
    """A stale balance row with its place and chip, for a page."""

    row: StaleBalance
    account: Account
    denomination: Denomination | None


def stale_balances_shown(check: LedgerCheck) -> list[StaleBalanceShown]:
    accounts = Account.objects.in_bulk({s.account_id for s in check.stale_balances})
    chips = Denomination.objects.in_bulk({s.denomination_id for s in check.stale_balances if s.denomination_id})
    return [
        StaleBalanceShown(s, accounts[s.account_id], chips.get(s.denomination_id) if s.denomination_id else None)
        for s in check.stale_balances
    ]


def chips_by_kind(*, room_id: int) -> dict[str, dict[int, int]]:
    """A room's chips in each kind of place that holds them, by denomination id (minor units), from the balance
    rows the postings keep."""
    out: dict[str, dict[int, int]] = {}
    rows = (
        Balance.objects.filter(account__room_id=room_id, denomination__isnull=False, amount__gt=0)
        .values("account__kind", "denomination_id")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    for row in rows:
        out.setdefault(row["account__kind"], {})[row["denomination_id"]] = row["total"]
    return out
