"""Rule cases A1-A11: seats, the button, blinds, antes and the posts of returning players."""

from __future__ import annotations

import pytest

from games.engine import (
    ExtraPost,
    Hand,
    HouseOptions,
    MissedBlinds,
    Phase,
    Positions,
    ReturningPosts,
    SetupError,
    next_positions,
    positions_for,
    returning_posts,
    update_missed,
    with_positions,
)
from games.engine.events import call, check, fold
from tests.games.engine.helpers import board, dealt, holdem, play


def test_case_1_six_handed_button_3_blinds_4_5_first_to_act_6():
    hand = dealt(holdem([100] * 6, button=3))
    assert (hand.committed(4), hand.committed(5)) == (1, 2)
    assert hand.seat_to_act == 6
    hand = play(hand, call(6), call(1), call(2), call(3), fold(4), check(5), board("2c7d9h"))
    # The first active player left of the button: seat 4 folded, so seat 5.
    assert hand.seat_to_act == 5


def test_case_2_ten_handed_button_moves_to_next_occupied_seat_past_empty_seats_2_and_7():
    players = [1, 3, 4, 5, 6, 8, 9, 10]
    first = positions_for(players, 6)
    assert first == Positions(button=6, small_blind=8, big_blind=9)
    second = next_positions(first, players)
    assert second == Positions(button=8, small_blind=9, big_blind=10)
    third = next_positions(second, players)
    assert third == Positions(button=9, small_blind=10, big_blind=1)
    assert next_positions(third, players) == Positions(button=10, small_blind=1, big_blind=3)
    setup = with_positions(holdem(dict.fromkeys(players, 100), seat_count=10), third)
    hand = dealt(setup)
    assert (hand.committed(10), hand.committed(1)) == (1, 2)
    assert hand.seat_to_act == 3


def test_case_3_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    hand = dealt(holdem([100, 100], button=2))
    assert (hand.committed(2), hand.committed(1)) == (1, 2)
    assert hand.seat_to_act == 2
    assert hand.deal_order() == (1, 2)  # the button gets the last card
    hand = play(hand, call(2), check(1), board("2c7d9h"))
    assert hand.seat_to_act == 1
    hand = play(hand, check(1))
    assert hand.seat_to_act == 2


def test_case_4_three_handed_to_heads_up_last_big_blind_is_not_big_blind_again():
    last = positions_for([1, 2, 3], 1)
    assert last == Positions(button=1, small_blind=2, big_blind=3)
    # The button leaves: moving on naively would make seat 3 the big blind twice.
    after = next_positions(last, [2, 3])
    assert after == Positions(button=3, small_blind=3, big_blind=2)
    # The small blind leaves: seat 3 (last big blind) takes the button.
    assert next_positions(last, [1, 3]) == Positions(button=3, small_blind=3, big_blind=1)
    # The big blind leaves: nobody had it twice anyway.
    assert next_positions(last, [1, 2]) == Positions(button=2, small_blind=2, big_blind=1)


def test_case_5_dead_button_big_blind_leaves_no_small_blind_then_button_on_empty_seat():
    last = Positions(button=1, small_blind=2, big_blind=3)
    players = [1, 2, 4, 5]
    following = next_positions(last, players, dead_button=True)
    assert following == Positions(button=2, small_blind=3, big_blind=4)
    setup = with_positions(holdem(dict.fromkeys(players, 100), seat_count=5), following)
    assert setup.small_blind_seat is None
    hand = dealt(setup)
    assert [hand.committed(s) for s in players] == [0, 0, 2, 0]
    assert hand.seat_to_act == 5
    after = next_positions(following, players, dead_button=True)
    assert after == Positions(button=3, small_blind=4, big_blind=5)  # the button sits on empty seat 3
    hand = dealt(with_positions(holdem(dict.fromkeys(players, 100), seat_count=5), after))
    assert (hand.committed(4), hand.committed(5)) == (1, 2)
    assert hand.seat_to_act == 1


def test_case_5_dead_button_heads_up_gives_nobody_the_big_blind_twice():
    last = Positions(button=1, small_blind=2, big_blind=3)
    assert next_positions(last, [2, 3], dead_button=True) == Positions(button=3, small_blind=3, big_blind=2)


