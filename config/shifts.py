"""Shifts: a room's gaming day split into equal parts from its start.

Each room says how many (``rooms.models.Room.shifts_per_day``; the first room's from
``CARDROOM_SHIFTS_PER_DAY``, three of eight hours by default); fee charges and drop counts are
reported per shift.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from config.gaming_day import RoomClock, gaming_day_bounds, gaming_day_of


class RoomShifts(RoomClock, Protocol):
    """What a room's shifts are read from (``rooms.models.Room`` has it all)."""

    @property
    def shifts_per_day(self) -> int: ...


def shift_of(moment: datetime, *, room: RoomShifts) -> int:
    """1 for the first shift of the moment's gaming day in ``room``, 2 for the next, ..."""
    start, end = gaming_day_bounds(gaming_day_of(moment, room=room), room=room)
    length = (end - start) / room.shifts_per_day
    return min(room.shifts_per_day, int((moment - start) / length) + 1)


def shift_in(day: date, moment: datetime, *, room: RoomShifts) -> int:
    """The shift of ``moment`` counted within ``room``'s gaming day ``day`` (a hand dealt across the day's
    end belongs to the day it started in: its last shift)."""
    own = gaming_day_of(moment, room=room)
    if own == day:
        return shift_of(moment, room=room)
    return room.shifts_per_day if own > day else 1
