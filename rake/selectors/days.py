"""Gaming days: closed or open, and the rule other apps check before they record anything.

Call ``check_gaming_day_open(day)`` in the transaction that records
something dated in ``day`` *after* inserting it: the close takes a SHARE lock
on the fee tables (PostgreSQL), so a record racing the close either commits
first (and the close sees it) or sees the close row here and rolls back.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from config.errors import Conflict
from config.gaming_day import current_gaming_day
from rake.models import DropCount, DropCountStatus, FeeCharge, GamingDayClose
from rake.selectors.pending import PendingTotal, pending_totals


def gaming_day_is_closed(day: date) -> bool:
    return GamingDayClose.objects.filter(gaming_day=day).exists()


def check_gaming_day_open(day: date) -> None:
    """Refuse (409, ``gaming_day_closed``) a new record dated in a closed gaming day."""
    if gaming_day_is_closed(day):
        raise gaming_day_closed(day)


def gaming_day_closed(day: date) -> Conflict:
    """The refusal of a new record dated in ``day``, which is closed."""
    return Conflict(
        _(
            "The gaming day %(day)s is closed: it accepts no new records. Record a correction "
            "in an open day that references the original."
        )
        % {"day": day.isoformat()},
        code="gaming_day_closed",
        gaming_day=day.isoformat(),
    )


def booking_day(day: date) -> date:
    """The day a correction of a record of ``day`` is dated: ``day`` while open, else today's gaming day."""
    if not gaming_day_is_closed(day):
        return day
    today = current_gaming_day()
    check_gaming_day_open(today)
    return today


@dataclass(frozen=True)
class DayStatus:
    gaming_day: date
    closed: GamingDayClose | None
    counts_open: int
    tables_uncounted: list[int]
    pending_fees: int = 0
    pending_amount: int = 0

    @property
    def may_close(self) -> bool:
        return (
            self.closed is None
            and self.gaming_day < current_gaming_day()
            and not self.pending_fees
            and not self.counts_open
            and not self.tables_uncounted
        )


def tables_uncounted(day: date) -> list[int]:
    """Tables whose fees posted in ``day`` have not all been counted in a final drop count."""
    posted = dict(
        FeeCharge.objects.filter(gaming_day=day, journal_entry__isnull=False)
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


def gaming_days_list(*, days: int = 14, until: date | None = None) -> list[DayStatus]:
    """The last ``days`` gaming days, newest first, with what stands between each and its close
    (pending fees, counts in progress, fees not counted)."""
    last = until or current_gaming_day()
    first = last - timedelta(days=days - 1)
    closes = {c.gaming_day: c for c in GamingDayClose.objects.filter(gaming_day__range=(first, last))}
    open_counts = dict(
        DropCount.objects.filter(gaming_day__range=(first, last))
        .values("gaming_day")
        .annotate(n=Count("pk", filter=~Q(status=DropCountStatus.FINAL)))
        .values_list("gaming_day", "n")
        .order_by()
    )
    pending = pending_totals([first, last])
    out = []
    for k in range(days):
        day = last - timedelta(days=k)
        uncounted = [] if day in closes else tables_uncounted(day)
        fees = pending.get(day, PendingTotal())
        out.append(DayStatus(day, closes.get(day), open_counts.get(day, 0), uncounted, fees.count, fees.amount))
    return out
