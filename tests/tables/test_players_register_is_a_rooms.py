"""The players register is the group's or each room's (``CARDROOM_SHARED_PLAYER_REGISTER``), and an
expulsion is a room's or the group's. A player is registered in a room the user works in; with a register
per room, a room's staff find, open, list, seat and bar only their rooms' players (another room's answers
403 ``not_your_room``), while a user of the whole group sees every room's. A room (or premises) expulsion
bars from the tables of the room that decided it, a group expulsion from every room's, and only a user of
the whole group expels for the group or lifts that."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from cashier.selectors.players import players_find
from config.errors import DomainError, Forbidden
from config.roles import Role
from games.services.scenarios import open_table_with_dealer
from rooms.models import Room
from tables import services
from tables.models import Expulsion, ExpulsionDuration, ExpulsionScope, Game, Player, SeatEndReason, Table
from tests.factories import UserFactory, home_room

pytestmark = pytest.mark.django_db

API = "/api/v1/floor/"


@pytest.fixture
def group_manager(db: None) -> User:
    return UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[None])


@pytest.fixture
def per_room(settings: Settings) -> None:
    settings.CARDROOM_SHARED_PLAYER_REGISTER = False


@pytest.fixture
def armen(floor_manager: User) -> Player:
    return services.player_create(actor=floor_manager, room=home_room(), first_name="Armen", last_name="Sargsyan")


@pytest.fixture
def ruta(vilnius_manager: User, vilnius: Room) -> Player:
    return services.player_create(actor=vilnius_manager, room=vilnius, first_name="Rūta", last_name="Kazlauskienė")


def _table(actor: User, room: Room, game: Game, number: int) -> Table:
    dealer = UserFactory(roles=[Role.DEALER], rooms=[room])
    return open_table_with_dealer(actor=actor, room=room, game=game, dealer=dealer, number=number)


def _expel(actor: User, room: Room, player: Player, scope: str = ExpulsionScope.ROOM) -> Expulsion:
    return services.expulsion_create(
        actor=actor,
        room=room,
        player_id=player.pk,
        rule="Club Poker: players must not show their combinations",
        reason="Showed his cards twice",
        duration=ExpulsionDuration.UNTIL,
        until=timezone.now() + timedelta(days=30),
        scope=scope,
    )


def _seen(
    user: User,
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
    player: Player,
) -> dict[str, bool]:
    """Where ``user`` finds ``player`` (registered, and expelled in the player's room)."""
    page = client_for(user)
    api = api_for(user)
    name = player.last_name
    return {
        "search": name in page.get(reverse("tables:players"), {"q": player.first_name}).content.decode(),
        "list": name in page.get(reverse("tables:players")).content.decode(),
        "picker": f'value="{player.pk}"' in page.get(reverse("floor:player_pick"), {"q": name}).content.decode(),
        "detail": page.get(reverse("tables:player", args=[player.pk])).status_code == 200,
        "barred": name in page.get(reverse("tables:expulsions")).content.decode(),
        "csv": name in page.get(reverse("tables:expulsions_csv")).content.decode(),
        "api list": player.pk in [p["id"] for p in api.get(f"{API}players/", {"q": name}).json()["results"]],
        "api detail": api.get(f"{API}players/{player.pk}/").status_code == 200,
        "api barred": player.pk in [e["player"]["id"] for e in api.get(f"{API}expulsions/").json()["results"]],
    }


# --- the register -----------------------------------------------------------------------------------------


def test_a_player_is_registered_in_the_picked_room_and_only_where_the_user_works(
    vilnius_manager: User,
    floor_manager: User,
    vilnius: Room,
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    client_for(vilnius_manager).post(reverse("tables:players"), {"first_name": "Jonas", "last_name": "Petrauskas"})
    made = api_for(vilnius_manager).post(f"{API}players/create/", {"first_name": "Ona", "last_name": "Butkutė"})
    assert made.status_code == 201 and made.json()["room"] == vilnius.pk
    assert dict(Player.objects.values_list("last_name", "room_id")) == {"Petrauskas": vilnius.pk, "Butkutė": vilnius.pk}

    with pytest.raises(Forbidden) as refused:
        services.player_create(actor=floor_manager, room=vilnius, first_name="Lina", last_name="Vaitkutė")
    assert refused.value.code == "not_your_room"
    other = api_for(floor_manager).post(
        f"{API}players/create/", {"first_name": "Lina", "last_name": "Vaitkutė", "room_id": vilnius.pk}
    )
    assert other.status_code == 403 and other.json()["error"]["code"] == "not_your_room"
    assert not Player.objects.filter(last_name="Vaitkutė").exists()


def test_with_a_register_per_room_a_rooms_staff_see_only_their_rooms_players(
    per_room: None,
    floor_manager: User,
    vilnius_manager: User,
    vilnius: Room,
    armen: Player,
    ruta: Player,
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    _expel(floor_manager, home_room(), armen)
    _expel(vilnius_manager, vilnius, ruta)
    everywhere = dict.fromkeys(_seen(floor_manager, client_for, api_for, armen), True)
    nowhere = dict.fromkeys(everywhere, False)

    assert _seen(floor_manager, client_for, api_for, armen) == everywhere
    assert _seen(floor_manager, client_for, api_for, ruta) == nowhere
    assert _seen(vilnius_manager, client_for, api_for, ruta) == everywhere
    assert _seen(vilnius_manager, client_for, api_for, armen) == nowhere

    refused = api_for(floor_manager).get(f"{API}players/{ruta.pk}/")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_room"
    assert client_for(floor_manager).get(reverse("tables:player", args=[ruta.pk])).status_code == 403
    expulsion = ruta.expulsions.get()
    assert api_for(floor_manager).get(f"{API}expulsions/{expulsion.pk}/").status_code == 403
    # The cage's window searches the same register.
    assert [m.player for m in players_find(user=floor_manager, query="Kazlauskienė").matches] == []


def test_a_shared_register_shows_every_rooms_players_and_a_group_user_sees_every_room(
    settings: Settings,
    floor_manager: User,
    group_manager: User,
    vilnius_manager: User,
    vilnius: Room,
    ruta: Player,
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    _expel(vilnius_manager, vilnius, ruta)
    seen = _seen(floor_manager, client_for, api_for, ruta)
    # The picker flags Rūta barred at Salon Neris's tables, not here: she is offered.
    assert seen == dict.fromkeys(seen, True)

    settings.CARDROOM_SHARED_PLAYER_REGISTER = False
    # The home room's manager is picked; the group manager works in every room.
    assert _seen(group_manager, client_for, api_for, ruta) == dict.fromkeys(seen, True)


def test_with_a_register_per_room_another_rooms_player_is_not_seated_listed_or_expelled(
    per_room: None,
    floor_manager: User,
    club_poker: Game,
    ruta: Player,
    armen: Player,
) -> None:
    table = _table(floor_manager, home_room(), club_poker, 1)
    for attempt in (
        lambda: services.seat_player(actor=floor_manager, table_id=table.pk, player_id=ruta.pk),
        lambda: services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=ruta.pk),
        lambda: _expel(floor_manager, home_room(), ruta),
        lambda: services.player_update(actor=floor_manager, player_id=ruta.pk, alias="Ruta"),
    ):
        with pytest.raises(Forbidden) as refused:
            attempt()
        assert refused.value.code == "not_your_room"
    services.seat_player(actor=floor_manager, table_id=table.pk, player_id=armen.pk)


def test_a_likely_duplicate_is_looked_for_in_the_register_the_player_joins(
    settings: Settings, floor_manager: User, vilnius_manager: User, vilnius: Room, ruta: Player
) -> None:
    with pytest.raises(DomainError) as twin:
        services.player_create(actor=floor_manager, room=home_room(), first_name="Rūta", last_name="Kazlauskienė")
    assert twin.value.code == "likely_duplicate"
    settings.CARDROOM_SHARED_PLAYER_REGISTER = False
    # Another room's register is not shown to this one, so it names no twin there.
    new = services.player_create(actor=floor_manager, room=home_room(), first_name="Rūta", last_name="Kazlauskienė")
    assert new.room == home_room()


# --- expulsions -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scope", [ExpulsionScope.ROOM, ExpulsionScope.PREMISES])
def test_a_room_expulsion_bars_the_player_from_that_rooms_tables_only(
    vilnius_club_poker: Game,
    scope: str,
    floor_manager: User,
    group_manager: User,
    vilnius: Room,
    club_poker: Game,
    armen: Player,
) -> None:
    here = _table(floor_manager, home_room(), club_poker, 1)
    there = _table(group_manager, vilnius, vilnius_club_poker, 1)
    seat_there = services.seat_player(actor=group_manager, table_id=there.pk, player_id=armen.pk)
    expulsion = _expel(floor_manager, home_room(), armen, scope)

    assert (expulsion.room, expulsion.scope) == (home_room(), scope)
    seat_there.refresh_from_db()
    assert seat_there.ended_at is None  # the seat in the other room is not ended
    with pytest.raises(DomainError) as refused:
        services.seat_player(actor=floor_manager, table_id=here.pk, player_id=armen.pk)
    assert refused.value.code == "player_expelled"
    services.waitlist_add(actor=group_manager, room=vilnius, game_id=vilnius_club_poker.pk, player_id=armen.pk)


def test_a_group_expulsion_bars_the_player_from_every_rooms_tables(
    vilnius_club_poker: Game, group_manager: User, vilnius: Room, club_poker: Game, armen: Player
) -> None:
    there = _table(group_manager, vilnius, vilnius_club_poker, 1)
    seated = services.seat_player(actor=group_manager, table_id=there.pk, player_id=armen.pk)
    _expel(group_manager, home_room(), armen, ExpulsionScope.GROUP)

    seated.refresh_from_db()
    assert seated.end_reason == SeatEndReason.EXPELLED
    for room in (home_room(), vilnius):
        with pytest.raises(DomainError) as refused:
            services.waitlist_add(actor=group_manager, room=room, game_id=club_poker.pk, player_id=armen.pk)
        assert refused.value.code == "player_expelled"
    with pytest.raises(DomainError, match="expelled"):
        services.seat_player(actor=group_manager, table_id=there.pk, player_id=armen.pk)


def test_only_a_user_of_the_whole_group_expels_for_the_group_or_lifts_it(
    floor_manager: User,
    group_manager: User,
    armen: Player,
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    with pytest.raises(Forbidden) as refused:
        _expel(floor_manager, home_room(), armen, ExpulsionScope.GROUP)
    assert refused.value.code == "group_decision"
    body = {"player_id": armen.pk, "rule": "r", "reason": "x", "duration": "permanent", "scope": "group"}
    api = api_for(floor_manager).post(f"{API}expulsions/create/", body, format="json")
    assert api.status_code == 403 and api.json()["error"]["code"] == "group_decision"
    page = client_for(floor_manager).post(reverse("tables:expulsion_create", args=[armen.pk]), body)
    assert page.status_code == 400 and not Expulsion.objects.exists()

    # The form offers the group's scope only to a user of the whole group.
    option = 'value="group"'
    assert option not in client_for(floor_manager).get(reverse("tables:player", args=[armen.pk])).content.decode()
    assert option in client_for(group_manager).get(reverse("tables:player", args=[armen.pk])).content.decode()

    expulsion = _expel(group_manager, home_room(), armen, ExpulsionScope.GROUP)
    lift = reverse("tables:expulsion_lift", args=[expulsion.pk])
    assert lift not in client_for(floor_manager).get(reverse("tables:expulsions")).content.decode()
    assert lift in client_for(group_manager).get(reverse("tables:expulsions")).content.decode()
    with pytest.raises(Forbidden) as refused:
        services.expulsion_lift(actor=floor_manager, expulsion_id=expulsion.pk, reason="apologised")
    assert refused.value.code == "group_decision"
    services.expulsion_lift(actor=group_manager, expulsion_id=expulsion.pk, reason="apologised")


def test_a_room_expulsion_is_lifted_in_its_room(
    floor_manager: User, vilnius_manager: User, group_manager: User, armen: Player
) -> None:
    expulsion = _expel(floor_manager, home_room(), armen)
    with pytest.raises(Forbidden) as refused:
        services.expulsion_lift(actor=vilnius_manager, expulsion_id=expulsion.pk, reason="apologised")
    assert refused.value.code == "not_your_room"
    services.expulsion_lift(actor=group_manager, expulsion_id=expulsion.pk, reason="apologised")
    expulsion.refresh_from_db()
    assert expulsion.lifted_by == group_manager


def test_the_barred_list_names_the_room_and_the_scope(
    floor_manager: User, group_manager: User, armen: Player, client_for: Callable[[User | None], Client]
) -> None:
    _expel(group_manager, home_room(), armen, ExpulsionScope.GROUP)
    page = client_for(floor_manager).get(reverse("tables:expulsions")).content.decode()
    assert f"<td>{home_room().name}</td><td>every room of the group</td>" in page
    csv = client_for(floor_manager).get(reverse("tables:expulsions_csv")).content.decode().splitlines()
    assert [csv[0].split(",")[i] for i in (5, -1)] == ["scope", "room"]
    assert [csv[1].split(",")[i] for i in (5, -1)] == ["group", home_room().name]
