"""Gaming days as the office closes them: what stands between each day and its close.

Whether a day is closed, and the refusal of a record dated in a closed day, are the ledger's
(``ledger.selectors.days``); the hand fees still pending are counted by the app that posts them
(``rake.selectors.pending``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Count, Max, Q

from config.gaming_day import current_gaming_day
from ledger.models import GamingDayClose
from rake.models import DropCount, DropCountStatus, FeeCharge
from rake.selectors.pending import PendingTotal, pending_totals
from rooms.models import Room


@dataclass(frozen=True)
class DayStatus:
    gaming_day: date
    closed: GamingDayClose | None
    counts_open: int
    tables_uncounted: list[int]
    pending_fees: int = 0
    pending_amount: int = 0
    over: bool = True  # the room's gaming day today is a later one

    @property
    def may_close(self) -> bool:
        return (
            self.closed is None
            and self.over
            and not self.pending_fees
            and not self.counts_open
            and not self.tables_uncounted
        )


def tables_uncounted(day: date, *, room_id: int) -> list[int]:
    """Tables of ``room_id`` whose fees posted in ``day`` have not all been counted in a final drop count."""
    posted = dict(
        FeeCharge.objects.filter(gaming_day=day, table__room_id=room_id, journal_entry__isnull=False)
        .values("table_id")
        .annotate(last=Max("journal_entry_id"))
        .values_list("table_id", "last")
        .order_by()
    )
    if not posted:
        return []
    counted = dict(
        DropCount.objects.filter(table_id__in=posted, status=DropCountStatus.FINAL)
        .values("table_id")
        .annotate(through=Max("through_entry_id"))
        .values_list("table_id", "through")
        .order_by()
    )
    return sorted(t for t, last in posted.items() if counted.get(t, 0) < last)


def gaming_days_list(*, room: Room, days: int = 14, until: date | None = None) -> list[DayStatus]:
    """The last ``days`` gaming days of ``room``, newest first, with what stands between each and its close
    (pending fees, counts in progress, fees not counted)."""
    today = current_gaming_day(room=room)
    last = until or today
    first = last - timedelta(days=days - 1)
    closes = {c.gaming_day: c for c in GamingDayClose.objects.filter(room=room, gaming_day__range=(first, last))}
    open_counts = dict(
        DropCount.objects.filter(table__room=room, gaming_day__range=(first, last))
        .values("gaming_day")
        .annotate(n=Count("pk", filter=~Q(status=DropCountStatus.FINAL)))
        .values_list("gaming_day", "n")
        .order_by()
    )
    pending = pending_totals([first, last], room_id=room.pk)
    out = []
    for k in range(days):
        day = last - timedelta(days=k)
        uncounted = [] if day in closes else tables_uncounted(day, room_id=room.pk)
        fees = pending.get(day, PendingTotal())
        status = DayStatus(
            day, closes.get(day), open_counts.get(day, 0), uncounted, fees.count, fees.amount, day < today
        )
        out.append(status)
    return out
