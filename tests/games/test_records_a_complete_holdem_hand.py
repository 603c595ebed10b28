"""A complete Hold'em hand, event by event: pots, winner, fee, final stacks, sign and dealer stamped."""

from __future__ import annotations

from games import services as hands
from games.models import HandEvent, HandResult, HandStatus, PotAward, SeatStack, StackKind
from tables.selectors import sign_current
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, HOLDEM_POT, record


def test_holdem_hand_recorded_event_by_event(dealer, holdem_table):
    started = hands.hand_start(actor=dealer, table_id=holdem_table.pk)
    hand = started.hand
    assert hand.number == 1
    assert hand.button == 3 and hand.small_blind_seat == 1 and hand.big_blind_seat == 2
    assert hand.dealer == dealer
    assert hand.sign_version == sign_current(table_id=holdem_table.pk)
    assert hand.fee_policy is not None
    assert started.state.legal_actions() is None  # waiting for the deal

    last = record(dealer, hand, *HOLDEM_HAND)

    hand.refresh_from_db()
    assert hand.status == HandStatus.COMPLETE
    assert hand.seq == len(HOLDEM_HAND) == HandEvent.objects.filter(hand=hand).count()
    assert (hand.pot, hand.fee) == (HOLDEM_POT, HOLDEM_FEE)
    result = HandResult.objects.get(hand=hand)
    assert result.data["descriptions"]["2"].startswith("Three of a kind") is False
    assert "kings" in result.data["descriptions"]["2"].lower()
    [pot] = PotAward.objects.filter(hand=hand)
    assert pot.winners == [2] and pot.fee == HOLDEM_FEE and pot.shares == [HOLDEM_POT - HOLDEM_FEE]
    stacks = {r.seat_number: r.stack for r in SeatStack.objects.filter(kind=StackKind.HAND, hand=hand)}
    assert stacks == {1: 99_500, 2: 100_000 - 7000 + HOLDEM_POT - HOLDEM_FEE, 3: 93_000}
    assert sum(stacks.values()) + HOLDEM_FEE == 300_000
    assert last.state.is_over
