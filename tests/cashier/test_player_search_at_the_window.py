"""The cashier finds a player by name, alias, ID document or registry number: a search, never a list of the
whole registry; a barred player is flagged with the expulsion and offered no "Choose"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from cashier.selectors.players import players_find
from rooms.selectors import room_ids_of
from tables.models import Expulsion, Player
from tests.factories import PlayerFactory, home_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(room_admin):
    def add(first: str, last: str, **more: str) -> Player:
        return PlayerFactory(first_name=first, last_name=last, created_by=room_admin, **more)

    return {
        "aram": add("Aram", "Petrosyan", alias="The Professor"),
        "ani": add("Ani", "Petrosyan"),
        "rūta": add("Rūta", "Kazlauskienė", id_document_type="passport", id_document_number="LT77441"),
        "gor": add("Gor", "Avetisyan", alias="Lucky"),
    }


@pytest.fixture
def barred(registry, floor_manager):
    now = timezone.now()
    return Expulsion.objects.create(
        player=registry["gor"],
        room=home_room(),
        rule="collusion at table 3",
        reason="seen by two dealers",
        duration="until",
        starts_at=now - timedelta(hours=1),
        until=now + timedelta(days=30),
        created_at=now,
        created_by=floor_manager,
    )


def _search(client, q: str) -> str:
    answer = client.get(reverse("cashier:hx_players"), {"q": q}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    return str(answer.content.decode())


def test_found_by_name_alias_document_and_registry_number(shift, cashier, registry, client_for):
    client = client_for(cashier)
    by_name = _search(client, "petros")
    assert (
        by_name.count('data-testid="player-match"') == 2 and "Aram Petrosyan" in by_name and "Ani Petrosyan" in by_name
    )
    by_two_words = _search(client, "aram petros")
    assert by_two_words.count('data-testid="player-match"') == 1
    by_alias = _search(client, "professor")
    assert "Aram Petrosyan" in by_alias and by_alias.count('data-testid="player-match"') == 1
    assert "Rūta Kazlauskienė" in _search(client, "lt774")
    number = registry["ani"].pk
    for q in (str(number), f"#{number}"):
        found = _search(client, q)
        assert f'data-player="{number}"' in found.split('data-testid="player-match"')[1]  # the exact number first
    assert f'data-pick-player="{number}"' in _search(client, str(number))


def test_a_barred_player_is_flagged_and_cannot_be_chosen(shift, cashier, registry, barred, client_for):
    html = _search(client_for(cashier), "lucky")
    assert 'data-testid="player-barred"' in html and "collusion at table 3" in html
    assert f'data-pick-player="{registry["gor"].pk}"' not in html
    free = _search(client_for(cashier), "petrosyan")
    assert 'data-testid="player-barred"' not in free and free.count("data-pick-player") == 2


def test_a_lifted_expulsion_is_not_flagged(shift, cashier, registry, barred, floor_manager, client_for):
    now = timezone.now()
    Expulsion.objects.filter(pk=barred.pk).update(lifted_at=now, lifted_by=floor_manager, lift_reason="appeal granted")
    html = _search(client_for(cashier), "lucky")
    assert 'data-testid="player-barred"' not in html and f'data-pick-player="{registry["gor"].pk}"' in html


def test_no_list_of_everyone(shift, cashier, registry, client_for):
    client = client_for(cashier)
    screen = client.get(reverse("cashier:index")).content.decode()
    assert 'id="player-q"' in screen
    assert not any(p.full_name in screen for p in registry.values())  # the screen lists no player
    assert "player-match" not in _search(client, "")
    assert "player-match" not in _search(client, "a") and "at least two letters" in _search(client, "a")
    assert "No player matches" in _search(client, "zzz")


def test_a_long_search_is_cut_to_ten_and_says_so(room_admin):
    PlayerFactory.create_batch(12, first_name="Test", last_name="Sargsyan", created_by=room_admin)
    search = players_find(user=room_admin, query="sargsyan")
    assert len(search.matches) == 10 and search.more


def test_the_search_is_two_queries(registry, barred, cashier, django_assert_num_queries):
    room_ids_of(cashier)  # read once per request, by the first check of the request (rooms.selectors)
    with django_assert_num_queries(2):
        search = players_find(user=cashier, query="an")
    assert {m.player.pk for m in search.matches if m.barred} == {registry["gor"].pk}


@pytest.mark.parametrize("q", ["9" * 40, "#", "１２", "'; drop table", "\x00", "%", "_"])
def test_odd_input_answers_calmly(shift, cashier, registry, client_for, q):
    assert "player-results" in _search(client_for(cashier), q)
