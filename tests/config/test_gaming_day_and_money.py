from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time

import pytest
from django.test import override_settings

from config.errors import DomainError
from config.gaming_day import gaming_day_bounds, gaming_day_of
from config.money import format_money, parse_amount, parse_typed_amount


@dataclass(frozen=True)
class Clock:
    time_zone: str
    gaming_day_start: time


YEREVAN, VILNIUS = Clock("Asia/Yerevan", time(6, 0)), Clock("Europe/Vilnius", time(8, 0))


def test_a_hand_at_two_in_the_morning_belongs_to_the_previous_gaming_day() -> None:
    # 02:00 in Yerevan (UTC+4) is 22:00 UTC the evening before.
    at_two = datetime(2026, 11, 28, 22, 0, tzinfo=UTC)
    assert gaming_day_of(at_two, room=YEREVAN) == date(2026, 11, 28)
    at_seven = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)
    assert gaming_day_of(at_seven, room=YEREVAN) == date(2026, 11, 29)


def test_one_moment_is_a_day_of_its_own_in_each_room() -> None:
    # 05:00 UTC: 09:00 in Yerevan (the 29th has begun), 07:00 in Vilnius (still the 28th's night).
    moment = datetime(2026, 11, 29, 5, 0, tzinfo=UTC)
    assert gaming_day_of(moment, room=YEREVAN) == date(2026, 11, 29)
    assert gaming_day_of(moment, room=VILNIUS) == date(2026, 11, 28)
    start, end = gaming_day_bounds(date(2026, 11, 28), room=VILNIUS)
    assert start <= moment < end and start == datetime(2026, 11, 28, 6, 0, tzinfo=UTC)


def test_gaming_day_bounds_span_one_boundary_to_the_next() -> None:
    start, end = gaming_day_bounds(date(2026, 11, 29))
    assert (end - start).total_seconds() == 24 * 3600
    assert gaming_day_of(start) == date(2026, 11, 29)


@override_settings(CARDROOM_CURRENCY="EUR", CARDROOM_CURRENCY_EXPONENT=2)
def test_money_parses_to_minor_units_and_formats_back() -> None:
    assert parse_amount("12.50") == 1250
    assert parse_amount(7) == 700
    assert format_money(123456789) == "1,234,567.89"


@pytest.mark.parametrize("bad", [0.1, "NaN", "Infinity", "1e309", "-5", "12.345", "abc", True, "1" + "0" * 20])
@override_settings(CARDROOM_CURRENCY="EUR", CARDROOM_CURRENCY_EXPONENT=2)
def test_malformed_money_is_refused(bad: object) -> None:
    with pytest.raises(DomainError) as raised:
        parse_amount(bad)
    assert raised.value.code == "bad_money"
    assert raised.value.message.startswith("amount: ")


@override_settings(CARDROOM_CURRENCY="AMD", CARDROOM_CURRENCY_EXPONENT=0)
def test_amd_has_no_minor_unit_in_practice() -> None:
    assert parse_amount("1000") == 1000
    with pytest.raises(DomainError, match="more decimals than AMD allows"):
        parse_amount("1000.5")


@pytest.mark.parametrize(
    ("typed", "minor"),
    [("50,000", 50_000), (" 1,234,567 ", 1_234_567), ("50000", 50_000), ("999", 999), ("1,000", 1_000)],
)
def test_a_page_takes_the_amount_as_the_room_writes_it(typed: str, minor: int) -> None:
    assert parse_typed_amount(typed) == minor


@pytest.mark.parametrize("typed", ["5,0000", ",500", "1,00", "1,,000", "1 000", "1_000", "1.000,00", "1e3", "50,000-"])
def test_a_page_refuses_separators_out_of_place(typed: str) -> None:
    with pytest.raises(DomainError) as refused:
        parse_typed_amount(typed)
    assert refused.value.code == "bad_money"
