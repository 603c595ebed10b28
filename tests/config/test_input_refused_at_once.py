"""Input that must be refused at once: money outside its grammar, huge numbers, oversized bodies.

The grammar of an amount (``config.money``): ASCII digits, then optionally a
point and at most the currency's minor digits, of bounded length. Anything
else is refused before any arithmetic, so a hostile 16-byte value costs
microseconds, not a worker.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter
from rest_framework.test import APIClient

from config.errors import DomainError
from config.money import MAX_AMOUNT, parse_amount
from tables.models import Game

HOSTILE = [
    "1e999999",  # a million-digit integer once built
    "1E3",
    "1e3",
    "1_000",
    "１０００",  # full-width digits
    "١٠٠٠",  # Arabic-Indic digits
    "²",
    "9" * 5000,  # past Python's int-to-str limit if it were ever formatted
    "1" + "0" * 16,  # more digits than any amount
    " 1000",
    "1000 ",
    "1000\n",
    "+1000",
    "-1000",
    "0x10",
    "1,000",
    "1000.",
    ".5",
    "1.2.3",
    "NaN",
    "Infinity",
    "",
]


def short(value: object) -> str:
    """A test id that stays readable for a 5,000-character value."""
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:12]}…({len(text)} chars)"


@pytest.mark.parametrize("value", HOSTILE, ids=short)
def test_a_hostile_amount_is_refused_in_microseconds(value: str) -> None:
    with pytest.raises(DomainError) as refused:
        parse_amount(value)
    assert refused.value.code == "bad_money"
    # A refusal quotes a little of the input, never all of it.
    assert len(refused.value.message) < 200
    started = time.perf_counter()
    for _ in range(100):
        with pytest.raises(DomainError):
            parse_amount(value)
    # A few microseconds each; the budget is a thousand times that, for a busy machine.
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(("value", "minor"), [("0", 0), ("1000", 1000), (1000, 1000), (str(MAX_AMOUNT), MAX_AMOUNT)])
def test_the_grammar_accepts_whole_amounts_of_a_currency_without_minor_digits(value: object, minor: int) -> None:
    assert parse_amount(value, allow_zero=True) == minor


@pytest.mark.parametrize("value", ["1000.5", "1000.0", str(MAX_AMOUNT + 1), MAX_AMOUNT + 1, 10**4200], ids=short)
def test_more_decimals_than_the_currency_has_or_more_than_the_room_handles_is_refused(value: object) -> None:
    with pytest.raises(DomainError) as refused:
        parse_amount(value)
    assert len(refused.value.message) < 200


@override_settings(CARDROOM_CURRENCY="EUR", CARDROOM_CURRENCY_EXPONENT=2)
@pytest.mark.parametrize(("value", "minor"), [("12.50", 1250), ("12.5", 1250), ("12", 1200), (7, 700)])
def test_the_grammar_takes_at_most_the_currencys_minor_digits(value: object, minor: int) -> None:
    assert parse_amount(value) == minor


@override_settings(CARDROOM_CURRENCY="EUR", CARDROOM_CURRENCY_EXPONENT=2)
@pytest.mark.parametrize("value", ["12.500", "12.", "1e2", "１２.５０"])
def test_eur_refuses_a_third_decimal_and_anything_outside_the_grammar(value: str) -> None:
    with pytest.raises(DomainError):
        parse_amount(value)


@pytest.fixture
def game_create(floor_manager: User, api_for: Callable[[User | None], APIClient]) -> Callable[..., object]:
    client = api_for(floor_manager)

    def post(**fields: object) -> object:
        body = {
            "name": "Club",
            "kind": "club_poker",
            "structure": "pot_limit",
            "seat_limit": 6,
            "ante": "1000",
            "min_buy_in": "20000",
            "max_buy_in": "200000",
        } | fields
        return client.post(reverse("api:floor-game-create"), body, format="json")

    return post


@pytest.mark.parametrize("value", ["1e999999", "1e3", "1_000", "１０００", "9" * 5000], ids=short)
def test_a_money_field_of_the_api_answers_400_in_the_error_envelope(
    game_create: Callable[..., object], value: str
) -> None:
    response = game_create(ante=value)
    assert response.status_code == 400, response.content  # type: ignore[attr-defined]
    assert response.json()["error"]["code"] == "bad_money"  # type: ignore[attr-defined]
    assert not Game.objects.exists()


def test_a_body_over_the_upload_limit_answers_in_the_error_envelope(
    floor_manager: User, api_for: Callable[[User | None], APIClient]
) -> None:
    body = json.dumps({"name": "x" * 3_000_000, "kind": "club_poker"})
    response = api_for(floor_manager).post(reverse("api:floor-game-create"), body, content_type="application/json")
    assert response.status_code == 413, response.content[:200]
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "too_large"
    assert not Game.objects.exists()


def test_every_id_in_a_url_stops_at_bigint() -> None:
    """``<int:...>`` takes any number of digits, which a bigint lookup then fails on; ``<id:...>`` does not."""

    def patterns(entries: list[URLPattern | URLResolver]) -> list[URLPattern | URLResolver]:
        found: list[URLPattern | URLResolver] = []
        for entry in entries:
            found.append(entry)
            if isinstance(entry, URLResolver):
                found += patterns(entry.url_patterns)
        return found

    unbounded = [
        str(entry.pattern)
        for entry in patterns(get_resolver().url_patterns)
        if any(isinstance(c, IntConverter) for c in getattr(entry.pattern, "converters", {}).values())
    ]
    assert unbounded == []
    assert reverse("floor:table", args=[2**63 - 1]).endswith("/9223372036854775807/")
