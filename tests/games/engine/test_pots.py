"""Rule cases C28-C35 (not 33, 36): side pots, folded chips, odd chips, the fee."""

from __future__ import annotations

from decimal import Decimal

from games.engine import HouseOptions, Pot, Show, build_pots, split_pot
from games.engine.events import bet, call, check, fold, raise_to
from rake.engine.policies import PercentageFee
from tests.games.engine.helpers import C, board, dealt, holdem, play

ROYAL = ("AsKsQs", "Js", "Ts")


def _run_board(hand, cards=("2c7d9h", "Js", "3d")):
    for street in cards:
        hand = play(hand, board(street))
    return hand


def _check_down(hand, seats, cards=ROYAL):
    for street in cards:
        hand = play(hand, board(street))
        for seat in seats:
            hand = play(hand, check(seat))
    return hand


def test_case_28_four_all_ins_50_100_200_1000_make_pots_200_150_200_awarded_last_first():
    setup = holdem({1: 50, 2: 100, 3: 200, 4: 1000}, button=4)
    holes = {1: "AsAh", 2: "KsKh", 3: "QsQh", 4: "4c5s"}
    hand = play(dealt(setup, holes), raise_to(3, 200), raise_to(4, 1000), call(1), call(2))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(200, (1, 2, 3, 4)), (150, (2, 3, 4)), (200, (3, 4))]
    hand = _run_board(hand)
    assert hand.seat_to_act is None  # all-in before the river: hands tabled in any order (R17)
    hand = play(hand, *(Show(seat, C(cards)) for seat, cards in holes.items()))
    result = hand.result
    assert result is not None
    assert result.returned == ((4, 800),)
    assert [(p.amount, p.winners) for p in result.pots] == [(200, (1,)), (150, (2,)), (200, (3,))]
    assert result.award_order == (2, 1, 0)
    assert result.final_stacks == {1: 200, 2: 150, 3: 200, 4: 800}


def test_case_29_folded_players_chips_stay_in_a_pot_he_cannot_win():
    setup = holdem({1: 1000, 2: 50, 3: 1000, 4: 1000}, button=1)
    hand = play(dealt(setup), call(4), call(1), raise_to(2, 50), call(3), call(4), call(1))
    hand = play(hand, board("2c7d9h"), bet(3, 100), call(4), call(1), board("Js"), bet(3, 200), fold(4), call(1))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(200, (1, 2, 3)), (300 + 400, (1, 3))]


def test_case_30_three_handed_sb_folds_btn_and_bb_tie_pot_5_bb_3_btn_2():
    hand = play(dealt(holdem([100] * 3, button=1)), call(1), fold(2), check(3))
    hand = _check_down(hand, (3, 1))
    hand = play(hand, Show(3, C("2c3d")), Show(1, C("4h5h")))
    result = hand.result
    assert result is not None
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [(5, (3, 1), (3, 2))]
    assert result.descriptions == {3: "Royal flush", 1: "Royal flush"}


def _three_way_tie_pot_11(house: HouseOptions):
    setup = holdem([100] * 4, button=1, ante=1, house=house)
    hand = play(dealt(setup), call(4), call(1), fold(2), check(3))
    hand = _check_down(hand, (3, 4, 1))
    return play(hand, Show(3, C("2c3d")), Show(4, C("4h5h")), Show(1, C("6c7c"))).result


def test_case_31_three_way_tie_pot_11_one_odd_chip_each_4_4_3():
    result = _three_way_tie_pot_11(HouseOptions())
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [(11, (3, 4, 1), (4, 4, 3))]


def test_case_31_pokerkit_option_gives_5_3_3():
    result = _three_way_tie_pot_11(HouseOptions.as_pokerkit())
    assert [(p.winners, p.shares) for p in result.pots] == [((3, 4, 1), (5, 3, 3))]


def test_case_32_odd_chip_in_the_smallest_unit_pot_25_dollars_split_13_12():
    # Amounts in cents: $2/$5 blinds played with $1 chips.
    setup = holdem([10000] * 3, button=1, blinds=(200, 500), chip_unit=100)
    hand = play(dealt(setup), raise_to(1, 1000), call(2), fold(3))
    hand = _check_down(hand, (2, 1))
    result = play(hand, Show(2, C("2c3d")), Show(1, C("4h5h"))).result
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [(2500, (2, 1), (1300, 1200))]
    assert split_pot(2500, 2, 100) == [1300, 1200]


def _fee_hand(fee: PercentageFee):
    setup = holdem({1: 30, 2: 70, 3: 70}, button=1, fee=fee)
    holes = {1: "AsAh", 2: "KsKh", 3: "QsQh"}
    hand = play(dealt(setup, holes), raise_to(1, 30), raise_to(2, 70), call(3))
    hand = _run_board(hand)
    return play(hand, *(Show(seat, C(cards)) for seat, cards in holes.items())).result


def test_case_34_fee_5_percent_capped_at_3_per_hand_main_90_side_80_gives_3_in_total():
    result = _fee_hand(PercentageFee(Decimal("0.05"), cap_per_hand=3))
    assert [(p.amount, p.fee) for p in result.pots] == [(90, 3), (80, 0)]
    assert result.fees == 3
    assert result.final_stacks == {1: 87, 2: 80, 3: 0}
    assert sum(result.final_stacks.values()) + result.fees == 170


def test_case_34_fee_cap_spread_in_proportion():
    result = _fee_hand(PercentageFee(Decimal("0.05"), cap_per_hand=3, allocation="proportional"))
    assert [(p.amount, p.fee) for p in result.pots] == [(90, 2), (80, 1)]


def _won_preflop(fee: PercentageFee):
    setup = holdem([2000] * 4, button=1, blinds=(50, 100), fee=fee)
    return play(dealt(setup), raise_to(4, 300), raise_to(1, 900), fold(2), fold(3), fold(4)).result


def test_case_35_no_flop_no_drop_hand_won_preflop_pays_no_fee():
    result = _won_preflop(PercentageFee(Decimal("0.05")))
    assert result.pots[0].amount == 750 and result.fees == 0
    assert result.final_stacks[1] == 2000 + 450


def test_case_35_without_no_flop_no_drop_the_preflop_pot_pays():
    result = _won_preflop(PercentageFee(Decimal("0.05"), no_flop_no_drop=False))
    assert result.fees == 37
    assert result.final_stacks[1] == 2000 + 450 - 37


def test_build_pots_layers_totals_and_merges_equal_eligibility():
    pots = build_pots([1, 2, 3], [50, 100, 100], [False, False, True])
    assert [(p.amount, p.eligible) for p in pots] == [(150, (1, 2)), (100, (2,))]
    merged = build_pots([1, 2, 3], [100, 100, 40], [False, False, True], banks=[Pot(30, (1, 2))])
    assert [(p.amount, p.eligible) for p in merged] == [(270, (1, 2))]


def test_split_pot_gives_no_player_more_than_one_odd_chip():
    assert split_pot(11, 3, 1) == [4, 4, 3]
    assert split_pot(11, 3, 1, one_odd_chip_each=False) == [5, 3, 3]
    assert split_pot(37, 2, 5) == [20, 17]  # a part-chip from an odd all-in goes to the next in line
