"""Controls E23: a dealer moved to another table is refused on the very next request, naming the rule."""

from __future__ import annotations

import uuid

from django.urls import reverse

from games import services as hands
from tables import services as floor
from tests.games.helpers import HOLDEM_HAND, act, record, row_counts


def test_dealer_moved_to_table_b_is_refused_at_table_a(
    api_for, floor_manager, dealer, holdem, hand_table, make_dealer_user
):
    table_a = hand_table(holdem, dealer)
    hand = hands.hand_start(actor=dealer, table_id=table_a.pk).hand
    record(dealer, hand, HOLDEM_HAND[0])
    client = api_for(dealer)
    url = reverse("api:games-hand-event", args=[hand.pk])
    ok = client.post(url, {"seq": 1, "client_event_id": uuid.uuid4().hex, "event": act(3, "call")}, format="json")
    assert ok.status_code == 201

    # The floor pushes the dealer to table B (a new dealer takes table A).
    table_b = hand_table(holdem, make_dealer_user())
    floor.dealer_release(actor=floor_manager, table_id=table_b.pk)
    floor.dealer_assign(actor=floor_manager, table_id=table_b.pk, dealer_id=dealer.pk)

    before = row_counts()
    refused = client.post(url, {"seq": 2, "client_event_id": uuid.uuid4().hex, "event": act(1, "call")}, format="json")
    assert refused.status_code == 403
    error = refused.json()["error"]
    assert error["code"] == "not_assigned_dealer"
    assert f"you deal table {table_b.number}, not table {table_a.number}" in error["message"]
    assert "the dealer assigned to the table now" in error["message"]
    assert row_counts() == before
    # At table B the same dealer records at once.
    started = client.post(reverse("api:games-hand-start"), {"table_id": table_b.pk}, format="json")
    assert started.status_code == 201
