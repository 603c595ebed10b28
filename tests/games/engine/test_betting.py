"""Rule cases B12-B27: minimum bets and raises, reopening, limits, pot limit, turn order."""

from __future__ import annotations

import pytest

from games.engine import (
    Action,
    ActionError,
    ActionKind,
    AmountError,
    Flag,
    HouseOptions,
    Phase,
    Structure,
    TurnError,
    Undo,
    event_from_dict,
    replay,
)
from games.engine.events import bet, call, check, fold, raise_to
from tests.games.engine.helpers import board, dealt, holdem, play

FLOP = "2c7d9h"


def _flop(hand):
    return play(hand, board(FLOP))


def test_case_12_open_below_the_big_blind_is_refused_and_2_to_7_makes_min_reraise_12():
    hand = dealt(holdem([100] * 3, button=1))  # seat 1 is first to act pre-flop
    with pytest.raises(AmountError, match="raise to 3 is below the minimum raise to 4") as refused:
        hand.apply(raise_to(1, 3))
    assert refused.value.code == "below_min_raise"
    hand = play(hand, raise_to(1, 7))
    assert hand.legal_actions().min_to == 12  # type: ignore[union-attr]
    flop = _flop(play(dealt(holdem([100] * 3, button=1)), call(1), call(2), check(3)))
    with pytest.raises(AmountError, match="bet of 1 is below the minimum bet of 2") as refused:
        flop.apply(bet(2, 1))
    assert refused.value.code == "below_min_bet"


def test_case_12_open_below_the_big_blind_is_corrected_with_the_underraise_option():
    setup = holdem([100] * 3, button=1, house=HouseOptions(underraise_correct=True))
    flop = _flop(play(dealt(setup), call(1), call(2), check(3)))
    hand = play(flop, bet(2, 1))  # half the big blind: made a full bet of 2
    assert hand.committed(2) == 2


def test_case_13_min_raise_does_not_carry_over_streets_flop_min_bet_is_the_big_blind():
    hand = play(dealt(holdem([500] * 3, button=1)), raise_to(1, 30), raise_to(2, 90), call(3), call(1))
    flop = _flop(hand)
    legal = flop.legal_actions()
    assert legal is not None and legal.raise_kind is ActionKind.BET and legal.min_to == 2


def _facing_1200_over_400(house: HouseOptions):
    setup = holdem([20000] * 4, button=1, blinds=(200, 400), house=house)
    return play(dealt(setup), raise_to(4, 1200))


def test_case_14_underraise_1600_becomes_2000_and_1500_becomes_a_call_with_auto_correct():
    hand = _facing_1200_over_400(HouseOptions(underraise_correct=True))
    assert play(hand, raise_to(1, 1600)).committed(1) == 2000
    called = play(hand, raise_to(1, 1500))
    assert called.committed(1) == 1200
    assert called.legal_actions().min_to == 2000  # type: ignore[union-attr]


def test_case_14_underraises_refused_without_auto_correct():
    hand = _facing_1200_over_400(HouseOptions())
    for entered in (1600, 1500):
        with pytest.raises(AmountError, match=f"raise to {entered} is below the minimum raise to 2000"):
            hand.apply(raise_to(1, entered))


def test_case_15_short_all_in_does_not_reopen_for_the_button_who_raised_to_600():
    setup = holdem({1: 20000, 2: 650, 3: 20000}, button=1, blinds=(100, 200))
    hand = play(dealt(setup), raise_to(1, 600), raise_to(2, 650), call(3))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1
    assert legal.raise_kind is None and legal.call_amount == 50
    with pytest.raises(AmountError, match="seat 1 cannot raise: the betting was not reopened") as refused:
        hand.apply(raise_to(1, 1400))
    assert refused.value.code == "raise_not_allowed"
    assert play(hand, call(1)).phase is Phase.BOARD


def test_case_16_bet_100_all_in_140_next_min_raise_to_240():
    setup = holdem({1: 1000, 2: 142, 3: 1000}, button=1)
    # After the flop: seat 2 (all-in next) and 3 check, seat 1 bets 100.
    hand = play(dealt(setup), call(1), call(2), check(3), board(FLOP), check(2), check(3), bet(1, 100))
    hand = play(hand, raise_to(2, 140))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.min_to == 240


def _five_way_flop():
    # Seats 1..5 = A..E, button E: A and B post the blinds and act first after the flop.
    stacks = {1: 10000, 2: 10000, 3: 10000, 4: 1302, 5: 1702}
    hand = play(dealt(holdem(stacks, button=5)), call(3), call(4), call(5), call(1), check(2))
    return play(hand, board(FLOP), bet(1, 500), raise_to(2, 1000), call(3))


