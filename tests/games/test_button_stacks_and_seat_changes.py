"""Across hands: the button moves by the engine's rule, the end stack is the next start, seat changes count."""

from __future__ import annotations

from games import services as hands
from games.models import HandSeat
from tables import services as floor
from tables.models import SeatSession
from tests.factories import home_room
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, HOLDEM_POT, act, ev, record


def _fold_around(dealer, hand, first, second):
    """Deal, then the first two to act fold: the big blind wins the blinds."""
    return record(dealer, hand, ev("deal"), act(first, "fold"), act(second, "fold"))


def test_button_moves_and_stacks_carry_over(dealer, holdem_table):
    first = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, first, *HOLDEM_HAND)
    second = hands.hand_start(actor=dealer, table_id=holdem_table.pk)
    hand = second.hand
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (1, 2, 3)
    starts = dict(HandSeat.objects.filter(hand=hand).values_list("seat_number", "start_stack"))
    assert starts == {1: 99_500, 2: 100_000 - 7000 + HOLDEM_POT - HOLDEM_FEE, 3: 93_000}
    assert second.state.stack(2) == starts[2] - 500  # the small blind is in
    _fold_around(dealer, hand, 1, 2)  # seat 1 (button, first to act 3-handed) folds, SB folds: BB wins
    third = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    assert (third.button, third.small_blind_seat, third.big_blind_seat) == (2, 3, 1)
    assert third.number == 3


def test_seat_changes_between_hands_are_picked_up(floor_manager, dealer, holdem_table, hand_table):
    first = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    _fold_around(dealer, first, 3, 1)
    leaving = SeatSession.objects.get(table=holdem_table, seat_number=1, ended_at__isnull=True)
    floor.seat_stand_up(actor=floor_manager, session_id=leaving.pk)
    newcomer = floor.player_create(
        actor=floor_manager, room=home_room(), first_name="New", last_name="Comer", allow_duplicate=True
    )
    # A new player in a running Hold'em game posts to be dealt in at once (or waits for the big blind: R12).
    floor.seat_player(actor=floor_manager, table_id=holdem_table.pk, player_id=newcomer.pk, seat_number=5, entry="post")
    hands.seat_stack_add(actor=floor_manager, table_id=holdem_table.pk, seat_number=5, amount=60_000)
    second = hands.hand_start(actor=dealer, table_id=holdem_table.pk)
    assert set(second.state.seats) == {2, 3, 5}
    assert HandSeat.objects.filter(hand=second.hand, seat_number=5).get().start_stack == 60_000
    # The button moves from seat 3 to the next seat dealt in, the new player's seat 5 (R11, moving button),
    # who buys it: the big blind live and the small blind dead (case 7).
    assert (second.hand.button, second.hand.small_blind_seat, second.hand.big_blind_seat) == (5, 2, 3)
    big, small = second.hand.setup["big_blind"], second.hand.setup["small_blind"]
    assert second.hand.setup["posts"] == [[5, big, small]]


def test_heads_up_button_posts_the_small_blind(dealer, holdem, hand_table):
    table = hand_table(holdem, dealer, players=2)
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    assert hand.button == hand.small_blind_seat


def test_a_player_moving_seats_takes_their_chips_along(floor_manager, dealer, holdem, hand_table):
    # Both tables are dealt by the same dealer (the second takes them): the floor records here.
    table, other = hand_table(holdem, dealer, players=3), hand_table(holdem, dealer, players=2)
    first = hands.hand_start(actor=floor_manager, table_id=table.pk).hand
    _fold_around(floor_manager, first, 3, 1)  # the big blind, seat 2, wins the blinds
    mover = SeatSession.objects.get(table=table, seat_number=2, ended_at__isnull=True)
    moved = floor.seat_move(actor=floor_manager, session_id=mover.pk, table_id=table.pk, seat_number=5)
    second = hands.hand_start(actor=floor_manager, table_id=table.pk)
    assert HandSeat.objects.get(hand=second.hand, seat_number=5).start_stack == 100_500  # no buy-in entered again
    result = record(floor_manager, second.hand, ev("deal"))
    while not result.state.is_over:
        result = record(floor_manager, second.hand, act(result.state.seat_to_act, "fold"))
    final = result.state.stack(5)
    floor.seat_move(actor=floor_manager, session_id=moved.pk, table_id=other.pk, seat_number=3)  # another table
    third = hands.hand_start(actor=floor_manager, table_id=other.pk)
    assert HandSeat.objects.get(hand=third.hand, seat_number=3).start_stack == final
