"""Shifts split the gaming day from its start; a hand dealt across the day's end stays in its day."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings

from config.shifts import shift_in, shift_of


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(settings.TIME_ZONE))


def test_three_shifts_of_eight_hours_from_the_gaming_day_start() -> None:
    day = date(2026, 3, 10)  # the day starts at 06:00 local time
    assert [shift_of(_at(day, h)) for h in (6, 13, 14, 21, 22)] == [1, 1, 2, 2, 3]
    assert shift_of(_at(day + timedelta(days=1), 5, 59)) == 3  # after midnight, still the same gaming day


def test_a_moment_outside_the_day_counts_at_its_edge() -> None:
    day = date(2026, 3, 10)
    assert shift_in(day, _at(day + timedelta(days=1), 6, 5)) == 3
    assert shift_in(day, _at(day, 5)) == 1
    assert shift_in(day, _at(day, 15)) == 2
