"""Money and time are the room's: a euro room's pages, sign and forms are in euros with cents, the first
room's stay in drams without decimals, a record of another room than the one picked is shown in its own
room's money, a tray count is booked to its table's room's gaming day, and a request leaves the installation's
currency and time zone behind it, also when it fails."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.template import Context, Template
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from cashier.services.slips import slip_request
from cashier.services.trays import tray_count_record
from config import money
from config.roles import Role
from config.room_context import room_activated, use_records_room
from games import services as hands
from games.models import SeatStack
from games.services import scenarios
from ledger.services.chips import denomination_create
from rooms.models import Room
from rooms.services import room_create
from rooms.views.current import CurrentRoom
from tables.models import Game, Player, Table
from tests.factories import PlayerFactory, UserFactory, home_room

pytestmark = pytest.mark.django_db

EURO = money.Currency("EUR", 2)


@pytest.fixture
def vilnius() -> Room:
    # Its day starts at 02:00: at 23:30 UTC (02:30 in Vilnius in June) it is a new gaming day there, while
    # Yerevan (03:30, its day starting at 06:00) is still in the day before.
    return room_create(
        code="vilnius",
        name="Vilnius",
        time_zone="Europe/Vilnius",
        currency="EUR",
        currency_exponent=2,
        gaming_day_start=time(2, 0),
    )


def _open_table(room: Room, manager: User, game: Game, number: int) -> Table:
    dealer = UserFactory(roles=[Role.DEALER], rooms=[room])
    return scenarios.open_table_with_dealer(actor=manager, room=room, game=game, dealer=dealer, number=number)


@pytest.fixture
def euro_table(vilnius_club_poker: Game, vilnius: Room, vilnius_manager: User, club_poker: Game) -> Table:
    """Club Poker: a buy-in of 20,000 to 200,000 minor units, 200.00 to 2,000.00 in euros."""
    return _open_table(vilnius, vilnius_manager, vilnius_club_poker, 1)


def test_a_euro_rooms_table_page_and_sign_say_eur_with_two_decimals(
    euro_table: Table, vilnius_manager: User, client_for: Callable[[User | None], Client]
) -> None:
    client = client_for(vilnius_manager)
    page = client.get(reverse("floor:table", args=[euro_table.pk])).content.decode()
    assert "200.00 – 2,000.00 EUR" in page and "Buy-in (EUR)" in page and "AMD" not in page
    sign = client.get(reverse("floor:sign", args=[euro_table.pk])).content.decode()
    assert "Buy-in 200.00 – 2,000.00 EUR" in sign and "Ante 10.00 EUR" in sign


def test_a_sign_is_in_its_tables_currency_whoever_puts_it_up(
    vilnius_club_poker: Game, vilnius: Room, vilnius_manager: User, floor_manager: User, club_poker: Game
) -> None:
    # Both put up in the first room's money: a request of a user who picked it, a beat task.
    with room_activated(home_room()):
        euro_table = _open_table(vilnius, vilnius_manager, vilnius_club_poker, 2)
        amd_table = _open_table(home_room(), floor_manager, club_poker, 2)
    assert "Buy-in 200.00 – 2,000.00 EUR" in euro_table.sign_versions.get(valid_to__isnull=True).content
    assert "Buy-in 20,000 – 200,000 AMD" in amd_table.sign_versions.get(valid_to__isnull=True).content


def _seat(client: Client, table: Table, player: Player, buy_in: str) -> Any:
    url = reverse("floor:seat_player", args=[table.pk])
    return client.post(url, {"player_id": player.pk, "seat_number": 1, "buy_in": buy_in})


def test_a_euro_rooms_form_takes_cents_and_refuses_more_decimals(
    euro_table: Table,
    vilnius_manager: User,
    client_for: Callable[[User | None], Client],
) -> None:
    client = client_for(vilnius_manager)
    refused = _seat(client, euro_table, PlayerFactory(), "250.505")
    assert refused.status_code == 400
    assert "250.505" in refused.content.decode() and "more decimals than EUR allows (2)" in refused.content.decode()
    assert _seat(client, euro_table, PlayerFactory(), "250.50").status_code == 302
    assert SeatStack.objects.get(seat_session__table=euro_table).change == 25_050


def test_the_first_room_still_refuses_decimals(
    floor_manager: User,
    club_poker: Game,
    vilnius: Room,
    client_for: Callable[[User | None], Client],
) -> None:
    table = _open_table(home_room(), floor_manager, club_poker, 3)
    client = client_for(floor_manager)
    refused = _seat(client, table, PlayerFactory(), "25000.50")
    assert refused.status_code == 400 and "more decimals than AMD allows (0)" in refused.content.decode()
    assert _seat(client, table, PlayerFactory(), "25,000").status_code == 302
    assert SeatStack.objects.get(seat_session__table=table).change == 25_000


def test_a_group_accountant_sees_another_rooms_table_and_hand_in_that_rooms_money(
    vilnius_holdem: Game,
    vilnius: Room,
    vilnius_manager: User,
    holdem: Game,
    client_for: Callable[[User | None], Client],
) -> None:
    table = _open_table(vilnius, vilnius_manager, vilnius_holdem, 4)
    for number in (1, 2, 3):
        scenarios.seat_player(
            actor=vilnius_manager, table=table, first_name="P", last_name=f"Seat{number}", seat=number, stack=100_000
        )
    hand = hands.hand_start(actor=vilnius_manager, table_id=table.pk).hand
    group = UserFactory(roles=[Role.ACCOUNTANT], rooms=[None])
    client = client_for(group)
    assert client.post(reverse("rooms:choose"), {"room_id": home_room().pk}).status_code == 302
    floor = client.get(reverse("floor:table", args=[table.pk])).content.decode()
    assert "400.00 – 2,000.00 EUR" in floor
    page = client.get(reverse("games:hand", args=[hand.pk])).content.decode()
    assert "15.00" in page and "1,500" not in page  # the blinds' pot, 1,500 cents
    log = client.get(reverse("games:hand_list")).content.decode()
    assert "15.00" in log and "1,500" not in log
    # The top bar names the record's room on its pages, the picked room elsewhere.
    for html in (floor, page):
        assert f'<option value="{vilnius.pk}" selected>' in html, "the top bar names the hand's room"
    assert f'<option value="{home_room().pk}" selected>' in log


def test_a_tray_count_is_booked_to_its_tables_rooms_gaming_day(
    euro_table: Table, floor_manager: User, vilnius_manager: User, club_poker: Game
) -> None:
    yerevan_table = _open_table(home_room(), floor_manager, club_poker, 5)
    with time_machine.travel(datetime.fromisoformat("2026-06-17T23:30:00+00:00"), tick=False):
        there = tray_count_record(actor=vilnius_manager, table_id=euro_table.pk, kind="opener", chips={})
        here = tray_count_record(actor=floor_manager, table_id=yerevan_table.pk, kind="opener", chips={})
    assert (there.gaming_day.isoformat(), here.gaming_day.isoformat()) == ("2026-06-18", "2026-06-17")


def test_a_slip_takes_its_rooms_year_whatever_zone_the_request_is_in(euro_table: Table, vilnius_manager: User) -> None:
    chip = denomination_create(value=1_000, colour="red", label="10", room_id=home_room().pk)
    # 23:30 on New Year's Eve in Vilnius is already 01:30 of the new year in Yerevan.
    with (
        time_machine.travel(datetime.fromisoformat("2026-12-31T21:30:00+00:00"), tick=False),
        room_activated(home_room()),
    ):
        slip = slip_request(actor=vilnius_manager, kind="fill", table_id=euro_table.pk, chips={chip.pk: 1})
    assert (slip.year, slip.number) == (2026, 1)


def _request_of(user: User, **query: str) -> HttpRequest:
    request = RequestFactory().get("/", query)
    request.user = user
    request.session = {}  # type: ignore[assignment]
    return request


def test_a_request_is_in_its_rooms_money_and_time_and_leaves_the_installations_after(vilnius: Room) -> None:
    seen: list[tuple[money.Currency, str]] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append((money.active(), timezone.get_current_timezone_name()))
        if request.GET:
            raise RuntimeError("the view failed")
        return HttpResponse()

    middleware = CurrentRoom(view)
    user = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[vilnius])
    before = (money.active(), timezone.get_current_timezone_name())
    middleware(_request_of(user))
    assert (money.active(), timezone.get_current_timezone_name()) == before
    with pytest.raises(RuntimeError):
        middleware(_request_of(user, fail="1"))
    assert (
        (money.active(), timezone.get_current_timezone_name()) == before == (money.Currency("AMD", 0), "Asia/Yerevan")
    )
    assert seen == [(EURO, "Europe/Vilnius")] * 2


def test_a_records_room_holds_to_the_end_of_the_block_and_needs_one(vilnius: Room) -> None:
    with room_activated(home_room()):
        use_records_room(vilnius)
        assert (money.active(), timezone.get_current_timezone_name()) == (EURO, "Europe/Vilnius")
        assert money.format_money(1250, currency=True) == "12.50 EUR"
    assert money.active() == money.Currency("AMD", 0) and money.format_money(1250) == "1,250"
    with pytest.raises(RuntimeError, match="enclosing room_activated"):
        use_records_room(vilnius)


def test_money_in_shows_an_amount_in_the_rooms_currency(vilnius: Room) -> None:
    template = Template("{% load money %}{{ amount|money_in:room }} / {{ amount|money_in:dinar }} / {{ amount|money }}")
    context = {"amount": 123_456, "room": vilnius, "dinar": money.Currency("KWD", 3)}
    assert template.render(Context(context)) == "1,234.56 / 123.456 / 123,456"
