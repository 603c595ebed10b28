"""The gaming day: the business date a moment belongs to, in a room.

A room open past midnight books a 02:00 hand to the day that started the
evening before; the boundary is the room's gaming-day start, local time in
the room's time zone (``rooms.models.Room``). Without a room, the
installation's settings (``CARDROOM_GAMING_DAY_START``, ``CARDROOM_TIME_ZONE``)
are the clock: the first room's, for what does not belong to a room yet.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Protocol
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


class RoomClock(Protocol):
    """What a room's gaming day is read from (``rooms.models.Room`` has both)."""

    @property
    def time_zone(self) -> str: ...

    @property
    def gaming_day_start(self) -> time: ...


def _clock(room: RoomClock | None) -> tuple[ZoneInfo, time]:
    if room is None:
        return ZoneInfo(settings.TIME_ZONE), settings.CARDROOM_GAMING_DAY_START
    return ZoneInfo(room.time_zone), room.gaming_day_start


def gaming_day_of(moment: datetime, *, room: RoomClock | None = None) -> date:
    zone, boundary = _clock(room)
    local = moment.astimezone(zone)
    day = local.date()
    return day - timedelta(days=1) if local.time() < boundary else day


def current_gaming_day(*, room: RoomClock | None = None) -> date:
    return gaming_day_of(timezone.now(), room=room)


def check_gaming_day(day: date, *, field: str = "gaming_day") -> date:
    """``day``, refused (400) outside ``FIRST_DAY`` to ``LAST_DAY``."""
    if not FIRST_DAY <= day <= LAST_DAY:
        raise DomainError(
            _("%(field)s: %(day)s is not a gaming day this room keeps (%(first)s to %(last)s).")
            % {"field": field, "day": day.isoformat(), "first": FIRST_DAY.isoformat(), "last": LAST_DAY.isoformat()},
            code="bad_date",
        )
    return day


def gaming_day_bounds(day: date, *, room: RoomClock | None = None) -> tuple[datetime, datetime]:
    """[start, end) of a gaming day of ``room`` as aware datetimes."""
    check_gaming_day(day)
    zone, boundary = _clock(room)
    start = datetime.combine(day, boundary, tzinfo=zone)
    end = datetime.combine(day + timedelta(days=1), boundary, tzinfo=zone)
    return start, end
