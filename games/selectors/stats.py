"""Dealer statistics: hands per hour per dealer and table, average pot, fee per hour.

Hours are the dealer's time at the table from the floor's assignments
(the downs), clipped to the gaming days asked for; only hands in force count.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Avg, Count, Max, Min, Q, Sum
from django.utils import timezone

from config.gaming_day import gaming_day_bounds
from games.models import Hand, HandStatus
from rooms.selectors import room_ids_of
from tables.models import DealerAssignment, Table

HOUR = Decimal(3600)


@dataclass(frozen=True)
class DealerTableStats:
    dealer_id: int
    dealer: str
    table_id: int
    table_number: int
    hands: int
    hours: Decimal
    hands_per_hour: Decimal
    average_pot: int
    total_pot: int
    fee: int
    fee_per_hour: int


def _hours(seconds: float) -> Decimal:
    return (Decimal(seconds) / HOUR).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _dealt_seconds(dealer_id: int, table_id: int, start: datetime, end: datetime) -> float:
    now = timezone.now()
    total = 0.0
    for a in DealerAssignment.objects.filter(dealer_id=dealer_id, table_id=table_id, started_at__lt=end).filter(
        Q(ended_at__isnull=True) | Q(ended_at__gt=start)
    ):
        begin = max(a.started_at, start)
        finish = min(a.ended_at or now, end, now)
        total += max(0.0, (finish - begin).total_seconds())
    return total


def dealer_stats(*, day_from: date, day_to: date, user: Any = None) -> list[DealerTableStats]:
    """One row per dealer and table over the gaming days ``day_from``..``day_to``; for ``user``, the tables of
    the rooms they work in (another room's dealers are that room's to read)."""
    hands = Hand.objects.filter(
        status=HandStatus.COMPLETE, gaming_day__gte=day_from, gaming_day__lte=day_to, dealer__isnull=False
    )
    if user is not None:
        hands = hands.filter(table__room_id__in=room_ids_of(user))
    groups = (
        hands
        .values("dealer_id", "dealer__username", "dealer__first_name", "dealer__last_name", "table_id")
        .annotate(
            hands=Count("pk"), pot_sum=Sum("pot"), fee_sum=Sum("fee"), avg=Avg("pot"), first=Min("created_at"),
            last=Max("ended_at"),
        )
        .order_by("dealer__username", "table_id")
    )  # fmt: skip
    tables = Table.objects.select_related("room").in_bulk({g["table_id"] for g in groups})
    rows = []
    for g in groups:
        # The period's bounds on the clock of the table's room: its gaming days are the room's.
        room = tables[g["table_id"]].room
        start, end = gaming_day_bounds(day_from, room=room)[0], gaming_day_bounds(day_to, room=room)[1]
        seconds = _dealt_seconds(g["dealer_id"], g["table_id"], start, end)
        if seconds <= 0 and g["first"] and g["last"]:
            seconds = (g["last"] - g["first"]).total_seconds()
        hours = _hours(seconds)
        exact = Decimal(seconds) / HOUR if seconds > 0 else Decimal(0)
        per_hour = (Decimal(g["hands"]) / exact).quantize(Decimal("0.1")) if exact else Decimal(0)
        name = f"{g['dealer__first_name']} {g['dealer__last_name']}".strip() or g["dealer__username"]
        rows.append(
            DealerTableStats(
                dealer_id=g["dealer_id"],
                dealer=name,
                table_id=g["table_id"],
                table_number=tables[g["table_id"]].number,
                hands=g["hands"],
                hours=hours,
                hands_per_hour=per_hour,
                average_pot=int(g["avg"] or 0),
                total_pot=int(g["pot_sum"] or 0),
                fee=int(g["fee_sum"] or 0),
                fee_per_hour=int(Decimal(g["fee_sum"] or 0) / exact) if exact else 0,
            )
        )
    return rows
