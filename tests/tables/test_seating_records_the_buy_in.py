"""Seating from the table page or from the waitlist records the buy-in with the seat, in one transaction, as
the dealer's screen expects (a ``SeatStack`` buy-in row); a refused buy-in seats nobody and keeps the form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services as hands
from games.models import SeatStack, StackKind
from games.services.stacks import seated_with_stacks
from tables import services
from tables.models import SeatSession, WaitlistEntry, WaitlistStatus
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def _seat(client, table, player, **fields):
    data = {"player_id": player.pk, "q": player.last_name, **fields}
    return client.post(reverse("floor:seat_player", args=[table.pk]), data)


def test_seating_from_the_table_page_records_the_buy_in(floor_manager, club_poker, open_table, make_player, client_for):
    table = open_table(club_poker)
    player = make_player()
    response = _seat(client_for(floor_manager), table, player, seat_number="3", buy_in="50,000")  # as shown
    assert response.status_code == 302
    session = SeatSession.objects.get(table=table, player=player, ended_at__isnull=True)
    row = SeatStack.objects.get(seat_session=session)
    assert (row.kind, row.stack, row.change, row.seat_number) == (StackKind.BUY_IN, 50_000, 50_000, 3)
    assert [(s.session.seat_number, s.stack) for s in seated_with_stacks(table.pk)] == [(3, 50_000)]


def test_the_dealer_starts_a_hand_with_the_chips_the_floor_recorded(
    floor_manager, club_poker, open_table, make_dealer, make_player, client_for
):
    dealer = make_dealer(club_poker)
    table = open_table(club_poker, dealer=dealer)
    client = client_for(floor_manager)
    for _ in range(2):
        assert _seat(client, table, make_player(), buy_in="40000").status_code == 302
    started = hands.hand_start(actor=dealer, table_id=table.pk)  # no buy-ins asked: they are on record
    assert sorted(started.state.seats) == [1, 2]
    # A player sitting down while that hand is dealt buys in at once; the hand is not touched.
    late = make_player()
    assert _seat(client, table, late, buy_in="60000").status_code == 302
    row = SeatStack.objects.get(seat_session__player=late)
    assert (row.kind, row.stack, row.hand_id) == (StackKind.BUY_IN, 60_000, None)


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("", "Enter the buy-in"),
        ("1e3", "is not an amount"),
        ("20,00", "is not an amount"),  # a separator out of place
        ("-5", "is not an amount"),
        ("500", "20,000 to 200,000"),  # below the game's minimum buy-in
        ("900000", "20,000 to 200,000"),  # above its maximum
    ],
)
def test_a_refused_buy_in_seats_nobody_and_keeps_the_form(
    typed, why, floor_manager, club_poker, open_table, make_player, client_for
):
    table = open_table(club_poker)
    player = make_player("Lusine", "Hakobyan")
    response = _seat(client_for(floor_manager), table, player, seat_number="4", buy_in=typed)
    assert response.status_code == 400
    html = response.content.decode()
    assert why in html and 'data-refused="seat"' in html
    assert 'name="seat_number" type="number" min="1" max="6" placeholder' in html and 'value="4"' in html
    assert f'value="{typed}"' in html  # the buy-in as typed
    assert f'value="{player.pk}" required checked' in html  # the player chosen stays chosen
    assert 'value="Hakobyan"' in html  # and the search typed
    assert not SeatSession.objects.filter(player=player).exists()
    assert not SeatStack.objects.exists()


def test_a_taken_seat_refuses_the_buy_in_too(floor_manager, club_poker, open_table, make_player, client_for):
    table = open_table(club_poker)
    client = client_for(floor_manager)
    assert _seat(client, table, make_player(), seat_number="2", buy_in="30000").status_code == 302
    response = _seat(client, table, make_player(), seat_number="2", buy_in="30000")
    assert response.status_code == 409 and "Seat 2 at table" in response.content.decode()
    assert SeatStack.objects.count() == 1


def test_call_then_seat_from_the_waitlist_records_the_buy_in(
    floor_manager, club_poker, open_table, make_player, client_for
):
    table = open_table(club_poker)
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    client = client_for(floor_manager)
    called = client.post(reverse("floor:waitlist_action", args=[entry.pk, "call"]), follow=True)
    assert "Player called" in called.content.decode()
    seat = reverse("floor:waitlist_action", args=[entry.pk, "seat"])
    refused = client.post(seat, {"table_id": table.pk, "buy_in": "12.5"})
    assert refused.status_code == 400 and 'data-refused="entry"' in refused.content.decode()
    assert 'value="12.5"' in refused.content.decode()
    assert WaitlistEntry.objects.get(pk=entry.pk).status == WaitlistStatus.CALLED
    response = client.post(seat, {"table_id": table.pk, "buy_in": "25000"}, follow=True)
    assert "seated from the list" in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == WaitlistStatus.SEATED
    row = SeatStack.objects.get(seat_session=entry.seat_session)
    assert (row.kind, row.stack) == (StackKind.BUY_IN, 25_000)


def test_seating_from_the_table_page_waitlist_comes_back_to_the_table_on_a_refusal(
    floor_manager, club_poker, open_table, make_player, client_for
):
    table = open_table(club_poker)
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    next_url = reverse("floor:table", args=[table.pk])
    response = client_for(floor_manager).post(
        reverse("floor:waitlist_action", args=[entry.pk, "seat"]), {"table_id": table.pk, "next": next_url}
    )
    html = response.content.decode()
    assert response.status_code == 400 and "Enter the buy-in" in html and 'id="table-live"' in html


def test_the_pages_ask_for_the_buy_in_in_the_room_format(
    floor_manager, club_poker, open_table, make_player, client_for
):
    table = open_table(club_poker)
    services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk)
    client = client_for(floor_manager)
    for url in (reverse("floor:table", args=[table.pk]), reverse("floor:waitlists")):
        html = client.get(url).content.decode()
        assert 'name="buy_in" inputmode="decimal"' in html and "Buy-in (AMD)" in html