def test_case_17_cumulative_short_allins_reopen_min_raise_2200():
    hand = play(_five_way_flop(), raise_to(4, 1300), raise_to(5, 1700), call(1))
    for seat in (2, 3):
        legal = hand.legal_actions()
        assert legal is not None and legal.seat == seat
        assert legal.raise_kind is ActionKind.RAISE and legal.min_to == 2200
        hand = play(hand, call(seat))


def test_case_18_one_short_allin_1300_does_not_reopen_for_b_and_c():
    hand = play(_five_way_flop(), raise_to(4, 1300), fold(5), call(1))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.raise_kind is None
    with pytest.raises(AmountError, match="only a full raise to 1500 reopens it"):
        hand.apply(raise_to(2, 2300))
    hand = play(hand, call(2))
    assert hand.legal_actions().raise_kind is None  # type: ignore[union-attr]


def _limit(stacks, **kw):
    return holdem(stacks, button=1, structure=Structure.FIXED_LIMIT, small_bet=2, big_bet=4, **kw)


def test_case_19_limit_six_way_preflop_capped_at_10_and_flop_capped_at_10():
    hand = play(dealt(_limit([100] * 6)), raise_to(4, 4), raise_to(5, 6), raise_to(6, 8), raise_to(1, 10))
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_kind is None
    with pytest.raises(AmountError, match=r"the betting is capped at 10 \(a bet and 4 raises\)") as refused:
        hand.apply(raise_to(2, 12))
    assert refused.value.code == "betting_capped"
    hand = play(hand, call(2), call(3), call(4), call(5), call(6), board(FLOP))
    hand = play(hand, bet(2, 2), raise_to(3, 4), raise_to(4, 6), raise_to(5, 8), raise_to(6, 10))
    assert hand.legal_actions().raise_kind is None  # type: ignore[union-attr]


def test_case_19_pokerkit_option_caps_the_flop_at_8():
    hand = play(dealt(_limit([100] * 6, house=HouseOptions.as_pokerkit())), call(4), call(5), call(6), call(1))
    hand = play(hand, call(2), check(3), board(FLOP), bet(2, 2), raise_to(3, 4), raise_to(4, 6), raise_to(5, 8))
    assert hand.legal_actions().raise_kind is None  # type: ignore[union-attr]


def test_case_20_limit_round_beginning_heads_up_has_no_cap():
    hand = dealt(_limit([100, 100]))
    for to in range(4, 21, 2):
        hand = play(hand, raise_to(hand.seat_to_act, to))  # type: ignore[arg-type]
    assert hand.committed(1) == 20 or hand.committed(2) == 20


def test_case_20_limit_round_beginning_three_way_keeps_the_cap_when_heads_up():
    hand = play(dealt(_limit([100] * 3)), fold(1), raise_to(2, 4), raise_to(3, 6), raise_to(2, 8), raise_to(3, 10))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.raise_kind is None


def _limit_20(stacks):
    return holdem(stacks, button=1, blinds=(10, 20), structure=Structure.FIXED_LIMIT, small_bet=20, big_bet=40)


def test_case_21_limit_15_all_in_on_a_20_round_reopens_full_raise_to_35():
    hand = play(dealt(_limit_20({1: 1000, 2: 35, 3: 1000})), call(1), call(2), check(3), board(FLOP))
    hand = play(hand, bet(2, 15))  # all-in for 15: three quarters of a bet
    assert hand.legal_actions().min_to == 35  # type: ignore[union-attr]
    hand = play(dealt(_limit_20({1: 1000, 2: 1000, 3: 55})), call(1), call(2), check(3), board(FLOP))
    hand = play(hand, bet(2, 20), raise_to(3, 35), call(1))  # 15 over the bet: a full raise
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.min_to == 55


def test_case_21_limit_9_all_in_does_not_reopen():
    hand = play(dealt(_limit_20({1: 1000, 2: 1000, 3: 49})), call(1), call(2), check(3), board(FLOP))
    hand = play(hand, bet(2, 20), raise_to(3, 29), call(1))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.raise_kind is None


def _pot_100_facing_50(house: HouseOptions):
    setup = holdem([1000, 1000], button=1, blinds=(25, 50), structure=Structure.POT_LIMIT, house=house)
    return play(dealt(setup), call(1), check(2), board(FLOP), bet(2, 50))


def test_case_22_pot_limit_pot_100_facing_50_max_raise_to_250_and_300_reduced():
    hand = _pot_100_facing_50(HouseOptions())
    assert hand.legal_actions().max_to == 250  # type: ignore[union-attr]
    reduced = play(hand, raise_to(1, 300))
    assert reduced.committed(1) == 250
    assert "raise to 300 reduced to the pot-limit maximum 250" in reduced.notes[-1]


