"""Pending hand fees as rake counts and shows them: the port the app that posts hand fees fills in.

A hand's fee the ledger refused is recorded as pending (``PendingFee``, rake's record) and
settled by the hand's fee record (``FeeCharge``) once it posts. Whether a pending fee still
counts depends on its hand (still complete, not voided or superseded), which rake does not read:
the app that deals hands and posts their fees registers the reads and the posting at start-up
(``games.apps`` with ``games.selectors.hand_fees`` and ``games.services.hand_fees``). The day
close, the list of gaming days and the fee pages read through the functions here; the post button
writes through ``rake.services.pending``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Protocol

from django.contrib.auth.models import AnonymousUser, User

from config.roles import Role

if TYPE_CHECKING:
    from rake.models import FeeCharge

# Who posts a pending fee (after a fill to the tray, say): the floor, and the office that closes the day.
# Posting moves chips (players, tray, drop box): the floor's job. Accountants are read-only on money rows
# (controls), so they see pending fees on the report and the day close, and ask the floor to post them.
PENDING_POSTER_ROLES = (Role.FLOOR_MANAGER,)


@dataclass(frozen=True)
class PendingTotal:
    count: int = 0
    amount: int = 0


@dataclass(frozen=True)
class PendingRow:
    pk: int
    gaming_day: date
    table_number: int
    hand_number: int
    amount: int
    reason: str


@dataclass(frozen=True)
class PendingList:
    rows: list[PendingRow]
    may_post: bool

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def amount(self) -> int:
        return sum(row.amount for row in self.rows)


class PendingHandFees(Protocol):
    def pending_totals(self, days: Iterable[date], *, room_id: int) -> dict[date, PendingTotal]:
        """How many fees of the tables of ``room_id``, and how much, are pending in each of ``days`` (one query)."""
        ...

    def unposted_total(self, day: date, *, room_id: int) -> PendingTotal:
        """Every fee of ``day`` at a table of ``room_id`` with no fee record in force: the pending ones and
        any not tried yet."""
        ...

    def pending_fee_list(
        self, *, user: User | AnonymousUser, day_from: date | None, day_to: date | None, table_id: int | None
    ) -> PendingList:
        """The pending fees as the pages show them, and whether ``user`` may post them."""
        ...

    def pending_fee_post(self, *, actor: User, pending_id: int) -> FeeCharge:
        """Post a pending fee now; refused as the ledger refuses."""
        ...


_registered: list[PendingHandFees] = []


def pending_hand_fees_set(implementation: PendingHandFees) -> None:
    """Called once at start-up by the app that posts hand fees."""
    _registered[:] = [implementation]


def pending_hand_fees() -> PendingHandFees:
    if not _registered:
        raise RuntimeError("no app registered the pending hand fees (games.apps does)")
    return _registered[0]


def pending_totals(days: Iterable[date], *, room_id: int) -> dict[date, PendingTotal]:
    return pending_hand_fees().pending_totals(days, room_id=room_id)


def unposted_total(day: date, *, room_id: int) -> PendingTotal:
    return pending_hand_fees().unposted_total(day, room_id=room_id)


def pending_fee_list(
    *,
    user: User | AnonymousUser,
    day_from: date | None = None,
    day_to: date | None = None,
    table_id: int | None = None,
) -> PendingList:
    return pending_hand_fees().pending_fee_list(user=user, day_from=day_from, day_to=day_to, table_id=table_id)
