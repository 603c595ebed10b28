"""Undo appends a correction event; a whole hand posted in one request is stored at once, idempotently."""

from __future__ import annotations

from django.urls import reverse

from games import services as hands
from games.models import Hand, HandEvent, HandStatus
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, HOLDEM_POT, act, record, row_counts


def test_undo_appends_and_the_state_goes_back(api_for, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, HOLDEM_HAND[0], act(3, "raise", 5000))
    response = api_for(dealer).post(
        reverse("api:games-hand-undo", args=[hand.pk]),
        {"seq": 2, "client_event_id": "undo-1", "reason": "raise was 3000"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    state = response.json()["state"]
    assert state["seq"] == 3 and state["to_act"] == 3
    assert [e.kind for e in HandEvent.objects.filter(hand=hand)] == ["deal", "action", "undo"]
    record(dealer, hand, *HOLDEM_HAND[1:])
    hand.refresh_from_db()
    assert (hand.status, hand.pot, hand.fee) == (HandStatus.COMPLETE, HOLDEM_POT, HOLDEM_FEE)


def test_nothing_to_undo_is_refused(api_for, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    response = api_for(dealer).post(
        reverse("api:games-hand-undo", args=[hand.pk]), {"seq": 0, "client_event_id": "u"}, format="json"
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "nothing_to_undo"


def test_whole_hand_in_one_request_and_again(api_for, dealer, holdem_table):
    client = api_for(dealer)
    body = {"table_id": holdem_table.pk, "client_hand_id": "etable-0001", "events": HOLDEM_HAND}
    first = client.post(reverse("api:games-hand-record"), body, format="json")
    assert first.status_code == 201, first.json()
    assert first.json()["state"]["status"] == "complete"
    again = client.post(reverse("api:games-hand-record"), body, format="json")
    assert again.status_code == 200 and again.json()["duplicate"] is True
    hand = Hand.objects.get()
    assert (hand.pot, hand.fee, hand.seq) == (HOLDEM_POT, HOLDEM_FEE, len(HOLDEM_HAND))


def test_whole_hand_with_an_illegal_event_stores_nothing(api_for, dealer, holdem_table):
    before = row_counts()
    bad = [*HOLDEM_HAND[:3], act(1, "check")]
    response = api_for(dealer).post(
        reverse("api:games-hand-record"),
        {"table_id": holdem_table.pk, "client_hand_id": "bad", "events": bad},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith("event 3: ")
    assert row_counts() == before


def test_unfinished_whole_hand_is_refused(api_for, dealer, holdem_table):
    response = api_for(dealer).post(
        reverse("api:games-hand-record"),
        {"table_id": holdem_table.pk, "client_hand_id": "half", "events": HOLDEM_HAND[:5]},
        format="json",
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "hand_unfinished"
