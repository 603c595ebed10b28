"""The engine against pokerkit (rule case 55), and the differences the house rules make on purpose.

Random no-limit, pot-limit and fixed-limit hands of 2 to 10 players with
short stacks (so all-ins and side pots are common), no fee, the engine under
``HouseOptions.as_pokerkit()``: same pots and winners, same final stacks.
pokerkit is slow per hand (its showdown evaluates hands in Python;
bench/README.md), so the 10,000-hand run is split over two processes and marked slow; a
1,000-hand sample runs with the quick suite.
"""

from __future__ import annotations

import multiprocessing
import random
import warnings
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal
from functools import partial

import pytest
from pokerkit.utilities import rake as pokerkit_rake

from games.engine.cards import parse_cards
from games.engine.events import ActionKind, Board, Deal, Show, bet, call, check, fold, raise_to
from games.engine.setup import Game, HouseOptions, Structure, TableSetup
from games.engine.state import Hand, replay
from rake.engine.policies import PercentageFee, hand_fees
from tests.games.engine import oracle


def disagreements(
    seed: int, count: int, setups: Callable[[random.Random], TableSetup] = oracle.random_setup
) -> list[str]:
    """Hands of one seed where the engine and pokerkit end differently (empty when they agree)."""
    warnings.simplefilter("ignore")  # pokerkit warns about cards not on top of its own shuffled deck
    rng = random.Random(seed)
    found = []
    for k in range(count):
        recorded = oracle.record(rng, setups(rng))
        hand = replay(recorded.setup, recorded.events)
        try:
            state = oracle.pokerkit_replay(recorded)
        except ValueError as error:
            found.append(f"seed {seed} hand {k}: pokerkit refused: {error}")
            continue
        if not oracle.same_outcome(hand, state):
            theirs = oracle.pokerkit_result(state, recorded.setup)
            found.append(f"seed {seed} hand {k}: engine {oracle.pokerkit_split(hand)} pokerkit {theirs}")
    return found


def test_a_thousand_random_hands_agree_with_pokerkit() -> None:
    assert disagreements(55, 1000) == []


def test_dead_money_hands_agree_with_pokerkit() -> None:
    """Case 57: big-blind antes and blinds posted out of position (a live big blind, a dead small
    blind) move chips as pokerkit moves them: the dead money is won with the main pot."""
    assert disagreements(57, 500, setups=oracle.random_dead_money_setup) == []


@pytest.mark.slow
def test_chips_nobody_matched_go_back_as_pokerkit_returns_them() -> None:
    """Case 60: short antes (trimmed) and blinds, stacks often below the ante or the ante and a blind.
    The engine's pots hold what pokerkit's pots hold, so a fee is taken on the same chips: the live
    chips one player put in above every other player's go back to them, in no pot. pokerkit does
    not push a winner by folds their own bet of the last round (it pulls it back), so the pots of
    hands won by folds are compared through the stacks only."""
    warnings.simplefilter("ignore")
    rng = random.Random(60)
    found = []
    for k in range(400):
        recorded = oracle.record(rng, oracle.random_short_ante_setup(rng))
        hand = replay(recorded.setup, recorded.events)
        state = oracle.pokerkit_replay(recorded)
        result = hand.result
        assert result is not None
        in_pots = sum(p.amount for p in result.pots)
        if not oracle.same_outcome(hand, state) or not (result.uncontested or in_pots == oracle.pots_pushed(state)):
            found.append(
                f"hand {k}: engine pots {in_pots} {oracle.pokerkit_split(hand)}, pokerkit pushed "
                f"{oracle.pots_pushed(state)} {oracle.pokerkit_result(state, recorded.setup)}"
            )
    assert found == []


@pytest.mark.slow
def test_ten_thousand_random_hands_agree_with_pokerkit() -> None:
    seeds = range(1000, 1010)
    # A forked child can inherit a lock held by another thread of this process
    # (the test run has database and broker threads) and hang; spawn starts clean.
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        found = [line for lines in pool.map(partial(disagreements, count=1000), seeds) for line in lines]
    assert found == []


def test_generated_hands_cover_every_structure_all_ins_and_side_pots() -> None:
    rng = random.Random(55)
    hands = [replay(r.setup, r.events) for r in (oracle.record(rng) for _ in range(300))]
    assert {h.setup.structure for h in hands} == set(Structure)
    assert {len(h.seats) for h in hands} == set(range(2, 11))
    assert sum(1 for h in hands if h.result is not None and len(h.result.pots) > 1) > 20
    assert sum(1 for h in hands if 0 in h.stacks) > 50


# -- deliberate differences -------------------------------------------------


def four_handed(options: HouseOptions, **changes: object) -> TableSetup:
    setup = {
        "game": Game.HOLDEM,
        "structure": Structure.NO_LIMIT,
        "seat_count": 4,
        "stacks": {1: 100, 2: 100, 3: 100, 4: 100},
        "button": 4,
        "small_blind": 1,
        "big_blind": 2,
        "options": options,
    }
    return TableSetup(**(setup | changes))  # type: ignore[arg-type]


def dealt(setup: TableSetup) -> Hand:
    return Hand.start(setup).apply(Deal({}))  # nobody's cards known: the dealer never saw them


def test_rule_case_8_a_short_big_blind_is_called_in_full() -> None:
    # Seat 2 (big blind) has 1 chip: UTG must call the full 2 (R10); pokerkit asks for 1.
    stacks = {1: 100, 2: 1, 3: 100, 4: 100}
    ours = dealt(four_handed(HouseOptions(), stacks=stacks)).legal_actions()
    as_pokerkit = dealt(four_handed(HouseOptions.as_pokerkit(), stacks=stacks)).legal_actions()
    state = oracle.pokerkit_state(four_handed(HouseOptions(), stacks=stacks))
    for _ in range(4):
        state.deal_hole("????")
    assert ours is not None and ours.call_amount == 2
    assert as_pokerkit is not None and as_pokerkit.call_amount == 1
    assert state.checking_or_calling_amount == 1


