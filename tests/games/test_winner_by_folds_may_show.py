"""Case 58: a winner by folds who shows the hand is recorded as it happened, and no chip moves."""

from __future__ import annotations

from games import services as hands
from games.models import HandEvent, HandResult, HandSeat, HandStatus
from tests.games.helpers import act, ev, record


def test_a_whole_hand_ending_with_the_winner_showing_is_recorded_and_pays_as_without_the_show(dealer, holdem_table):
    # Button 3, blinds 500/1000 from seats 1 and 2: seat 3 and the small blind fold to the big blind.
    events = [ev("deal", holes={"2": "AsAh"}), act(3, "fold"), act(1, "fold"), ev("show", seat=2, cards="AsAh")]
    recorded = hands.hand_record_whole(actor=dealer, table_id=holdem_table.pk, events=events, client_hand_id="h")
    hand = recorded.hand
    assert [e.kind for e in HandEvent.objects.filter(hand=hand).order_by("seq")] == ["deal", "action", "action", "show"]
    assert recorded.state.notes[-1] == "seat 2 showed AsAh after winning uncontested"
    result = HandResult.objects.get(hand=hand)
    # The big blind's uncalled half went back; no flop, no drop.
    assert result.uncontested and (result.total_pot, result.fee) == (1000, 0)
    start = HandSeat.objects.get(hand=hand, seat_number=2).start_stack
    assert result.data["final_stacks"]["2"] == start + 500 and result.data["shown"] == {}


def test_a_winner_by_folds_showing_after_the_hand_closed_is_answered_not_refused(dealer, holdem_table, client):
    started = hands.hand_start(actor=dealer, table_id=holdem_table.pk)
    hand = started.hand
    record(dealer, hand, ev("deal", holes={"2": "AsAh"}), act(3, "fold"), act(1, "fold"))
    hand.refresh_from_db()
    assert hand.status == HandStatus.COMPLETE
    client.force_login(dealer)
    url = f"/api/v1/hands/{hand.pk}/events/"
    body = {"seq": hand.seq, "client_event_id": "late-show", "event": ev("show", seat=2, cards="AsAh")}
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["event"] is None and "not recorded" in data["warning"]
    assert HandEvent.objects.filter(hand=hand).count() == hand.seq  # nothing stored
    # A show the engine refuses (cards the winner was not dealt) is still refused.
    body = {"seq": hand.seq, "client_event_id": "wrong", "event": ev("show", seat=2, cards="KsKh")}
    assert client.post(url, body, content_type="application/json").status_code == 409
