"""Shifts: the gaming day split into equal parts from its start (06:00 by default).

Three shifts of eight hours unless ``CARDROOM_SHIFTS_PER_DAY`` says otherwise;
fee charges and drop counts are reported per shift.
"""

from __future__ import annotations

from datetime import date, datetime

from django.conf import settings

from config.gaming_day import gaming_day_bounds, gaming_day_of


def shifts_per_day() -> int:
    return int(settings.CARDROOM_SHIFTS_PER_DAY)


def shift_of(moment: datetime) -> int:
    """1 for the first shift of the moment's gaming day, 2 for the next, ..."""
    start, end = gaming_day_bounds(gaming_day_of(moment))
    length = (end - start) / shifts_per_day()
    return min(shifts_per_day(), int((moment - start) / length) + 1)


def shift_in(day: date, moment: datetime) -> int:
    """The shift of ``moment`` counted within gaming day ``day`` (a hand dealt across the day's end
    belongs to the day it started in: its last shift)."""
    own = gaming_day_of(moment)
    if own == day:
        return shift_of(moment)
    return shifts_per_day() if own > day else 1
