"""The room's button setting (``CARDROOM_BUTTON``, R11): under a dead button the dealer's screen starts
a hand with a big blind and no small blind when the last big blind has left (case 5)."""

from __future__ import annotations

from django.test import override_settings

from games import services as hands
from tables import services as floor
from tables.models import SeatSession
from tests.games.helpers import act, fold_around, positions, record


def _leave(floor_manager, table, seat: int) -> None:
    session = SeatSession.objects.get(table=table, seat_number=seat, ended_at__isnull=True)
    floor.seat_stand_up(actor=floor_manager, session_id=session.pk)


def test_dead_button_the_big_blind_leaves_next_hand_has_no_small_blind(floor_manager, dealer, holdem, hand_table):
    table = hand_table(holdem, dealer, players=4)
    with override_settings(CARDROOM_BUTTON="dead"):
        assert positions(fold_around(dealer, table.pk)) == (4, 1, 2)
        _leave(floor_manager, table, 2)
        started = hands.hand_start(actor=dealer, table_id=table.pk)
        # The big blind goes to the next player due, seat 3; the small blind's seat 2 is empty: no
        # small blind; the last small blind, seat 1, has the button (case 5).
        assert positions(started) == (1, None, 3)
        state = started.state
        assert [state.total_committed(seat) for seat in state.seats] == [0, 1000, 0]
        assert state.seat_to_act is None  # the deal first
        after = record(dealer, started.hand, {"type": "deal"})
        assert after.state.seat_to_act == 4  # left of the big blind
        record(dealer, started.hand, act(4, "fold"), act(1, "fold"))
        # The following hand the button sits on the empty seat 2; seat 3 posts the small blind.
        assert positions(hands.hand_start(actor=dealer, table_id=table.pk)) == (2, 3, 4)


def test_moving_button_is_the_default_the_blinds_follow_the_button(floor_manager, dealer, holdem, hand_table):
    table = hand_table(holdem, dealer, players=4)
    assert positions(fold_around(dealer, table.pk)) == (4, 1, 2)
    _leave(floor_manager, table, 2)
    assert positions(hands.hand_start(actor=dealer, table_id=table.pk)) == (1, 3, 4)
