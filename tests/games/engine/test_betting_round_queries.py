"""The read-only view of a betting round that recorders and PHH tools read: levels, who is to act, what was taken."""

from __future__ import annotations

from games.engine import ActionKind, HouseOptions, Structure, Undo
from games.engine.events import bet, call, check, fold, raise_to
from tests.games.engine.helpers import board, dealt, holdem, play


def test_bet_level_full_raise_level_and_increment_follow_full_and_short_raises():
    hand = dealt(holdem({1: 1000, 2: 1000, 3: 1000, 4: 1000, 5: 160}, button=5))
    assert (hand.bet_level, hand.full_raise_level, hand.raise_increment) == (2, 2, 2)
    hand = play(hand, raise_to(3, 100))
    assert (hand.bet_level, hand.full_raise_level, hand.raise_increment) == (100, 100, 98)
    hand = play(hand, call(4), raise_to(5, 160))  # a short all-in: the level rises, the full raise level does not
    assert (hand.bet_level, hand.full_raise_level, hand.raise_increment) == (160, 100, 98)


def _limit_flop_bet_20(short_stack: int):
    setup = holdem({1: 1000, 2: 1000, 3: short_stack}, button=1, blinds=(10, 20), structure=Structure.FIXED_LIMIT)
    return play(dealt(setup), call(1), call(2), check(3), board("2c7d9h"), bet(2, 20))


def test_fixed_limit_full_raise_level_counts_an_all_in_of_half_a_bet_or_more():
    hand = play(_limit_flop_bet_20(55), raise_to(3, 35))  # all-in 15 over the bet: a full raise (R5)
    assert (hand.bet_level, hand.full_raise_level) == (35, 35)
    hand = play(_limit_flop_bet_20(49), raise_to(3, 29))  # all-in 9 over: not a full raise
    assert (hand.bet_level, hand.full_raise_level) == (29, 20)


def test_still_to_act_lists_the_seats_the_round_waits_for_in_order():
    hand = dealt(holdem([100] * 4, button=1))
    assert hand.still_to_act == (4, 1, 2, 3)
    hand = play(hand, call(4), call(1))
    assert hand.still_to_act == (2, 3)
    hand = play(hand, raise_to(2, 8))  # everyone who acted is due again
    assert hand.still_to_act == (3, 4, 1)
    hand = play(hand, call(3), call(4), call(1), board("2c7d9h"))
    assert hand.still_to_act == (2, 3, 4, 1)
    assert play(hand, check(2), check(3), check(4), check(1)).still_to_act == ()


def test_effective_actions_give_the_amounts_after_corrections_and_leave_out_undone_actions():
    house = HouseOptions(underraise_correct=True)
    setup = holdem({1: 20000, 2: 20000, 3: 20000, 4: 1000}, button=1, blinds=(200, 400), house=house)
    hand = play(dealt(setup), raise_to(4, 1000), raise_to(1, 1200), raise_to(2, 1400), fold(3))
    taken = [(a.seat, a.entered.amount, a.kind, a.to, a.chips, a.all_in) for a in hand.effective_actions]
    assert taken == [
        (4, 1000, ActionKind.RAISE, 1000, 1000, True),  # all-in, a full raise of 600
        (1, 1200, ActionKind.CALL, 1000, 1000, False),  # increment 200 < half of 600: a call (R2)
        (2, 1400, ActionKind.RAISE, 1600, 1400, False),  # increment 400 >= half of 600: the minimum, 1600
        (3, 0, ActionKind.FOLD, 400, 0, False),
    ]
    assert {a.street for a in hand.effective_actions} == {"preflop"}
    undone = play(hand, Undo("wrong seat"))
    assert len(undone.effective_actions) == 3
    assert undone.events_in_force() == list(hand.log[:-1])
