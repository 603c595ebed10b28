"""Every refusal names its rule and stores nothing: no event, no head move, no result, no stack row."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.urls import reverse

from games import services as hands
from games.models import HandStatus
from tables import services as floor
from tests.games.helpers import HOLDEM_HAND, act, ev, record, row_counts


def _post(client, hand, event, seq=None):
    hand.refresh_from_db()
    body = {"seq": hand.seq if seq is None else seq, "client_event_id": uuid.uuid4().hex, "event": event}
    return client.post(reverse("api:games-hand-event", args=[hand.pk]), body, format="json")


@pytest.fixture
def dealt(dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, HOLDEM_HAND[0])  # the deal; seat 3 is to act
    return hand


@pytest.mark.parametrize(
    ("event", "status", "code", "words"),
    [
        (act(3, "check"), 400, "cannot_check", "seat 3 cannot check: facing a bet of 1000"),
        (act(3, "raise", 1500), 400, "below_min_raise", "raise to 1500 is below the minimum raise to 2000"),
        (act(1, "call"), 400, "out_of_turn", "seat 1 is not to act: seat 3 is"),
        (ev("board", cards="2s7c9d"), 400, "board_not_due", "no board card can be dealt now"),
        (ev("draw", seat=3, discards="", cards=""), 400, "no_draw", "Hold'em has no draw"),
        (ev("teleport"), 400, "invalid", "teleport"),
    ],
)
def test_illegal_event_refused_with_the_engines_message(api_for, dealer, dealt, event, status, code, words):
    before = row_counts()
    response = _post(api_for(dealer), dealt, event)
    assert response.status_code == status, response.json()
    assert response.json()["error"]["code"] == code
    assert words in response.json()["error"]["message"]
    assert row_counts() == before
    dealt.refresh_from_db()
    assert dealt.seq == 1


def test_card_used_twice_is_refused(api_for, dealer, dealt):
    record(dealer, dealt, act(3, "call"), act(1, "call"), act(2, "check"))
    before = row_counts()
    response = _post(api_for(dealer), dealt, ev("board", cards="Kh7c9d"))  # Kh is seat 2's
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "duplicate_card"
    assert "Kh" in response.json()["error"]["message"]
    assert row_counts() == before


def test_hand_already_complete_is_refused(api_for, dealer, dealt):
    record(dealer, dealt, *HOLDEM_HAND[1:])
    dealt.refresh_from_db()
    assert dealt.status == HandStatus.COMPLETE
    before = row_counts()
    response = _post(api_for(dealer), dealt, act(2, "check"))
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "hand_closed"
    assert row_counts() == before


def test_unknown_table_is_refused(api_for, floor_manager, db):
    before = row_counts()
    response = api_for(floor_manager).post(reverse("api:games-hand-start"), {"table_id": 9999}, format="json")
    assert response.status_code == 404
    assert "Table 9999 does not exist" in response.json()["error"]["message"]
    assert row_counts() == before


def test_closed_or_paused_table_is_refused(api_for, floor_manager, dealer, holdem_table):
    floor.table_pause(actor=floor_manager, table_id=holdem_table.pk)
    before = row_counts()
    response = api_for(dealer).post(reverse("api:games-hand-start"), {"table_id": holdem_table.pk}, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "table_not_open"
    assert row_counts() == before


def test_second_open_hand_is_refused(api_for, dealer, dealt):
    before = row_counts()
    response = api_for(dealer).post(reverse("api:games-hand-start"), {"table_id": dealt.table_id}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "hand_open"
    assert row_counts() == before


def test_too_few_players_is_refused(api_for, hand_table, holdem, dealer):
    table = hand_table(holdem, dealer, players=1)
    response = api_for(dealer).post(reverse("api:games-hand-start"), {"table_id": table.pk}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "too_few_players"


def test_seated_player_without_chips_must_buy_in(api_for, hand_table, holdem, dealer):
    table = hand_table(holdem, dealer, players=2)
    hand_table.sit(table, 3, None)
    client = api_for(dealer)
    response = client.post(reverse("api:games-hand-start"), {"table_id": table.pk}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "stack_unknown"
    response = client.post(
        reverse("api:games-hand-start"), {"table_id": table.pk, "buy_ins": {"3": "50000"}}, format="json"
    )
    assert response.status_code == 201
    assert {s["seat"]: Decimal(s["stack"]) + Decimal(s["committed"]) for s in response.json()["seats"]}[3] == 50_000


def test_dealer_not_assigned_is_refused(api_for, hand_table, holdem, dealer, make_dealer_user):
    other = make_dealer_user()
    table = hand_table(holdem, other)
    before = row_counts()
    response = api_for(dealer).post(reverse("api:games-hand-start"), {"table_id": table.pk}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "not_assigned_dealer"
    assert row_counts() == before
