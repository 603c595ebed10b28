"""The floor's own records are a room's: a waitlist is (room, game), a dealer's shift is in one room, a board
link shows its room's board, and each room writes its signs and board in its own language. Each room's staff
see their room's records alone, and another room's record (a list entry, a shift, a board link, a table, a
seat) is refused on the page and on the API."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from config.errors import Conflict, DomainError
from config.roles import Role
from games.services.scenarios import open_table_with_dealer
from rake.selectors import sign_fee_words
from rooms.models import Room
from tables import selectors, services
from tables.models import (
    DealerShift,
    Game,
    KioskToken,
    Player,
    RoomLanguage,
    SeatAway,
    SeatSession,
    Table,
    TableStatus,
    WaitlistEntry,
    WaitlistStatus,
)
from tables.selectors.signage import room_language
from tables.services.signage import kiosk_token_create, room_language_set
from tests.factories import UserFactory, home_room

pytestmark = pytest.mark.django_db

API = "/api/v1/floor/"


def _neris_table(actor: User, room: Room, game: Game, number: int = 1) -> Table:
    dealer = UserFactory(roles=[Role.DEALER], rooms=[room])
    return open_table_with_dealer(actor=actor, room=room, game=game, dealer=dealer, number=number)


# --- waitlists ------------------------------------------------------------------------------------------


def test_a_player_is_on_a_games_list_once_in_each_room(
    vilnius_club_poker: Game, floor_manager: User, vilnius: Room, club_poker: Game, make_player: Callable[..., Player]
) -> None:
    player = make_player()
    here = services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=player.pk)
    there = services.waitlist_add(actor=floor_manager, room=vilnius, game_id=vilnius_club_poker.pk, player_id=player.pk)
    assert (here.room, there.room) == (home_room(), vilnius)
    with pytest.raises(Conflict, match="already on the Club Poker €10 list"):
        services.waitlist_add(actor=floor_manager, room=vilnius, game_id=vilnius_club_poker.pk, player_id=player.pk)
    with pytest.raises(DomainError) as theirs:  # a room's list is of one of its own games
        services.waitlist_add(actor=floor_manager, room=vilnius, game_id=club_poker.pk, player_id=make_player().pk)
    assert theirs.value.code == "game_of_another_room"


def test_each_room_lists_its_own_waitlists_on_the_page_and_the_api(
    vilnius_club_poker: Game,
    floor_manager: User,
    vilnius_manager: User,
    vilnius: Room,
    club_poker: Game,
    make_player: Callable[..., Player],
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    armen, ruta = make_player("Armen", "Sargsyan"), make_player("Rūta", "Kazlauskienė")
    services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=armen.pk)
    services.waitlist_add(actor=vilnius_manager, room=vilnius, game_id=vilnius_club_poker.pk, player_id=ruta.pk)

    for user, mine, theirs in ((floor_manager, armen, ruta), (vilnius_manager, ruta, armen)):
        page = client_for(user).get(reverse("floor:waitlists")).content.decode()
        assert mine.last_name in page and theirs.last_name not in page
        api = api_for(user)
        [board] = api.get(f"{API}waitlists/").json()
        assert [e["player"]["id"] for e in board["entries"]] == [mine.pk]
        assert [e["player"]["id"] for e in api.get(f"{API}waitlists/entries/").json()["results"]] == [mine.pk]
    floor = client_for(vilnius_manager).get(reverse("floor:floor")).content.decode()
    assert ruta.last_name in floor and armen.last_name not in floor


def test_another_rooms_waitlist_entry_is_refused_on_the_page_and_the_api(
    floor_manager: User,
    vilnius_manager: User,
    club_poker: Game,
    make_player: Callable[..., Player],
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    page = client_for(vilnius_manager).post(reverse("floor:waitlist_action", args=[entry.pk, "call"]))
    assert page.status_code == 403
    api = api_for(vilnius_manager)
    for verb, body in (("call", {}), ("remove", {"reason": "left"}), ("check-in", {})):
        refused = api.post(f"{API}waitlists/entries/{entry.pk}/{verb}/", body, format="json")
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_room", verb
    entry.refresh_from_db()
    assert entry.status == WaitlistStatus.WAITING and entry.called_at is None


def test_a_user_of_several_rooms_names_the_room_of_a_list(
    vilnius: Room,
    vilnius_club_poker: Game,
    make_player: Callable[..., Player],
    api_for: Callable[[User | None], APIClient],
) -> None:
    api = api_for(UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[home_room(), vilnius]))
    body = {"game_id": vilnius_club_poker.pk, "player_id": make_player().pk}
    unnamed = api.post(f"{API}waitlists/entries/create/", body, format="json")
    assert unnamed.status_code == 400 and unnamed.json()["error"]["code"] == "room_required"
    assert api.get(f"{API}waitlists/").json()["error"]["code"] == "room_required"
    named = api.post(f"{API}waitlists/entries/create/", {**body, "room_id": vilnius.pk}, format="json")
    assert named.status_code == 201 and named.json()["room"] == vilnius.pk
    assert len(api.get(f"{API}waitlists/?room={vilnius.pk}").json()[0]["entries"]) == 1
    assert api.get(f"{API}waitlists/?room={home_room().pk}").json() == []
    stranger = api_for(UserFactory(roles=[Role.FLOOR_MANAGER])).get(f"{API}waitlists/?room={vilnius.pk}")
    assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "not_your_room"


def test_a_listed_player_is_seated_only_at_a_table_of_the_lists_room(
    vilnius_club_poker: Game, floor_manager: User, vilnius: Room, club_poker: Game, make_player: Callable[..., Player]
) -> None:
    group = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[None])
    table = _neris_table(group, vilnius, vilnius_club_poker)
    entry = services.waitlist_add(actor=group, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk)
    with pytest.raises(DomainError, match="another room's") as refused:
        services.waitlist_seat(actor=group, entry_id=entry.pk, table_id=table.pk)
    assert refused.value.code == "other_room"
    assert WaitlistEntry.objects.get(pk=entry.pk).status == WaitlistStatus.WAITING


# --- dealers on shift -----------------------------------------------------------------------------------


def test_a_dealer_clocks_in_only_in_a_room_they_work_in(
    vilnius_club_poker: Game, floor_manager: User, vilnius_manager: User, vilnius: Room, club_poker: Game
) -> None:
    dealer = UserFactory(roles=[Role.DEALER], rooms=[vilnius])
    services.dealer_profile_set(actor=vilnius_manager, user_id=dealer.pk, game_ids=[vilnius_club_poker.pk])
    with pytest.raises(DomainError, match="does not work in") as refused:
        services.dealer_clock_in(actor=floor_manager, room=home_room(), dealer_id=dealer.pk)
    assert refused.value.code == "dealer_not_in_room"
    shift = services.dealer_clock_in(actor=vilnius_manager, room=vilnius, dealer_id=dealer.pk)
    assert shift.room == vilnius
    with pytest.raises(DomainError, match="on shift in Salon Neris"):
        services.dealer_clock_out(actor=floor_manager, room=home_room(), dealer_id=dealer.pk)
    assert DealerShift.objects.get(pk=shift.pk).clock_out_at is None


def test_each_room_lists_its_own_dealers_on_shift(
    vilnius_club_poker: Game,
    floor_manager: User,
    vilnius_manager: User,
    vilnius: Room,
    club_poker: Game,
    make_dealer: Callable[..., User],
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    here = make_dealer(club_poker, username="ararat_dealer")
    there = make_dealer(vilnius_club_poker, username="neris_dealer", rooms=[vilnius])
    for user, mine, theirs in ((floor_manager, here, there), (vilnius_manager, there, here)):
        page = client_for(user).get(reverse("tables:dealers")).content.decode()
        assert mine.username in page and theirs.username not in page
        shifts = api_for(user).get(f"{API}dealers/shifts/?open=true").json()["results"]
        assert [s["dealer"]["id"] for s in shifts] == [mine.pk]
        resting = api_for(user).get(f"{API}dealers/rotation/").json()["resting"]
        assert [r["dealer"]["id"] for r in resting] == [mine.pk]
    clock = client_for(vilnius_manager).post(reverse("tables:dealer_clock", args=[here.pk, "out"]), follow=True)
    assert "on shift in" in clock.content.decode()
    assert DealerShift.objects.get(dealer=here).clock_out_at is None


def test_a_dealer_deals_only_tables_of_the_room_of_their_shift(
    vilnius_club_poker: Game,
    floor_manager: User,
    vilnius_manager: User,
    vilnius: Room,
    club_poker: Game,
    open_table: Callable[..., Table],
    make_dealer: Callable[..., User],
    api_for: Callable[[User | None], APIClient],
) -> None:
    table = open_table(club_poker)  # the home room's
    both = make_dealer(club_poker, vilnius_club_poker, rooms=[vilnius, home_room()])  # on shift in Vilnius
    with pytest.raises(DomainError, match="not in the room of table") as refused:
        services.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=both.pk)
    assert refused.value.code == "dealer_other_room"
    api = api_for(vilnius_manager)
    for path, body in (("dealer/assign/", {"dealer_id": both.pk}), ("dealer/release/", {})):
        stranger = api.post(f"{API}tables/{table.pk}/{path}", body, format="json")
        assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "not_your_room", path
    assert table.dealer_assignments.filter(ended_at__isnull=True).count() == 1
    assert api.get(f"{API}dealers/assignments/?table={table.pk}").json()["results"] == []
    assert len(api_for(floor_manager).get(f"{API}dealers/assignments/?table={table.pk}").json()["results"]) == 1


# --- the board, its links and the room's language --------------------------------------------------------


def test_a_board_link_shows_its_rooms_board_in_its_rooms_language(
    vilnius_club_poker: Game,
    floor_manager: User,
    vilnius_manager: User,
    vilnius: Room,
    club_poker: Game,
    open_table: Callable[..., Table],
    make_player: Callable[..., Player],
    client_for: Callable[[User | None], Client],
) -> None:
    open_table(club_poker, number=7)
    services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player("Armen", "Sargsyan").pk
    )
    _neris_table(vilnius_manager, vilnius, vilnius_club_poker, number=3)
    services.waitlist_add(
        actor=vilnius_manager,
        room=vilnius,
        game_id=vilnius_club_poker.pk,
        player_id=make_player("Rūta", "Kazlauskienė").pk,
    )
    room_language_set(actor=vilnius_manager, room=vilnius, language="lt", fee_words=sign_fee_words)

    page = client_for(vilnius_manager)
    page.post(reverse("tables:kiosk_link_create"), {"label": "TV by the bar"})
    token = KioskToken.objects.get()
    assert token.room == vilnius
    signage = page.get(reverse("tables:signage")).content.decode()
    link = re.search(r'value="https?://[^/"]+(/[^"]+)" aria-label="[^"]*" data-kiosk-link', signage)
    assert link is not None, signage
    board = Client().get(link[1]).content.decode()
    assert '<html lang="lt">' in board and "Salon Neris" in board
    assert 'data-board-table="3"' in board and 'data-board-table="7"' not in board
    assert "Rūta K." in board and "Armen S." not in board
    assert "TV by the bar" not in client_for(floor_manager).get(reverse("tables:signage")).content.decode()


def test_another_rooms_board_link_is_not_revoked(
    floor_manager: User, vilnius_manager: User, vilnius: Room, client_for: Callable[[User | None], Client]
) -> None:
    link = kiosk_token_create(actor=vilnius_manager, room=vilnius, label="TV")
    refused = client_for(floor_manager).post(reverse("tables:kiosk_link_revoke", args=[link.token.pk]), follow=True)
    assert "another room" in refused.content.decode()
    assert KioskToken.objects.get().revoked_at is None


def test_each_room_writes_its_signs_in_its_own_language(
    vilnius_club_poker: Game,
    floor_manager: User,
    vilnius_manager: User,
    vilnius: Room,
    club_poker: Game,
    open_table: Callable[..., Table],
    client_for: Callable[[User | None], Client],
) -> None:
    ararat = open_table(club_poker)
    neris = _neris_table(vilnius_manager, vilnius, vilnius_club_poker)
    client_for(vilnius_manager).post(reverse("floor:room_language_set"), {"language": "lt"})
    assert RoomLanguage.objects.get().room == vilnius
    assert (room_language(room_id=vilnius.pk), room_language(room_id=home_room().pk)) == ("lt", "en")
    assert selectors.sign_current(table_id=neris.pk).data["language"] == "lt"
    assert selectors.sign_current(table_id=ararat.pk).data["language"] == "en"
    sign = client_for(vilnius_manager).get(reverse("floor:sign", args=[neris.pk])).content.decode()
    assert '<div class="sign-room" data-sign-room>Salon Neris</div>' in sign


# --- another room's tables and seats -------------------------------------------------------------------


def test_another_rooms_tables_and_seats_are_refused_on_every_operation(
    vilnius_club_poker: Game,
    vilnius_manager: User,
    vilnius: Room,
    club_poker: Game,
    open_table: Callable[..., Table],
    seat: Callable[..., SeatSession],
    make_player: Callable[..., Player],
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    running = open_table(club_poker)  # the home room's
    closed = open_table(club_poker, open=False)
    session = seat(running)
    mine = _neris_table(vilnius_manager, vilnius, vilnius_club_poker)
    player = make_player().pk
    api = api_for(vilnius_manager)
    calls: list[tuple[str, dict[str, object]]] = [
        (f"tables/{running.pk}/configure/", {"game_id": club_poker.pk, "seats": 6}),
        (f"tables/{closed.pk}/open/", {}),
        (f"tables/{running.pk}/pause/", {}),
        (f"tables/{running.pk}/resume/", {}),
        (f"tables/{running.pk}/close/", {}),
        (f"tables/{running.pk}/seat/", {"player_id": player}),
        (f"seat-sessions/{session.pk}/move/", {"table_id": mine.pk}),
        (f"seat-sessions/{session.pk}/stand-up/", {}),
        (f"seat-sessions/{session.pk}/away/", {}),
        (f"seat-sessions/{session.pk}/back/", {}),
    ]
    for path, body in calls:
        refused = api.post(f"{API}{path}", body, format="json")
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_room", path
    assert api.get(f"{API}seat-sessions/{session.pk}/aways/").status_code == 403
    assert api.get(f"{API}seat-sessions/?open=true").json()["results"] == []

    page = client_for(vilnius_manager)
    posts: list[tuple[str, dict[str, object]]] = [
        (reverse("floor:table_configure", args=[running.pk]), {"game_id": club_poker.pk, "seats": 6}),
        (reverse("floor:table_transition", args=[closed.pk, "open"]), {}),
        (reverse("floor:table_transition", args=[running.pk, "pause"]), {}),
        (reverse("floor:seat_player", args=[running.pk]), {"player_id": player, "buy_in": "20000"}),
        (reverse("floor:seat_move", args=[session.pk]), {"from_table_id": mine.pk, "table_id": mine.pk}),
        (reverse("floor:seat_stand_up", args=[session.pk]), {"table_id": mine.pk}),
        (reverse("floor:seat_away", args=[session.pk]), {}),
    ]
    for url, body in posts:
        response = page.post(url, body, follow=True)
        assert response.status_code == 403 or "another room" in response.content.decode(), url

    running.refresh_from_db()
    closed.refresh_from_db()
    assert (running.status, closed.status) == (TableStatus.OPEN, TableStatus.CLOSED)
    assert SeatSession.objects.get(pk=session.pk).ended_at is None
    assert not SeatAway.objects.exists() and not mine.seat_sessions.exists()


def test_a_player_moves_only_between_tables_of_one_room(
    vilnius_club_poker: Game,
    vilnius: Room,
    club_poker: Game,
    open_table: Callable[..., Table],
    seat: Callable[..., SeatSession],
) -> None:
    group = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[None])
    session = seat(open_table(club_poker))
    there = _neris_table(group, vilnius, vilnius_club_poker)
    with pytest.raises(DomainError, match="between tables of one room"):
        services.seat_move(actor=group, session_id=session.pk, table_id=there.pk)
    assert SeatSession.objects.get(pk=session.pk).ended_at is None
