"""What the API reads: JSON nested a few levels at most, only the fields an operation names, decimals of one
grammar. Each refusal is a short 400 that names what was wrong, and nothing is stored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from rest_framework.test import APIClient

from config.api import MAX_JSON_DEPTH, json_too_deep
from config.errors import DomainError
from config.money import parse_amount
from rake.models import FeePolicyVersion
from tables.models import Game, Player, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def fee_policy(
    floor_manager: User, api_for: Callable[[User | None], APIClient], open_table: Callable[..., Table], holdem: Game
) -> Callable[..., Any]:
    table = open_table(holdem)
    client = api_for(floor_manager)

    def send(**fields: Any) -> Any:
        body = {"table_id": table.pk, "reason": "strict input", "kind": "percentage", **fields}
        return client.post(reverse("api:fee_policy_set"), body, format="json")

    return send


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 500, 100_000])
@pytest.mark.parametrize("url", ["api:fee_policy_set", "api:floor-player-create", "api:games-phh-import"])
def test_json_nested_too_deep_is_a_400_on_every_parser(
    floor_manager: User, api_for: Callable[[User | None], APIClient], url: str, depth: int
) -> None:
    body = '{"reason": ' + nested(depth) + "}"
    response = api_for(floor_manager).post(reverse(url), body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    error = response.json()["error"]
    assert error["code"] == "parse_error" and str(MAX_JSON_DEPTH) in error["message"]
    assert not FeePolicyVersion.objects.exists() and not Player.objects.exists()


def test_depth_is_counted_in_brackets_not_in_text() -> None:
    assert not json_too_deep('{"a": "' + "[" * 100 + '", "b": [[1, {"c": "]\\"}"}]]}')
    assert not json_too_deep(nested(MAX_JSON_DEPTH))
    assert json_too_deep(nested(MAX_JSON_DEPTH + 1))
    assert json_too_deep("[" + '{"a": ' * MAX_JSON_DEPTH + "1" + "}" * MAX_JSON_DEPTH + "]")


def test_unpaired_brackets_deep_are_a_parse_error(
    floor_manager: User, api_for: Callable[[User | None], APIClient]
) -> None:
    response = api_for(floor_manager).post(
        reverse("api:fee_policy_set"), "[" * 100_000, content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "parse_error"


def test_an_unknown_field_is_refused_by_its_name(fee_policy: Callable[..., Any]) -> None:
    response = fee_policy(rate="5")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["message"].startswith("rate: ")
    assert list(error["details"]) == ["rate"]
    nested_unknown = fee_policy(percent="5", caps_by_players=[{"min_players": 2, "cap": "100", "max": 3}])
    assert nested_unknown.status_code == 400
    assert nested_unknown.json()["error"]["details"] == {"caps_by_players": {"0": {"max": error["details"]["rate"]}}}
    assert not FeePolicyVersion.objects.exists()


def test_a_body_of_many_unknown_fields_gets_a_short_answer(fee_policy: Callable[..., Any]) -> None:
    response = fee_policy(percent="5", **{f"x{i}": i for i in range(10_000)})
    assert response.status_code == 400 and len(response.content) < 1_000


@pytest.mark.parametrize(
    "percent", ["1e999999999", "1e999999", "5e0", "４", "05", "5.", ".5", " 5", "+5", "5,00", "0x5", "4.999", "5.01"]
)
def test_a_percent_outside_the_grammar_is_a_short_400(fee_policy: Callable[..., Any], percent: str) -> None:
    response = fee_policy(percent=percent)
    assert response.status_code == 400, response.content[:300]
    assert len(response.content) < 1_000 and response.json()["error"]["message"].startswith("percent: ")
    assert not FeePolicyVersion.objects.exists()


@pytest.mark.parametrize(("percent", "shown"), [("5", "5.00"), ("4.50", "4.50"), ("0.5", "0.50"), (3, "3.00")])
def test_a_percent_of_the_grammar_is_stored(fee_policy: Callable[..., Any], percent: Any, shown: str) -> None:
    response = fee_policy(percent=percent)
    assert response.status_code == 201, response.content
    assert response.json()["percent"] == shown


@pytest.mark.parametrize("text", ["0100", "00", "007.50", "01"])
def test_an_amount_with_a_leading_zero_is_refused(text: str) -> None:
    with pytest.raises(DomainError, match="is not an amount"):
        parse_amount(text)


def test_zero_itself_is_an_amount() -> None:
    assert parse_amount("0", allow_zero=True) == 0
