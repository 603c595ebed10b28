"""A game is a room's: made by the room's staff, named once in the room, its stakes in the room's money, dealt
at the room's tables only and waited for on the room's lists; the API writes each game's amounts in its own
room's money and reads a new game's in the room it is made in."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from config.errors import DomainError, Forbidden
from config.roles import Role
from rooms.models import Room
from tables import services
from tables.models import Game
from tests.conftest import club_poker_of
from tests.factories import PlayerFactory, UserFactory, home_room

pytestmark = pytest.mark.django_db

API = "/api/v1/floor/"


def _club_poker(actor: User, room: Room, name: str = "Club Poker") -> Game:
    return club_poker_of(actor, room, name=name)


def test_a_game_is_made_by_staff_of_its_room_and_named_once_there(
    floor_manager: User, vilnius_manager: User, vilnius: Room
) -> None:
    ours = _club_poker(floor_manager, home_room())
    theirs = _club_poker(vilnius_manager, vilnius)  # the same name in another room
    assert (ours.room, theirs.room) == (home_room(), vilnius)
    with pytest.raises(Forbidden) as refused:
        _club_poker(floor_manager, vilnius, name="Club Poker 2")
    assert refused.value.code == "not_your_room"
    with pytest.raises(DomainError) as twice:
        _club_poker(vilnius_manager, vilnius)
    assert twice.value.code == "duplicate_game"
    with pytest.raises(Forbidden):
        services.game_update(actor=floor_manager, game_id=theirs.pk, ante=2_000)
    assert Game.objects.get(pk=theirs.pk).ante == 1_000


def test_a_table_deals_and_a_list_waits_for_its_rooms_games_only(
    floor_manager: User, vilnius: Room, club_poker: Game, vilnius_club_poker: Game
) -> None:
    group = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[None])
    for attempt in (
        lambda: services.table_create(actor=group, room=home_room(), number=9, seats=6, game_id=vilnius_club_poker.pk),
        lambda: services.waitlist_add(
            actor=group, room=vilnius, game_id=club_poker.pk, player_id=PlayerFactory(room=vilnius, created_by=group).pk
        ),
    ):
        with pytest.raises(DomainError) as refused:
            attempt()
        assert refused.value.code == "game_of_another_room"
    table = services.table_create(actor=group, room=vilnius, number=9, seats=6)
    with pytest.raises(DomainError) as refused:
        services.table_configure(actor=group, table_id=table.pk, game_id=club_poker.pk, seats=6)
    assert refused.value.code == "game_of_another_room"
    configured = services.table_configure(actor=group, table_id=table.pk, game_id=vilnius_club_poker.pk, seats=6)
    assert configured.game == vilnius_club_poker


def test_the_api_writes_and_reads_each_games_amounts_in_its_rooms_money(
    vilnius: Room, club_poker: Game, vilnius_club_poker: Game, api_for: Callable[[User | None], APIClient]
) -> None:
    group = api_for(UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[None]))
    listed = {row["id"]: row for row in group.get(f"{API}games/").json()["results"]}
    assert (listed[club_poker.pk]["currency"], listed[club_poker.pk]["ante"]) == ("AMD", "1000")
    assert (listed[vilnius_club_poker.pk]["currency"], listed[vilnius_club_poker.pk]["ante"]) == ("EUR", "10.00")
    ours = api_for(UserFactory(roles=[Role.FLOOR_MANAGER])).get(f"{API}games/").json()["results"]
    assert [row["id"] for row in ours] == [club_poker.pk]

    body = {
        "name": "Hold'em NL €1/€2",
        "kind": "texas_holdem",
        "structure": "no_limit",
        "ring": "short_handed",
        "seat_limit": 6,
        "small_blind": "1.00",
        "big_blind": "2.00",
        "min_buy_in": "80.00",
        "max_buy_in": "400.00",
    }
    unnamed = group.post(f"{API}games/create/", body, format="json")
    assert (unnamed.status_code, unnamed.json()["error"]["code"]) == (400, "room_required")
    made = group.post(f"{API}games/create/", {**body, "room_id": vilnius.pk}, format="json")
    assert made.status_code == 201, made.json()
    game = Game.objects.get(pk=made.json()["id"])
    assert (game.room, game.small_blind, game.big_blind, game.max_buy_in) == (vilnius, 100, 200, 40_000)
    assert (made.json()["currency"], made.json()["big_blind"]) == ("EUR", "2.00")
    changed = group.post(f"{API}games/{game.pk}/update/", {"big_blind": "3.00"}, format="json")
    assert changed.status_code == 200, changed.json()
    assert Game.objects.get(pk=game.pk).big_blind == 300
