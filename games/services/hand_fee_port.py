"""What rake reads and asks of pending hand fees (``rake.selectors.pending``), answered from the hand record."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.contrib.auth.models import AnonymousUser, User

from games.selectors import hand_fees as reads
from games.services import hand_fees as writes
from rake.models import FeeCharge
from rake.selectors.pending import PendingList, PendingTotal


class PendingHandFees:
    """``rake.selectors.pending.PendingHandFees``, registered by ``games.apps``."""

    def pending_totals(self, days: Iterable[date], *, room_id: int) -> dict[date, PendingTotal]:
        return reads.pending_totals(days, room_id=room_id)

    def unposted_total(self, day: date, *, room_id: int) -> PendingTotal:
        return reads.unposted_total(day, room_id=room_id)

    def pending_fee_list(
        self, *, user: User | AnonymousUser, day_from: date | None, day_to: date | None, table_id: int | None
    ) -> PendingList:
        return reads.pending_fee_list(user=user, day_from=day_from, day_to=day_to, table_id=table_id)

    def pending_fee_post(self, *, actor: User, pending_id: int) -> FeeCharge:
        return writes.pending_fee_post(actor=actor, pending_id=pending_id)