def test_case_22_pot_limit_oversize_refused_when_not_reduced():
    hand = _pot_100_facing_50(HouseOptions(pot_limit_reduce_oversize=False))
    with pytest.raises(AmountError, match="raise to 300 is above the pot-limit maximum of 250"):
        hand.apply(raise_to(1, 300))


def test_case_23_pot_limit_5_10_first_in_max_35_or_40_with_wsop_rounding():
    strict = dealt(holdem([1000] * 3, button=1, blinds=(5, 10), structure=Structure.POT_LIMIT))
    assert strict.legal_actions().max_to == 35  # type: ignore[union-attr]
    house = HouseOptions(pot_limit_round_blinds=True)
    rounded = dealt(holdem([1000] * 3, button=1, blinds=(5, 10), structure=Structure.POT_LIMIT, house=house))
    assert rounded.legal_actions().max_to == 40  # type: ignore[union-attr]


def test_case_24_action_for_the_wrong_seat_is_refused():
    hand = dealt(holdem([100] * 6, button=3))
    with pytest.raises(TurnError, match="seat 3 is not to act: seat 6 is") as refused:
        hand.apply(call(3))
    assert refused.value.code == "out_of_turn"


def _out_of_turn(seat: int, kind: ActionKind, amount: int = 0) -> Action:
    return Action(seat, kind, amount, out_of_turn=True)


def test_case_24_binding_out_of_turn_call_is_taken_at_its_turn_when_the_action_has_not_changed():
    # Button 3, blinds 4/5, seat 6 to act; seat 2 calls before seats 6 and 1 have acted.
    hand = play(dealt(holdem([100] * 6, button=3)), _out_of_turn(2, ActionKind.CALL))
    assert hand.seat_to_act == 6 and hand.committed(2) == 0
    assert hand.held_out_of_turn == ((2, _out_of_turn(2, ActionKind.CALL)),)
    assert "seat 2: out-of-turn call recorded as binding (R19)" in hand.notes
    hand = play(hand, call(6), fold(1))  # a call and a fold do not change the action to seat 2
    assert hand.committed(2) == 2 and hand.seat_to_act == 3 and hand.held_out_of_turn == ()
    taken = [(a.seat, a.kind, a.to, a.out_of_turn) for a in hand.effective_actions]
    assert taken == [(6, ActionKind.CALL, 2, False), (1, ActionKind.FOLD, 0, False), (2, ActionKind.CALL, 2, True)]
    assert replay(hand.setup, hand.log).snapshot() == hand.snapshot()


def test_case_24_out_of_turn_action_is_not_binding_once_the_action_to_the_player_changed():
    hand = play(dealt(holdem([100] * 6, button=3)), _out_of_turn(2, ActionKind.CALL), raise_to(6, 6), fold(1))
    assert hand.seat_to_act == 2 and hand.committed(2) == 0  # free to act again: fold, call 6 or raise
    assert hand.notes[-1] == (
        "seat 2: out-of-turn call is not binding: the bet changed from 2 to 6, so seat 2 acts again (R19)"
    )
    assert play(hand, raise_to(2, 20)).committed(2) == 20


def test_case_24_out_of_turn_raise_and_fold_are_binding_and_chain_at_their_turns():
    hand = dealt(holdem([100] * 6, button=3))
    hand = play(hand, _out_of_turn(1, ActionKind.RAISE, 8), _out_of_turn(2, ActionKind.FOLD), call(6))
    # Seat 6 called 2: seat 1's raise to 8 is taken, then seat 2's fold (the bet seat 2 faced changed: 8).
    assert hand.committed(1) == 8
    assert hand.seat_to_act == 2 and hand.in_hand(2)
    assert "seat 2: out-of-turn fold is not binding: the bet changed from 2 to 8" in hand.notes[-1]


def test_case_24_out_of_turn_entries_the_seat_could_not_make_are_refused():
    hand = dealt(holdem([100] * 6, button=3))
    with pytest.raises(AmountError, match="seat 4 cannot check: facing a bet of 2"):
        hand.apply(_out_of_turn(4, ActionKind.CHECK))
    with pytest.raises(AmountError, match="raise to 3 is below the minimum raise to 4"):
        hand.apply(_out_of_turn(1, ActionKind.RAISE, 3))
    held = hand.apply(_out_of_turn(2, ActionKind.CALL))
    with pytest.raises(ActionError, match="seat 2 already has an out-of-turn action waiting") as refused:
        held.apply(_out_of_turn(2, ActionKind.FOLD))
    assert refused.value.code == "out_of_turn_held"
    assert held.apply(Undo("wrong seat")).held_out_of_turn == ()
    flop = play(dealt(holdem([100] * 3, button=1)), call(1), call(2), check(3), board(FLOP), check(2))
    with pytest.raises(TurnError, match="seat 2 has no action due this round"):
        flop.apply(_out_of_turn(2, ActionKind.CHECK))