def test_rule_case_19_limit_flop_cap_is_a_bet_and_four_raises() -> None:
    # Limit 2/4, six-handed: the house caps the flop at 10, pokerkit at 8.
    setup = TableSetup(
        game=Game.HOLDEM,
        structure=Structure.FIXED_LIMIT,
        seat_count=6,
        stacks=dict.fromkeys(range(1, 7), 100),
        button=6,
        small_blind=1,
        big_blind=2,
    )
    hand = dealt(setup)
    for seat in (3, 4, 5, 6, 1):
        hand = hand.apply(call(seat))
    hand = hand.apply(check(2)).apply(Board(parse_cards("2c7d9h")))
    hand = hand.apply(bet(1, 2))
    for seat, to in ((2, 4), (3, 6), (4, 8)):
        hand = hand.apply(raise_to(seat, to))
    legal = hand.legal_actions()
    assert legal is not None and legal.min_to == 10  # the fourth raise is still allowed
    state = oracle.pokerkit_state(setup)
    for name, argument in [("deal_hole", "????")] * 6 + [("check_or_call", None)] * 6 + [("deal_board", "2c7d9h")]:
        getattr(state, name)(*(() if argument is None else (argument,)))
    for to in (2, 4, 6, 8):
        state.complete_bet_or_raise_to(to)
    assert not state.can_complete_bet_or_raise_to()


def test_rule_case_31_odd_chips_go_one_each_from_the_buttons_left() -> None:
    # Ante 1 x 4, blinds 1/2, UTG and button call, SB folds, BB checks; a royal flush board ties all three.
    hand = dealt(four_handed(HouseOptions(), ante=1))
    for action in (call(3), call(4), fold(1), check(2)):
        hand = hand.apply(action)
    for street in ("AsKsQs", "Js", "Ts"):
        hand = hand.apply(Board(parse_cards(street)))
        for seat in (2, 3, 4):
            hand = hand.apply(check(seat))
    hand = (
        hand.apply(Show(2, parse_cards("2c3c"))).apply(Show(3, parse_cards("4c5c"))).apply(Show(4, parse_cards("6c7c")))
    )
    assert hand.result is not None
    (pot,) = hand.result.pots
    assert pot.amount == 11 and dict(zip(pot.winners, pot.shares, strict=True)) == {2: 4, 3: 4, 4: 3}
    # pokerkit gives the whole remainder to the first winner: 5/3/3.
    assert oracle.pokerkit_split(hand)["won"] == {2: 5, 3: 3, 4: 3}


def test_rule_case_34_fee_cap_is_per_hand_not_per_pot() -> None:
    policy = PercentageFee(Decimal("0.05"), cap_per_hand=3)
    ours = hand_fees(policy, [90, 80], chip_unit=1, players_dealt=3, saw_flop=True)
    theirs = [pokerkit_rake(pot, percentage=0.05, cap=3)[0] for pot in (90, 80)]
    assert sum(ours) == 3
    assert sum(theirs) == 6


def test_rule_case_r4_cumulative_short_all_ins_reopen_even_after_a_third_short_all_in() -> None:
    # Flop: A (seat 1) bets 100; B all-in 150 and C all-in 200 add up to a full raise over A (R4), D all-in 230
    # is short again. A acted before the reopening, so A may raise: min raise-to 230 + 100.
    stacks = {1: 1000, 2: 152, 3: 202, 4: 232, 5: 1000}
    setup = four_handed(HouseOptions.as_pokerkit(), seat_count=5, stacks=stacks, button=5)
    hand = dealt(setup)
    for seat in (3, 4, 5, 1):
        hand = hand.apply(call(seat))
    hand = hand.apply(check(2)).apply(Board(parse_cards("2c7d9h")))
    hand = hand.apply(bet(1, 100)).apply(raise_to(2, 150)).apply(raise_to(3, 200)).apply(raise_to(4, 230))
    hand = hand.apply(call(5))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1
    assert legal.raise_kind is ActionKind.RAISE and legal.min_to == 330
    # pokerkit counts only the short all-ins since the last reopening and refuses A's raise.
    state = oracle.pokerkit_state(setup)
    for _ in range(5):
        state.deal_hole("????")
    for _ in range(5):
        state.check_or_call()
    state.deal_board("2c7d9h")
    for to in (100, 150, 200, 230):
        state.complete_bet_or_raise_to(to)
    state.check_or_call()
    assert state.actor_index == oracle.player_order(setup).index(1)
    assert not state.can_complete_bet_or_raise_to()


def test_rule_case_25_tournament_fold_when_checking_is_possible_is_taken_and_flagged() -> None:
    # The house takes the fold and flags it for the floor; pokerkit's tournament mode refuses it.
    setup = four_handed(HouseOptions(tournament_mode=True))
    hand = dealt(setup)
    for seat in (3, 4, 1):
        hand = hand.apply(call(seat))
    hand = hand.apply(fold(2))
    assert not hand.in_hand(2) and [flag.seat for flag in hand.flags] == [2]
    state = oracle.pokerkit_state(setup)
    for _ in range(4):
        state.deal_hole("????")
    for _ in range(3):
        state.check_or_call()
    assert state.checking_or_calling_amount == 0
    with pytest.raises(ValueError, match="no reason for this player to fold"):
        state.fold()
