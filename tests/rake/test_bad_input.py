"""Control 19: malformed percentages and amounts are refused with a 400 and nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from rest_framework.test import APIClient

from rake.models import FeePolicyVersion
from tables.models import Game, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def post(
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
    open_table: Callable[..., Table],
    holdem_ring: Game,
) -> Callable[..., Any]:
    table = open_table(holdem_ring)
    client = api_for(floor_manager)

    def send(**fields: Any) -> Any:
        body = {"table_id": table.pk, "reason": "bad input", **fields}
        return client.post(reverse("api:fee_policy_set"), body, format="json")

    return send


@pytest.mark.parametrize(
    "percent",
    [5.0, 0.1, "NaN", "Infinity", "-Infinity", "1e309", "4.999", "5.001", "abc", "", True, None, [5], {"p": 5}],
)
def test_bad_percentages_are_refused(percent: Any, post: Callable[..., Any]) -> None:
    response = post(kind="percentage", percent=percent)
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "invalid"
    assert not FeePolicyVersion.objects.exists()


@pytest.mark.parametrize("amount", [2000.0, "2000.5", "NaN", "Infinity", "-100", "0", "1e309", 10**20, True])
def test_bad_amounts_are_refused(amount: Any, post: Callable[..., Any]) -> None:
    assert post(kind="hourly", amount_per_hour=amount).status_code == 400
    assert post(kind="percentage", percent="5", cap_per_hand=amount).status_code == 400
    assert not FeePolicyVersion.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "hourly", "amount_per_hour": "2000", "collect_every_minutes": 60.0},
        {"kind": "hourly", "amount_per_hour": "2000", "collect_every_minutes": 45},  # not whole hours
        {"kind": "hourly", "amount_per_hour": "2000", "unit": "week"},
        {"kind": "hourly", "amount_per_hour": "2000", "charge_away": "yes"},
        {"kind": "percentage", "percent": "5", "no_flop_no_drop": 1},
        {"kind": "percentage", "percent": "5", "caps_by_players": [{"min_players": 2.5, "cap": "100"}]},
        {"kind": "percentage", "percent": "5", "caps_by_players": [{"min_players": 2, "cap": "100"}] * 2},
        {"kind": "percentage", "percent": "5", "amount_per_hour": "100"},
        {"kind": "rake", "percent": "5"},
        {"kind": "percentage"},
        {"kind": "percentage", "percent": "5", "effective_from": "2000-01-01T00:00:00Z"},
    ],
)
def test_other_bad_settings_are_refused(fields: dict[str, Any], post: Callable[..., Any]) -> None:
    response = post(**fields)
    assert response.status_code in (400, 409), response.content
    assert not FeePolicyVersion.objects.exists()


def test_a_table_and_a_game_at_once_are_refused(
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
    holdem_ring: Game,
    open_table: Callable[..., Table],
) -> None:
    body = {
        "table_id": open_table(holdem_ring).pk,
        "game_id": holdem_ring.pk,
        "kind": "percentage",
        "percent": "5",
        "reason": "r",
    }
    response = api_for(floor_manager).post(reverse("api:fee_policy_set"), body, format="json")
    assert response.status_code == 400
    assert not FeePolicyVersion.objects.exists()


def test_a_good_request_with_every_field_is_stored(post: Callable[..., Any]) -> None:
    response = post(
        kind="percentage",
        percent="4.50",
        cap_per_hand="2000",
        caps_by_players=[{"min_players": 2, "cap": "1000"}],
        min_pot="5000",
        no_flop_no_drop=False,
        allocation="proportional",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["percent"] == "4.50"
    assert body["caps_by_players"] == [{"min_players": 2, "cap": "1000"}]
    assert body["fee_line"] == (
        "4.5% of each pot, up to 2,000 AMD, up to 1,000 AMD with 2 or more players, no fee on pots under 5,000 AMD"
    )
    assert body["unit"] is None
