"""Shifts split a room's gaming day from its start; a hand dealt across the day's end stays in its day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from config.shifts import shift_in, shift_of


@dataclass(frozen=True)
class _Room:
    time_zone: str
    gaming_day_start: time
    shifts_per_day: int


YEREVAN = _Room("Asia/Yerevan", time(6), 3)
VILNIUS = _Room("Europe/Vilnius", time(10), 2)


def _at(room: _Room, day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(room.time_zone))


def test_three_shifts_of_eight_hours_from_the_gaming_day_start() -> None:
    day = date(2026, 3, 10)  # the day starts at 06:00 local time
    assert [shift_of(_at(YEREVAN, day, h), room=YEREVAN) for h in (6, 13, 14, 21, 22)] == [1, 1, 2, 2, 3]
    # after midnight, still the same gaming day
    assert shift_of(_at(YEREVAN, day + timedelta(days=1), 5, 59), room=YEREVAN) == 3


def test_each_room_splits_its_own_day_in_its_own_time() -> None:
    day = date(2026, 3, 10)  # Vilnius: two shifts of twelve hours from 10:00 Vilnius time
    assert [shift_of(_at(VILNIUS, day, h), room=VILNIUS) for h in (10, 21, 22)] == [1, 1, 2]
    assert shift_of(_at(VILNIUS, day + timedelta(days=1), 9, 59), room=VILNIUS) == 2
    # one moment, two rooms: 13:00 in Yerevan is 11:00 in Vilnius (winter)
    moment = _at(YEREVAN, day, 13)
    assert (shift_of(moment, room=YEREVAN), shift_of(moment, room=VILNIUS)) == (1, 1)
    assert shift_of(_at(YEREVAN, day, 9), room=VILNIUS) == 2  # 07:00 in Vilnius: the day before's last shift


def test_a_moment_outside_the_day_counts_at_its_edge() -> None:
    day = date(2026, 3, 10)
    assert shift_in(day, _at(YEREVAN, day + timedelta(days=1), 6, 5), room=YEREVAN) == 3
    assert shift_in(day, _at(YEREVAN, day, 5), room=YEREVAN) == 1
    assert shift_in(day, _at(YEREVAN, day, 15), room=YEREVAN) == 2
