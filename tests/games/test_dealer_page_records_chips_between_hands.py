"""The dealer's page takes buy-ins, add-ons and rebuys between hands, typed in the room's money format, through
the stack service of the API; a refusal is shown and records nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services as hands
from games.models import SeatStack, StackKind
from rooms.models import Room
from tables.models import SeatSession
from tests.games.helpers import fold_around

pytestmark = pytest.mark.django_db


def _post(client, table, seat, amount, kind="add_on", htmx=True):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = reverse("games:dealer_chips", args=[table.pk])
    return client.post(url, {"seat_number": seat, "kind": kind, "amount": amount}, **headers)


def _stack(table, seat):
    session = SeatSession.objects.get(table=table, seat_number=seat, ended_at__isnull=True)
    return SeatStack.objects.filter(seat_session=session).order_by("-pk").first()


def test_the_dealer_records_an_add_on_and_sees_the_new_stack(page_client_for, dealer, holdem_table):
    response = _post(page_client_for(dealer), holdem_table, 2, "25,000")
    assert response.status_code == 200
    row = _stack(holdem_table, 2)
    assert (row.kind, row.change, row.stack, row.created_by_id) == (StackKind.ADD_ON, 25_000, 125_000, dealer.pk)
    html = response.content.decode()
    assert "Seat 2: add-on 25,000 recorded; stack 125,000." in html
    assert 'id="chips-seat-2"' in html and "125,000" in html


def test_a_seat_with_no_chips_gets_its_buy_in_and_the_hand_then_starts(
    page_client_for, dealer, hand_table, holdem, floor_manager
):
    table = hand_table(holdem, dealer, players=2)
    hand_table.sit(table, 3, None)
    page = page_client_for(dealer).get(reverse("games:dealer", args=[table.pk])).content.decode()
    # The seat is offered its buy-in on the page before the dealer even tries to start.
    assert 'id="chips-seat-3"' in page and "no chips recorded" in page
    assert 'name="kind" value="buy_in"' in page

    response = _post(page_client_for(dealer), table, 3, "60000", kind="buy_in")
    assert "Seat 3: buy-in 60,000 recorded; stack 60,000." in response.content.decode()
    assert (_stack(table, 3).kind, _stack(table, 3).stack) == (StackKind.BUY_IN, 60_000)
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    assert 3 in started.state.seats


def test_a_seat_that_lost_every_chip_is_offered_a_rebuy(page_client_for, dealer, floor_manager, holdem_table):
    hands.seat_stack_add(actor=floor_manager, table_id=holdem_table.pk, seat_number=1, amount=0, kind="adjustment")
    html = page_client_for(dealer).get(reverse("games:dealer_chips", args=[holdem_table.pk])).content.decode()
    assert html.count(">Rebuy<") == 1 and html.count(">Add-on<") == 2
    _post(page_client_for(dealer), holdem_table, 1, "40000")
    assert (_stack(holdem_table, 1).kind, _stack(holdem_table, 1).stack) == (StackKind.ADD_ON, 40_000)


def test_chips_are_refused_while_a_hand_is_open_and_nothing_is_recorded(page_client_for, dealer, holdem_table):
    hands.hand_start(actor=dealer, table_id=holdem_table.pk)
    before = SeatStack.objects.count()
    response = _post(page_client_for(dealer), holdem_table, 1, "5000")
    assert response.status_code == 200
    assert "has a hand open: chips are added between hands" in response.content.decode()
    assert SeatStack.objects.count() == before


@pytest.mark.parametrize("typed", ["1e3", "-500", "5,00", "", "12.5", "0", "１０００"])
def test_an_amount_outside_the_room_grammar_is_refused_with_a_message(page_client_for, dealer, holdem_table, typed):
    before = SeatStack.objects.count()
    response = _post(page_client_for(dealer), holdem_table, 1, typed)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="chips-error"' in html and "Amount:" in html
    assert SeatStack.objects.count() == before


def test_an_unknown_seat_or_kind_is_refused_not_a_server_error(page_client_for, dealer, holdem_table):
    client = page_client_for(dealer)
    before = SeatStack.objects.count()
    for seat, kind in ((9, "add_on"), ("x", "add_on"), (1, "adjustment"), (1, "hand")):
        response = _post(client, holdem_table, seat, "1000", kind=kind)
        assert response.status_code == 200 and 'id="chips-error"' in response.content.decode(), (seat, kind)
    assert SeatStack.objects.count() == before


def test_a_euro_room_takes_cents_after_the_point(page_client_for, dealer, holdem_table):
    Room.objects.filter(pk=holdem_table.room_id).update(currency="EUR", currency_exponent=2)
    _post(page_client_for(dealer), holdem_table, 1, "12.50")
    assert _stack(holdem_table, 1).change == 1250


def test_a_dealer_of_another_table_is_refused(page_client_for, make_dealer_user, holdem_table):
    response = _post(page_client_for(make_dealer_user()), holdem_table, 1, "5000")
    assert response.status_code == 403


def test_without_htmx_the_dealer_goes_back_to_the_screen_with_the_message(page_client_for, dealer, holdem_table):
    response = _post(page_client_for(dealer), holdem_table, 1, "7000", htmx=False)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:dealer", args=[holdem_table.pk])
    assert _stack(holdem_table, 1).stack == 107_000


def test_between_hands_the_screen_opens_the_last_hand_for_its_result(page_client_for, dealer, holdem_table):
    started = fold_around(dealer, holdem_table.pk)
    html = page_client_for(dealer).get(reverse("games:dealer", args=[holdem_table.pk])).content.decode()
    assert f'data-hand="{started.hand.pk}"' in html
    assert (
        'id="chips" class="chips"' in html
        and 'id="chips" class="chips" aria-labelledby="chips-title" hidden' not in html
    )