def test_case_24_out_of_turn_flag_survives_the_stored_log():
    action = _out_of_turn(2, ActionKind.RAISE, 8)
    assert action.to_dict() == {"type": "action", "seat": 2, "kind": "raise", "amount": 8, "out_of_turn": True}
    assert event_from_dict(action.to_dict()) == action
    assert "out_of_turn" not in call(2).to_dict()  # logs stored before the flag read back the same


def test_case_25_fold_when_check_is_possible_is_allowed_and_recorded():
    hand = play(dealt(holdem([100] * 3, button=1)), call(1), call(2), fold(3))
    assert not hand.in_hand(3)
    assert hand.notes == ("seat 3 folded when checking was possible",)
    assert hand.flags == ()


def test_case_25_tournament_mode_flags_a_fold_when_checking_was_possible():
    setup = holdem([100] * 3, button=1, house=HouseOptions(tournament_mode=True))
    hand = play(dealt(setup), call(1), call(2), fold(3))
    flag = Flag(
        3, "fold_when_check_possible", "seat 3 folded when checking was possible at a tournament table (case 25)"
    )
    assert not hand.in_hand(3) and hand.flags == (flag,)
    hand = play(hand, board(FLOP), check(2), bet(1, 2), fold(2))  # a fold facing a bet is not flagged
    assert hand.result is not None and hand.result.flags == (flag,)
    assert hand.result.to_dict()["flags"] == [flag._asdict()]


def test_case_26_big_blind_option_after_limps_check_ends_round_or_raise():
    hand = play(dealt(holdem([100] * 4, button=1)), call(4), call(1), call(2))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.can_check
    assert legal.raise_kind is ActionKind.RAISE and legal.min_to == 4
    assert play(hand, check(3)).phase is Phase.BOARD
    raised = play(hand, raise_to(3, 8))
    assert raised.seat_to_act == 4


def test_case_26_big_blind_may_raise_after_an_all_in_for_less_than_a_min_raise():
    hand = play(dealt(holdem({1: 100, 2: 100, 3: 100, 4: 3}, button=1)), raise_to(4, 3), call(1), call(2))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.raise_kind is ActionKind.RAISE


def test_case_27_uncalled_part_of_the_last_bet_is_returned():
    hand = play(dealt(holdem([100] * 3, button=1)), raise_to(1, 30), fold(2), fold(3))
    result = hand.result
    assert result is not None and result.returned == ((1, 28),)
    assert result.final_stacks == {1: 103, 2: 99, 3: 98}
    assert result.uncontested and result.shown == {}


def test_check_facing_a_bet_names_the_bet():
    hand = play(dealt(holdem([1000] * 5, button=1)), call(4), call(5), call(1), call(2), check(3), board(FLOP))
    hand = play(hand, check(2), bet(3, 200))
    with pytest.raises(AmountError, match="seat 4 cannot check: facing a bet of 200") as refused:
        hand.apply(check(4))
    assert refused.value.code == "cannot_check"


def test_raise_over_the_stack_and_off_the_chip_unit_are_refused():
    hand = dealt(holdem([1000] * 3, button=1, blinds=(5, 10), chip_unit=5))
    with pytest.raises(AmountError, match="raise to 1200 is more than seat 1 has: all-in is 1000"):
        hand.apply(raise_to(1, 1200))
    with pytest.raises(AmountError, match=r"raise to 303 is not a multiple of the smallest chip 5 \(R23\)"):
        hand.apply(raise_to(1, 303))


def test_fixed_limit_raise_must_be_the_fixed_amount():
    hand = dealt(_limit([100] * 3))
    with pytest.raises(AmountError, match="raise to 6 is not the fixed-limit raise to 4"):
        hand.apply(raise_to(1, 6))


def test_bet_and_raise_words_must_match_the_situation():
    hand = dealt(holdem([100] * 3, button=1))
    with pytest.raises(AmountError, match=r"seat 1 cannot bet: facing a bet of 2 \(raise instead\)"):
        hand.apply(bet(1, 6))
    flop = _flop(play(hand, call(1), call(2), check(3)))
    with pytest.raises(AmountError, match="there is no bet to call"):
        flop.apply(call(2))