def test_case_6_returning_player_posts_dead_small_blind_and_live_big_blind_then_may_check():
    missed = update_missed({}, Positions(1, 2, 3), Positions(2, 3, 5), away=[4])
    missed = update_missed(missed, Positions(2, 3, 5), Positions(3, 5, 6), away=[4])
    assert missed[4] == MissedBlinds(small=True, big=True)
    post = missed[4].post(4, small_blind=1, big_blind=2)
    assert post == ExtraPost(4, live=2, dead=1)
    hand = dealt(holdem([100] * 6, button=1, posts=(post,)))
    assert (hand.committed(4), hand.total_committed(4)) == (2, 3)
    assert hand.seat_to_act == 4
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.call_amount == 0
    hand = play(hand, check(4), call(5), call(6), call(1), call(2), check(3))
    assert hand.phase is Phase.BOARD
    assert sum(p.amount for p in hand.pots()) == 2 * 6 + 1  # the dead small blind is in the middle


def _seat_4_missed_both() -> dict[int, MissedBlinds]:
    missed = update_missed({}, Positions(1, 2, 3), Positions(2, 3, 5), away=[4])
    return update_missed(missed, Positions(2, 3, 5), Positions(3, 5, 6), away=[4])


def test_case_6_missed_blinds_become_the_next_hands_posts_when_the_player_posts():
    # Seat 4 comes back to a hand with the button on 6: posts the big blind live and the small blind dead.
    positions = Positions(button=6, small_blind=1, big_blind=2)
    plan = returning_posts(_seat_4_missed_both(), positions, {4: "post"}, small_blind=1, big_blind=2)
    assert plan == ReturningPosts(posts=(ExtraPost(4, live=2, dead=1),), sitting_out=frozenset(), missed={})
    hand = dealt(plan.apply(holdem([100] * 6, button=1), positions))
    assert (hand.committed(4), hand.total_committed(4)) == (2, 3)
    hand = play(hand, call(3))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 4 and legal.can_check  # no call of 2 is asked of seat 4


def test_case_6_a_player_who_waits_sits_out_until_the_big_blind_reaches_them():
    missed = _seat_4_missed_both()
    positions = Positions(button=6, small_blind=1, big_blind=2)
    plan = returning_posts(missed, positions, {4: "wait"}, small_blind=1, big_blind=2)
    assert plan.posts == () and plan.sitting_out == {4} and plan.missed == missed
    assert 4 not in dealt(plan.apply(holdem([100] * 6, button=1), positions)).seats
    at_big_blind = Positions(button=2, small_blind=3, big_blind=4)
    plan = returning_posts(missed, at_big_blind, {4: "wait"}, small_blind=1, big_blind=2)
    assert plan == ReturningPosts(posts=(), sitting_out=frozenset(), missed={})
    hand = dealt(plan.apply(holdem([100] * 6, button=1), at_big_blind))
    assert hand.committed(4) == 2 and hand.total_committed(4) == 2  # the blind only, nothing owed


def test_case_6_posting_from_the_small_blind_seat_counts_that_blind_toward_the_live_big_blind():
    positions = Positions(button=3, small_blind=4, big_blind=5)
    plan = returning_posts(_seat_4_missed_both(), positions, {4: "post"}, small_blind=1, big_blind=2)
    assert plan.posts == (ExtraPost(4, live=1, dead=1),)
    hand = dealt(plan.apply(holdem([100] * 6, button=1), positions))
    assert (hand.committed(4), hand.total_committed(4)) == (2, 3)


def test_case_7_new_player_buys_the_button_or_waits_for_the_big_blind():
    new_player = {6: MissedBlinds(small=True, big=True)}  # a new player owes as one who missed both
    positions = Positions(button=1, small_blind=2, big_blind=3)
    bought = returning_posts(new_player, positions, {6: "post"}, small_blind=1, big_blind=2)
    assert bought.posts == (ExtraPost(6, live=2, dead=1),)
    hand = dealt(bought.apply(holdem([100] * 6, button=1), positions))
    assert 6 in hand.seats and (hand.committed(6), hand.total_committed(6)) == (2, 3)
    waiting = returning_posts(new_player, positions, small_blind=1, big_blind=2)  # waiting is the default
    assert waiting.sitting_out == {6} and waiting.missed == new_player
    assert 6 not in dealt(waiting.apply(holdem([100] * 6, button=1), positions)).seats


def test_case_7_new_player_buying_the_button_posts_big_blind_and_dead_small_blind():
    post = MissedBlinds(small=True, big=True).post(6, small_blind=1, big_blind=2)
    hand = dealt(holdem([100] * 6, button=1, posts=(post,)))
    assert 6 in hand.seats
    assert (hand.committed(6), hand.total_committed(6)) == (2, 3)
    hand = play(hand, call(4), call(5))
    assert hand.seat_to_act == 6
    assert hand.legal_actions().can_check  # type: ignore[union-attr]


