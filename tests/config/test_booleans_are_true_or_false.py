"""Every yes-or-no the API reads is ``true`` or ``false`` (``config.api.StrictBooleanField``): DRF's own
``BooleanField`` took ``"yes"``, ``1``, ``"on"`` and ``"t"`` for true. In a JSON body only JSON's booleans;
in a query string or a form body, where everything is text, the words ``true`` and ``false`` too. Anything
else is a 400 naming the field, and nothing is changed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from config.api import StrictBooleanField
from tables.models import DealerProfile, Game, Player

type Seen = list[tuple[str, serializers.Field[Any, Any, Any, Any]]]

LENIENT = ["yes", "no", 1, 0, "1", "0", "on", "off", "t", "f", "y", "True", "TRUE", "False", ""]


class Sample(serializers.Serializer[dict[str, Any]]):
    json = StrictBooleanField(required=False)
    text = StrictBooleanField(text=True, required=False)
    maybe = StrictBooleanField(text=True, required=False, allow_null=True, default=None)


def _read(**data: Any) -> tuple[bool, Any]:
    form = Sample(data=data)
    ok = form.is_valid()
    return ok, form.validated_data if ok else form.errors


@pytest.mark.parametrize("value", [True, False])
def test_json_booleans_are_read_by_either_field(value):
    assert _read(json=value, text=value) == (True, {"json": value, "text": value, "maybe": None})


@pytest.mark.parametrize("value", [*LENIENT, "true", "false", None, [], {}, 1.0, [True]])
def test_a_json_field_reads_nothing_but_a_boolean(value):
    ok, errors = _read(json=value)
    assert not ok
    assert list(errors) == ["json"]


@pytest.mark.parametrize(("word", "value"), [("true", True), ("false", False)])
def test_a_text_field_reads_the_words_true_and_false(word, value):
    assert _read(text=word, maybe=word) == (True, {"text": value, "maybe": value})


@pytest.mark.parametrize("value", [*LENIENT, " true", "true ", "null", None, ["true"]])
def test_a_text_field_reads_no_other_spelling(value):
    ok, errors = _read(text=value)
    assert not ok and list(errors) == ["text"]
    assert errors["text"] == ["send true or false"] or value is None


def test_a_null_is_read_only_where_it_is_allowed():
    assert _read(maybe=None) == (True, {"maybe": None})
    assert not _read(text=None)[0]


# --- the endpoints ----------------------------------------------------------------------------------


@pytest.fixture
def fm_api(floor_manager, api_for):
    return api_for(floor_manager)


def _refused(response, field: str) -> None:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert error["message"] == f"{field}: send true or false"


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["yes", 1, "1", "true", "on", 0])
def test_a_game_is_not_changed_by_a_lenient_boolean(fm_api, holdem, value):
    before = Game.objects.values().get(pk=holdem.pk)
    url = reverse("api:floor-game-update", args=[holdem.pk])
    response = fm_api.post(url, {"name": "Renamed", "is_active": value}, format="json")
    _refused(response, "is_active")
    assert Game.objects.values().get(pk=holdem.pk) == before
    assert fm_api.post(url, {"name": "Renamed", "is_active": False}, format="json").status_code == 200
    assert Game.objects.values_list("name", "is_active").get(pk=holdem.pk) == ("Renamed", False)


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["yes", 1, "1", "false", "no"])
def test_a_dealer_profile_is_not_changed_by_a_lenient_boolean(fm_api, dealer, holdem, value):
    url = reverse("api:floor-dealer-profile", args=[dealer.pk])
    assert fm_api.post(url, {"game_ids": [holdem.pk], "is_active": True}, format="json").status_code == 200
    before = list(DealerProfile.objects.filter(user=dealer).values("is_active", "games"))
    _refused(fm_api.post(url, {"game_ids": [], "is_active": value}, format="json"), "is_active")
    assert list(DealerProfile.objects.filter(user=dealer).values("is_active", "games")) == before


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["yes", "1", "on", "True", "t"])
def test_a_player_form_body_reads_only_the_words_true_and_false(fm_api, value):
    """A form or multipart body is all text: ``true`` and ``false`` as the pages send them, no other word
    (an empty value is as if not sent, as for every field of a form: the default)."""
    url = reverse("api:floor-player-create")
    person = {"first_name": "Ani", "last_name": "Petrosyan"}
    _refused(fm_api.post(url, {**person, "allow_duplicate": value}, format="multipart"), "allow_duplicate")
    _refused(fm_api.post(url, {**person, "allow_duplicate": 1}, format="json"), "allow_duplicate")
    assert not Player.objects.exists()
    assert fm_api.post(url, {**person, "allow_duplicate": "false"}, format="multipart").status_code == 201
    assert fm_api.post(url, {**person, "allow_duplicate": True}, format="json").status_code == 201
    assert Player.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("api:floor-game-list", "active"),
        ("api:floor-seat-list", "open"),
        ("api:floor-expulsion-list", "current"),
        ("api:floor-waitlist-entry-list", "open"),
        ("api:floor-dealer-shifts", "open"),
        ("api:games-hand-list", "in_force"),
    ],
)
def test_a_list_filter_reads_only_the_words_true_and_false(fm_api, url, field):
    for value in ("yes", "1", "on", "True"):
        _refused(fm_api.get(reverse(url), {field: value}), field)
    for value in ("true", "false", ""):
        assert fm_api.get(reverse(url), {field: value}).status_code == 200


# --- every input -----------------------------------------------------------------------------------


@pytest.fixture
def request_fields(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """The fields of every request body and query string of the API, as the schema generator reads them."""
    seen: Seen = []
    mapped = AutoSchema._map_serializer_field

    def record(self: AutoSchema, field: Any, direction: str, bypass_extensions: bool = False) -> Any:
        if direction == "request":
            seen.append((f"{type(field.parent).__name__}.{field.field_name}", field))
        return mapped(self, field, direction, bypass_extensions)

    monkeypatch.setattr(AutoSchema, "_map_serializer_field", record)
    yield seen


def test_every_boolean_the_api_reads_is_strict(request_fields):
    SchemaGenerator().get_schema(request=None, public=True)
    booleans = {name: field for name, field in request_fields if isinstance(field, serializers.BooleanField)}
    assert len(booleans) >= 10  # the inputs were found: the game, dealer and player forms, every list filter
    assert [name for name, field in booleans.items() if not isinstance(field, StrictBooleanField)] == []
