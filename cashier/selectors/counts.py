"""A drawer shift's counts side by side: opening, movements, expected, counted, difference.

The closing count is blind: while the shift is open its own cashier is shown
the opening bank only (``blind``), and the ledger's expected bank appears once
the closing count is recorded. Every active chip is a row, counted zero or not,
so that a missing row never hides a chip that should have been there.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from cashier.models import CountKind, DrawerCountLine, DrawerShift, ShiftStatus
from ledger.models import Balance, Denomination
from ledger.selectors.balances import PlaceBalance, account_balance


@dataclass(frozen=True)
class CountRow:
    denomination: Denomination | None  # None: cash
    opening: int
    expected: int | None  # None until the ledger's figure may be shown
    counted: int | None  # None until the closing count is recorded

    @property
    def movements(self) -> int | None:
        """Net in (+) or out (−) of the drawer during the shift, by the ledger."""
        return None if self.expected is None else self.expected - self.opening

    @property
    def difference(self) -> int | None:
        return None if self.expected is None or self.counted is None else self.counted - self.expected

    @property
    def chips(self) -> int | None:
        """How many chips were counted, for a chip row."""
        if self.denomination is None or self.counted is None:
            return None
        return self.counted // self.denomination.value


@dataclass(frozen=True)
class CountTable:
    rows: list[CountRow]
    blind: bool  # the shift's own cashier, before the closing count: no expected figure
    counted: bool  # the closing count is recorded

    def _total(self, name: str) -> int | None:
        values = [getattr(row, name) for row in self.rows]
        return None if any(v is None for v in values) else sum(values)

    @property
    def totals(self) -> CountRow:
        opening = self._total("opening") or 0
        return CountRow(
            denomination=None, opening=opening, expected=self._total("expected"), counted=self._total("counted")
        )


def is_blind(shift: DrawerShift, user: AbstractBaseUser | AnonymousUser) -> bool:
    """The shift's own cashier before the closing count sees no expected figure (controls: counts)."""
    return shift.status == ShiftStatus.OPEN and shift.cashier_id == user.pk


def shift_count_table(shift: DrawerShift, *, blind: bool) -> CountTable:
    """The rows of the shift report, cash last; three queries."""
    lines = DrawerCountLine.objects.filter(count__shift=shift).values_list(
        "count__kind", "denomination_id", "counted", "expected"
    )
    opening: dict[int | None, int] = {}
    closing: dict[int | None, tuple[int, int]] = {}
    for kind, denomination_id, line_counted, line_expected in lines:
        if kind == CountKind.OPENING:
            opening[denomination_id] = line_counted
        else:
            closing[denomination_id] = (line_counted, line_expected or 0)
    is_counted = shift.status != ShiftStatus.OPEN and bool(closing)
    live: dict[int | None, int] = {}
    if not is_counted and not blind:
        # A supervisor looking at an open drawer sees what the ledger holds now.
        live = dict(Balance.objects.filter(account_id=shift.account_id).values_list("denomination_id", "amount"))
    seen = set(opening) | set(closing) | set(live)
    denominations = Denomination.objects.filter(
        Q(room_id=shift.drawer.room_id, active=True) | Q(pk__in=seen - {None})
    ).order_by("-value")
    rows = []
    for key in [*denominations, None]:
        pk = key.pk if key is not None else None
        expected: int | None = None
        counted: int | None = None
        if is_counted:
            counted, expected = closing.get(pk, (0, 0))
        elif not blind:
            expected = live.get(pk, 0)
        rows.append(CountRow(denomination=key, opening=opening.get(pk, 0), expected=expected, counted=counted))
    return CountTable(rows=rows, blind=blind, counted=is_counted)


def shift_balance(shift: DrawerShift) -> PlaceBalance:
    """What the drawer of ``shift`` holds now, by the ledger."""
    return account_balance(shift.account_id)