def test_case_7_player_waiting_for_the_big_blind_is_not_dealt_in():
    hand = dealt(holdem([100] * 6, button=1, sitting_out=frozenset({5})))
    assert 5 not in hand.seats
    assert play(hand, call(4)).seat_to_act == 6


def test_case_8_short_big_blind_all_in_for_1_of_2_utg_must_call_2_or_raise_to_4():
    hand = dealt(holdem({1: 100, 2: 100, 3: 1, 4: 100}, button=1))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 4
    assert (legal.call_amount, legal.min_to) == (2, 4)
    hand = play(hand, call(4), fold(1), call(2))
    pots = [(p.amount, p.eligible) for p in hand.pots()]
    assert pots == [(3, (2, 3, 4)), (2, (2, 4))]


def test_case_8_short_big_blind_pokerkit_option_calls_what_was_posted():
    setup = holdem({1: 100, 2: 100, 3: 1, 4: 100}, button=1, house=HouseOptions.as_pokerkit())
    legal = dealt(setup).legal_actions()
    assert legal is not None and legal.call_amount == 1


def test_case_9_straddle_4_at_1_2_utg_plus_1_first_straddler_last_min_raise_to_6():
    setup = holdem([100] * 5, button=1, straddle=4)
    hand = dealt(setup)
    assert hand.committed(4) == 4
    assert hand.seat_to_act == 5
    assert hand.legal_actions().min_to == 6  # type: ignore[union-attr]
    hand = play(hand, call(5), call(1), call(2), call(3))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 4 and legal.can_check and legal.min_to == 6
    doubled = dealt(holdem([100] * 5, button=1, straddle=4, house=HouseOptions(straddle_raise="straddle")))
    assert doubled.legal_actions().min_to == 8  # type: ignore[union-attr]


def test_case_9_straddle_does_not_change_the_post_flop_minimum_bet():
    hand = play(dealt(holdem([100] * 5, button=1, straddle=4)), call(5), call(1), call(2), call(3), check(4))
    hand = play(hand, board("2c7d9h"))
    assert hand.legal_actions().min_to == 2  # type: ignore[union-attr]


def test_case_10_antes_are_dead_money_and_a_short_ante_is_all_in_for_matching_amounts():
    hand = dealt(holdem({1: 100, 2: 100, 3: 100, 4: 1}, button=1, ante=2))
    assert hand.stack(4) == 0 and hand.total_committed(4) == 1
    assert hand.committed(3) == 2  # the ante is not part of the big blind's bet
    assert hand.seat_to_act == 1  # seat 4 is all-in for the ante and never acts
    hand = play(hand, call(1), call(2), check(3))
    pots = [(p.amount, p.eligible) for p in hand.pots()]
    assert pots == [(4, (1, 2, 3, 4)), (3 + 6, (1, 2, 3))]


def test_case_11_big_blind_ante_does_not_count_toward_the_big_blind():
    hand = dealt(holdem([100] * 4, button=1, ante=2, bb_ante=True))
    assert (hand.committed(3), hand.total_committed(3)) == (2, 4)
    assert hand.total_committed(4) == 0
    hand = play(hand, call(4), call(1), call(2))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.can_check


def test_setup_refuses_eleven_holdem_seats():
    with pytest.raises(SetupError, match="a table has 2 to 10 seats, not 11"):
        holdem([100] * 11)


def test_setup_refuses_a_single_player():
    with pytest.raises(SetupError, match="a hand needs at least 2 players with chips, not 1") as refused:
        holdem({1: 100, 2: 0})
    assert refused.value.code == "too_few_players"


def test_setup_refuses_blinds_off_the_smallest_chip():
    with pytest.raises(SetupError, match="the big blind of 7 is not a multiple of the smallest chip 5"):
        holdem([100, 100], blinds=(5, 7), chip_unit=5)


def test_setup_refuses_a_small_blind_above_the_big_blind():
    with pytest.raises(SetupError, match="Hold'em needs 0 < small blind <= big blind, not 3/2"):
        holdem([100, 100], blinds=(3, 2))


def test_setup_refuses_a_button_off_the_table():
    with pytest.raises(SetupError, match="the button seat 7 is not a seat of this 6-seat table"):
        holdem([100] * 6, button=7)


def test_start_posts_forced_bets_and_waits_for_the_deal():
    hand = Hand.start(holdem([100] * 3, button=1))
    assert hand.phase is Phase.DEAL and hand.seat_to_act is None
    assert hand.stacks_by_seat() == {1: 100, 2: 99, 3: 98}
