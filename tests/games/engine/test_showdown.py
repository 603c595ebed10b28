"""Rule cases D37-D42: ranking at showdown, showing order, unknown cards, mucking."""

from __future__ import annotations

import random

import pytest
from phevaluator import evaluate_cards

from games.engine import CardError, Deal, Hand, Muck, Phase, Show, ShowdownError
from games.engine.evaluator import HandClass, evaluate, hand_class
from games.engine.events import bet, call, check, raise_to
from tests.games.engine.helpers import C, board, dealt, holdem, play


def _to_showdown(holes: dict[int, str] | None, cards: str, seats=(2, 1)):
    """Heads-up (button 1), checked down to the showdown on the given board."""
    hand = play(dealt(holdem([100, 100], button=1), holes), call(1), check(2))
    for street in (cards[:6], cards[6:8], cards[8:]):
        hand = play(hand, board(street), *(check(s) for s in seats))
    return hand


def _winners(hand: Hand):
    assert hand.result is not None
    return [(p.winners, p.shares) for p in hand.result.pots]


def test_case_37_wheel_is_the_lowest_straight_and_royal_flush_is_highest():
    wheel, six_high = evaluate(C("As2d3c4h5s")), evaluate(C("2d3c4h5s6c"))
    assert wheel < six_high and hand_class(wheel) is HandClass.STRAIGHT
    assert evaluate(C("As2s3s4s5s")) < evaluate(C("2s3s4s5s6s"))
    royal = evaluate(C("AhKhQhJhTh"))
    assert hand_class(royal) is HandClass.ROYAL_FLUSH and royal > evaluate(C("KhQhJhTh9h"))
    hand = _to_showdown(None, "4h5d3cKsQd")
    hand = play(hand, Show(2, C("As2d")), Show(1, C("6c7c")))
    assert _winners(hand) == [((1,), (4,))]
    assert hand.result.descriptions == {2: "Straight, five high", 1: "Straight, seven high"}  # type: ignore[union-attr]


def test_case_38_board_plays_for_everyone_all_split():
    hand = play(_to_showdown(None, "9c8d7h6s5c"), Show(2, C("2c2d")), Show(1, C("3h4d")))
    assert _winners(hand) == [((2, 1), (2, 2))]


def test_case_38b_kicker_kk85j_loses_to_kk85a():
    hand = play(_to_showdown(None, "KhKd8c5s2h"), Show(2, C("Jc3d")), Show(1, C("Ac4d")))
    assert _winners(hand) == [((1,), (4,))]
    assert hand.result.descriptions[1] == "One pair, kings, ace, eight, five kickers"  # type: ignore[union-attr]


def test_case_39_suits_never_break_a_tie():
    hand = play(_to_showdown(None, "KhKd8c5s2h"), Show(2, C("AcJd")), Show(1, C("AdJc")))
    assert _winners(hand) == [((2, 1), (2, 2))]


def test_case_40_evaluator_orders_200000_hands_as_phevaluator():
    rng = random.Random(40)
    for size in (7, 5):
        for _ in range(100_000):
            cards = rng.sample(range(52), size)
            # phevaluator ranks 1 (royal flush) .. 7462: lower is stronger.
            assert evaluate(cards) == 7463 - evaluate_cards(*cards)


def test_case_41_last_river_aggressor_shows_first():
    hand = play(dealt(holdem([100] * 3, button=1)), call(1), call(2), check(3))
    for street in ("2c7d9h", "Js"):
        hand = play(hand, board(street), check(2), check(3), check(1))
    hand = play(hand, board("3d"), check(2), bet(3, 10), call(1), call(2))
    assert hand.seat_to_act == 3 and hand.showdown_pending() == (3, 1, 2)
    hand = play(hand, Show(3, C("KsKh")))
    assert hand.seat_to_act == 1  # then clockwise


def test_case_41_no_river_bet_first_active_left_of_the_button_shows_first():
    hand = play(dealt(holdem([100] * 3, button=1)), call(1), call(2), check(3))
    for street in ("2c7d9h", "Js", "3d"):
        hand = play(hand, board(street), check(2), check(3), check(1))
    assert hand.showdown_pending() == (2, 3, 1)


def test_case_41_all_in_before_the_river_hands_tabled_in_any_order():
    hand = play(dealt(holdem([100, 100], button=1)), raise_to(1, 100), call(2))
    hand = play(hand, board("2c7d9h"), board("Js"), board("3d"))
    assert hand.phase is Phase.SHOWDOWN and hand.seat_to_act is None
    hand = play(hand, Show(1, C("AsAh")), Show(2, C("KsKh")))
    assert hand.result.final_stacks == {1: 200, 2: 0}  # type: ignore[union-attr]


def test_case_42_unknown_hole_cards_accepted_and_a_winning_claim_needs_the_cards():
    hand = _to_showdown(None, "2c7d9hJs3d")
    assert hand.hole_cards(1) == (-1, -1)
    with pytest.raises(ShowdownError, match=r"seat 2 must show known cards, not \?\?\?\?") as refused:
        hand.apply(Show(2, (-1, -1)))
    assert refused.value.code == "unknown_cards"
    hand = play(hand, Show(2, C("AsAh")), Show(1, C("KsKh")))
    assert _winners(hand) == [((2,), (4,))]


def test_show_must_match_the_known_cards_dealt():
    hand = _to_showdown({2: "AsAh"}, "2c7d9hJs3d")
    with pytest.raises(ShowdownError, match="seat 2 holds AsAh, not AsAd") as refused:
        hand.apply(Show(2, C("AsAd")))
    assert refused.value.code == "wrong_cards"


def test_a_card_twice_in_one_hand_is_refused():
    hand = dealt(holdem([100, 100], button=1), {1: "KdKh"})
    hand = play(hand, call(1), check(2))
    with pytest.raises(CardError, match="Kd appears twice in this hand") as refused:
        hand.apply(board("Kd7d9h"))
    assert refused.value.code == "duplicate_card"
    with pytest.raises(CardError, match="As appears twice in this hand"):
        Hand.start(holdem([100, 100], button=1)).apply(Deal({1: C("AsKs"), 2: C("AsQd")}))


def test_uncontested_at_showdown_the_last_claimant_wins_without_showing():
    hand = play(_to_showdown(None, "2c7d9hJs3d"), Muck(2))
    result = hand.result
    assert result is not None and result.shown == {} and _winners(hand) == [((1,), (4,))]


def test_the_last_claimant_of_a_side_pot_cannot_muck():
    hand = play(dealt(holdem({1: 50, 2: 200, 3: 200}, button=1)), raise_to(1, 50), raise_to(2, 200), call(3))
    hand = play(hand, board("2c7d9h"), board("Js"), board("3d"), Muck(2))
    with pytest.raises(ShowdownError, match="seat 3 cannot muck: nobody else can claim the pot of 300") as refused:
        hand.apply(Muck(3))
    assert refused.value.code == "last_claimant"
    hand = play(hand, Show(3, C("4d8h")), Show(1, C("AsAh")))
    assert _winners(hand) == [((1,), (150,)), ((3,), (300,))]
