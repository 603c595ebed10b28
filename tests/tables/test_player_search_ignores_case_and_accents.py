"""The one player search (the floor's pickers and registry, the cage's window, the API) ignores case and
accents on SQLite as on PostgreSQL: "žukau", "BUTKUTĖ" and "butkute" find Butkutė Žukauskas."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from cashier.selectors.players import players_find
from tables import selectors, services
from tables.models import DocumentType, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def butkute(make_player):
    make_player("Jonas", "Petrauskas")
    return make_player(
        "Butkutė", "Žukauskas", alias="Šarka", id_document_type=DocumentType.PASSPORT, id_document_number="LT-77ab"
    )


@pytest.mark.parametrize(
    "query", ["žukau", "BUTKUTĖ", "butkute", "ZUKAUSKAS", "Butkute zukau", "šarka", "SARKA", "lt-77AB"]
)
def test_a_search_finds_the_player_whatever_the_case_and_accents(butkute, floor_manager, query) -> None:
    assert list(selectors.players_search(user=floor_manager, query=query)) == [butkute]


def test_every_word_must_still_match(butkute, floor_manager) -> None:
    assert not selectors.players_search(user=floor_manager, query="butkute petrauskas").exists()


def test_armenian_capitals_match_small_letters(make_player, floor_manager) -> None:
    hrant = make_player("Հրանտ", "Պետրոսյան")
    assert list(selectors.players_search(user=floor_manager, query="պետրոս")) == [hrant]
    assert list(selectors.players_search(user=floor_manager, query="ՀՐԱՆՏ")) == [hrant]


def test_the_floor_picker_and_the_cage_window_use_it(butkute, floor_manager, client_for) -> None:
    html = client_for(floor_manager).get(reverse("floor:player_pick"), {"q": "zukau", "pick": "seat"}).content.decode()
    assert f'name="player_id" value="{butkute.pk}"' in html
    assert [m.player.pk for m in players_find(user=floor_manager, query="BUTKUTE").matches] == [butkute.pk]


def test_a_correction_keeps_the_search_in_step(butkute, floor_manager) -> None:
    services.player_update(actor=floor_manager, player_id=butkute.pk, alias="Ąžuolė")
    assert list(selectors.players_search(user=floor_manager, query="azuole")) == [butkute]
    assert not selectors.players_search(user=floor_manager, query="sarka").exists()


def test_the_migration_fills_the_key_of_players_registered_before_it(butkute, floor_manager) -> None:
    Player.objects.filter(pk=butkute.pk).update(search_key="")
    assert not selectors.players_search(user=floor_manager, query="butkute").exists()
    migration = importlib.import_module("tables.migrations.0007_player_search_key")
    migration.fill_search_keys(apps, None)
    assert list(selectors.players_search(user=floor_manager, query="butkute")) == [butkute]
