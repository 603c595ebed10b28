"""A table is one room's: its number is unique in the room, not across the group; an installation of
several rooms asks which room a new table is in (page and API alike), one of a single room does not."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from config.errors import Conflict, DomainError
from config.roles import Role
from rooms.models import ButtonRule, Room
from rooms.services import room_create
from tables import services
from tables.models import Game, Table
from tests.factories import UserFactory, home_room

CREATE = "/api/v1/floor/tables/create/"

pytestmark = pytest.mark.django_db


def test_table_numbers_repeat_across_rooms_never_within_one(floor_manager: User, vilnius: Room) -> None:
    yerevan = home_room()
    services.table_create(actor=floor_manager, room=yerevan, number=1, seats=6)
    services.table_create(actor=floor_manager, room=vilnius, number=1, seats=6)
    with pytest.raises(Conflict):
        services.table_create(actor=floor_manager, room=vilnius, number=1, seats=6)
    assert sorted(Table.objects.values_list("room__code", "number")) == sorted([(yerevan.code, 1), ("vilnius", 1)])


def test_a_user_of_several_rooms_names_the_room_of_a_new_table(
    vilnius: Room, api_for: Callable[[User | None], APIClient]
) -> None:
    both = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[home_room(), vilnius])
    api = api_for(both)
    unnamed = api.post(CREATE, {"number": 5, "seats": 6}, format="json")
    assert unnamed.status_code == 400 and unnamed.json()["error"]["code"] == "room_required", unnamed.json()
    named = api.post(CREATE, {"number": 5, "seats": 6, "room_id": vilnius.pk}, format="json")
    assert named.status_code == 201, named.json()
    assert Table.objects.get(number=5).room == vilnius


def test_a_user_of_one_room_needs_not_name_it_and_cannot_name_another(
    floor_manager: User, vilnius: Room, api_for: Callable[[User | None], APIClient]
) -> None:
    api = api_for(floor_manager)
    assert api.post(CREATE, {"number": 7, "seats": 6}, format="json").status_code == 201
    assert Table.objects.get(number=7).room == home_room()
    other = api.post(CREATE, {"number": 8, "seats": 6, "room_id": vilnius.pk}, format="json")
    assert other.status_code == 403 and other.json()["error"]["code"] == "not_your_room"
    assert not Table.objects.filter(number=8).exists()


def test_the_floor_shows_the_room_picked_in_the_top_bar_and_creates_tables_there(
    club_poker: Game, vilnius: Room, client_for: Callable[[User | None], Client]
) -> None:
    both = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[home_room(), vilnius])
    ararat = services.table_create(actor=both, room=home_room(), number=1, seats=6)
    neris = services.table_create(actor=both, room=vilnius, number=1, seats=6)
    here, there = (reverse("floor:table", args=[t.pk]) for t in (ararat, neris))
    page = client_for(both)
    floor = page.get(reverse("floor:floor")).content.decode()
    assert 'id="room-select"' in floor and here in floor and there not in floor

    picked = page.post(reverse("rooms:choose"), {"room_id": vilnius.pk, "next": reverse("floor:floor")})
    assert picked.status_code == 302 and picked["Location"] == reverse("floor:floor")
    floor = page.get(reverse("floor:floor")).content.decode()
    assert there in floor and here not in floor
    page.post(reverse("floor:table_create"), {"number": 2, "seats": 6, "room_id": vilnius.pk})
    assert Table.objects.get(number=2).room == vilnius


def test_a_room_one_does_not_work_in_cannot_be_picked(
    floor_manager: User, vilnius: Room, client_for: Callable[[User | None], Client]
) -> None:
    page = client_for(floor_manager)
    assert page.post(reverse("rooms:choose"), {"room_id": vilnius.pk}).status_code == 403
    assert 'id="room-select"' not in page.get(reverse("floor:floor")).content.decode()


def test_another_rooms_table_is_refused_on_the_page_and_the_api(
    vilnius: Room,
    club_poker: Game,
    open_table: Callable[..., Table],
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    table = open_table(club_poker)  # the home room's
    stranger = UserFactory(roles=[Role.FLOOR_MANAGER, Role.ACCOUNTANT], rooms=[vilnius])
    assert client_for(stranger).get(reverse("floor:table", args=[table.pk])).status_code == 403
    api = api_for(stranger)
    detail = api.get(f"/api/v1/floor/tables/{table.pk}/")
    assert detail.status_code == 403 and detail.json()["error"]["code"] == "not_your_room"
    assert api.get("/api/v1/floor/tables/").json()["results"] == []
    group = UserFactory(roles=[Role.ACCOUNTANT], rooms=[None])
    assert api_for(group).get(f"/api/v1/floor/tables/{table.pk}/").status_code == 200


@pytest.mark.parametrize(
    ("figures", "refusal"),
    [
        ({"time_zone": "Mars/Olympus"}, "is not an IANA time zone"),
        ({"currency": "eur"}, "three capital letters"),
        ({"currency_exponent": 7}, "at most 4 decimals"),
        ({"dealer_max_minutes": 0}, "at least 1"),
        ({"fee_percent": 5}, "Unknown room figures: fee_percent"),
    ],
)
def test_a_room_with_a_bad_figure_is_refused_and_not_made(figures: dict[str, object], refusal: str) -> None:
    with pytest.raises(DomainError, match=refusal):
        room_create(code="bad", name="Bad", **figures)
    assert not Room.objects.filter(code="bad").exists()


def test_room_create_command_opens_a_room_with_the_currency_decimals() -> None:
    call_command(
        "room_create", "kaunas", "Kaunas", "--currency", "EUR", "--gaming-day-start", "07:00", "--button", "dead"
    )
    room = Room.objects.get(code="kaunas")
    assert (room.currency, room.currency_exponent, room.gaming_day_start.hour, room.button) == (
        "EUR",
        2,
        7,
        ButtonRule.DEAD,
    )
    assert room.cash_buy_ins_at_tables  # the installation's default
    with pytest.raises(CommandError, match="exists already"):
        call_command("room_create", "kaunas", "Kaunas again")
    call_command("room_create", "siauliai", "Šiauliai", "--currency", "EUR", "--no-cash-buy-ins-at-tables")
    assert not Room.objects.get(code="siauliai").cash_buy_ins_at_tables
    with pytest.raises(CommandError, match="decimals"):
        call_command("room_create", "zz", "ZZ", "--currency", "XYZ")
