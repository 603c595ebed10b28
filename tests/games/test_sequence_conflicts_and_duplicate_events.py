"""A stale sequence gets 409 naming the current one; the same client event id is stored once."""

from __future__ import annotations

from django.urls import reverse

from games import services as hands
from games.models import HandEvent
from tests.games.helpers import HOLDEM_HAND, act


def _post(client, hand_id, seq, cid, event):
    return client.post(
        reverse("api:games-hand-event", args=[hand_id]),
        {"seq": seq, "client_event_id": cid, "event": event},
        format="json",
    )


def test_stale_sequence_is_a_conflict_naming_the_current_sequence(api_for, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    client = api_for(dealer)
    assert _post(client, hand.pk, 0, "a", HOLDEM_HAND[0]).status_code == 201
    # A second device still at sequence 0 sends its own event.
    response = _post(client, hand.pk, 0, "b", act(3, "call"))
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "stale_sequence" and error["details"]["current_seq"] == 1
    assert "sequence 1" in error["message"]
    assert HandEvent.objects.filter(hand=hand).count() == 1


def test_same_client_event_id_is_stored_once(api_for, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    client = api_for(dealer)
    first = _post(client, hand.pk, 0, "deal-1", HOLDEM_HAND[0])
    again = _post(client, hand.pk, 0, "deal-1", HOLDEM_HAND[0])  # a retry after a lost response
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["duplicate"] is True
    assert again.json()["event"] == first.json()["event"]
    assert again.json()["state"]["seq"] == 1
    assert HandEvent.objects.filter(hand=hand).count() == 1


def test_reusing_a_client_event_id_for_another_event_is_refused(api_for, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    client = api_for(dealer)
    _post(client, hand.pk, 0, "x", HOLDEM_HAND[0])
    response = _post(client, hand.pk, 1, "x", act(3, "call"))
    assert response.status_code == 409
    assert HandEvent.objects.filter(hand=hand).count() == 1
