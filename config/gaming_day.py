"""The gaming day: the business date a moment belongs to.

A room open past midnight books a 02:00 hand to the day that started the
evening before; the boundary is ``CARDROOM_GAMING_DAY_START`` local time.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import DomainError

# The gaming days the room can hold records of. A day from input is checked against
# them before any date arithmetic: 9999-12-31 has no next day to end on, 0001-01-01 no
# week before it, and Python's date raises OverflowError on either.
FIRST_DAY = date(1970, 1, 1)
LAST_DAY = date(2999, 12, 31)


def gaming_day_of(moment: datetime, *, start: time | None = None, tz: str | None = None) -> date:
    boundary = start or settings.CARDROOM_GAMING_DAY_START
    local = moment.astimezone(ZoneInfo(tz or settings.TIME_ZONE))
    day = local.date()
    return day - timedelta(days=1) if local.time() < boundary else day


def current_gaming_day() -> date:
    return gaming_day_of(timezone.now())


def check_gaming_day(day: date, *, field: str = "gaming_day") -> date:
    """``day``, refused (400) outside ``FIRST_DAY`` to ``LAST_DAY``."""
    if not FIRST_DAY <= day <= LAST_DAY:
        raise DomainError(
            _("%(field)s: %(day)s is not a gaming day this room keeps (%(first)s to %(last)s).")
            % {"field": field, "day": day.isoformat(), "first": FIRST_DAY.isoformat(), "last": LAST_DAY.isoformat()},
            code="bad_date",
        )
    return day


def gaming_day_bounds(day: date) -> tuple[datetime, datetime]:
    """[start, end) of a gaming day as aware datetimes."""
    check_gaming_day(day)
    tz = ZoneInfo(settings.TIME_ZONE)
    start = datetime.combine(day, settings.CARDROOM_GAMING_DAY_START, tzinfo=tz)
    end = datetime.combine(day + timedelta(days=1), settings.CARDROOM_GAMING_DAY_START, tzinfo=tz)
    return start, end
