"""The gaming day: the business date a moment belongs to.

A room open past midnight books a 02:00 hand to the day that started the
evening before; the boundary is ``CARDROOM_GAMING_DAY_START`` local time.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone


def gaming_day_of(moment: datetime, *, start: time | None = None, tz: str | None = None) -> date:
    boundary = start or settings.CARDROOM_GAMING_DAY_START
    local = moment.astimezone(ZoneInfo(tz or settings.TIME_ZONE))
    day = local.date()
    return day - timedelta(days=1) if local.time() < boundary else day


def current_gaming_day() -> date:
    return gaming_day_of(timezone.now())


def gaming_day_bounds(day: date) -> tuple[datetime, datetime]:
    """[start, end) of a gaming day as aware datetimes."""
    tz = ZoneInfo(settings.TIME_ZONE)
    start = datetime.combine(day, settings.CARDROOM_GAMING_DAY_START, tzinfo=tz)
    end = datetime.combine(day + timedelta(days=1), settings.CARDROOM_GAMING_DAY_START, tzinfo=tz)
    return start, end
