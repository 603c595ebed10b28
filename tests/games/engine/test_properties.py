"""Random legal hands of both games, picked from the state's own legal-action query.

Every hand must conserve chips after every event, charge no pot more than 5%
in whole chips, and come out the same when its log (undos included) is
replayed, also after a trip through JSON.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    Action,
    ActionKind,
    EngineError,
    Game,
    HouseOptions,
    Phase,
    Structure,
    TableSetup,
    event_from_dict,
    replay,
    start_replay,
)
from rake.engine.policies import PercentageFee
from tests.games.engine.helpers import RandomPlayer, random_hand
from tests.profiles import examples

SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw: st.DrawFn, game: Game | None = None) -> TableSetup:
    game = game or draw(st.sampled_from(list(Game)))
    seats = draw(st.integers(2, 6 if game is Game.CLUB_POKER else 10))
    unit = draw(st.sampled_from([1, 1, 5, 25]))
    players = draw(st.lists(st.integers(1, seats), min_size=2, max_size=seats, unique=True))
    stacks = {s: unit * draw(st.integers(1, 400)) + draw(st.sampled_from([0, 0, 0, unit // 2])) for s in players}
    rate = draw(st.sampled_from(["0.01", "0.03", "0.05"]))
    cap = draw(st.sampled_from([None, 3 * unit, 40 * unit]))
    fee = draw(st.sampled_from([None, PercentageFee(Decimal(rate), cap_per_hand=cap)]))
    house = HouseOptions(
        underraise_correct=draw(st.booleans()),
        pot_limit_round_blinds=draw(st.booleans()),
        odd_chip_per_player=draw(st.booleans()),
        limit_cap_as_pokerkit=draw(st.booleans()),
        short_bb_call_as_pokerkit=draw(st.booleans()),
        club_drawn_may_raise=draw(st.booleans()),
    )
    common = {
        "game": game,
        "structure": draw(st.sampled_from(list(Structure))),
        "seat_count": seats,
        "stacks": stacks,
        "button": draw(st.integers(1, seats)),
        "chip_unit": unit,
        "fee": fee,
        "options": house,
    }
    if game is Game.CLUB_POKER:
        return TableSetup(ante=unit * draw(st.integers(1, 3)), **common)
    big = unit * draw(st.integers(1, 4))
    ante = draw(st.sampled_from([0, 0, unit]))
    straddle = 2 * big if len(players) >= 3 and draw(st.integers(0, 4)) == 0 else 0
    return TableSetup(
        small_blind=unit, big_blind=big, ante=ante, bb_ante=draw(st.booleans()), straddle=straddle, **common
    )


def _hand_states(setup: TableSetup, rnd: random.Random, undo_rate: float = 0.0):
    player = RandomPlayer(rnd, undo_rate=undo_rate, unknown_rate=0.3)
    states = random_hand(setup, player)
    assert states[-1].is_over, states[-1].phase_text
    return states


@SETTINGS
@given(setup=setups(), rnd=st.randoms(use_true_random=False))
def test_chips_are_conserved_after_every_event(setup, rnd):
    for hand in _hand_states(setup, rnd, undo_rate=0.05):
        hand.check_chips()
        assert all(chips >= 0 for chips in hand.stacks)


@SETTINGS
@given(setup=setups(), rnd=st.randoms(use_true_random=False))
def test_fee_never_above_5_percent_of_a_pot_and_in_whole_chips(setup, rnd):
    result = _hand_states(setup, rnd)[-1].result
    assert result is not None
    for pot in result.pots:
        assert 0 <= pot.fee * 20 <= pot.amount
        assert pot.fee % setup.chip_unit == 0
        assert sum(pot.shares) + pot.fee == (0 if pot.carried else pot.amount)
    if setup.fee is not None and setup.fee.cap_per_hand is not None:
        assert result.fees <= setup.fee.cap_per_hand


@SETTINGS
@given(setup=setups(), rnd=st.randoms(use_true_random=False))
def test_replaying_the_log_with_undos_gives_the_same_state(setup, rnd):
    states = _hand_states(setup, rnd, undo_rate=0.1)
    for hand in [*states[:: max(1, len(states) // 5)], states[-1]]:
        stored = json.loads(json.dumps([event.to_dict() for event in hand.log]))
        again = replay(setup, [event_from_dict(data) for data in stored])
        assert again.snapshot() == hand.snapshot()


@SETTINGS
@given(setup=setups(game=Game.HOLDEM), rnd=st.randoms(use_true_random=False))
def test_the_legal_bounds_are_accepted_and_below_the_minimum_is_refused(setup, rnd):
    for hand in _hand_states(setup, rnd):
        legal = hand.legal_actions()
        if legal is None or legal.raise_kind is None:
            continue
        for to in {legal.min_to, legal.max_to}:
            hand.apply(Action(legal.seat, legal.raise_kind, to))
        below = legal.min_to - setup.chip_unit
        if legal.min_to < legal.all_in_to and below > hand.current_bet and not setup.options.underraise_correct:
            try:
                hand.apply(Action(legal.seat, legal.raise_kind, below))
            except EngineError as refused:
                assert refused.code in {"below_min_raise", "below_min_bet", "fixed_limit_amount"}
            else:
                raise AssertionError(f"{legal.raise_kind} to {below} below the minimum {legal.min_to} was accepted")


@SETTINGS
@given(setup=setups(game=Game.CLUB_POKER), rnd=st.randoms(use_true_random=False))
def test_club_poker_replay_chains_conserve_chips(setup, rnd):
    total = sum(setup.stacks.values())
    hand = _hand_states(setup, rnd)[-1]
    outside, fees = 0, 0
    for _ in range(5):
        result = hand.result
        assert result is not None
        fees += result.fees
        due = result.replay
        outside += sum(c for s, c in result.final_stacks.items() if due is None or s not in due.seats)
        if due is None:
            break
        hand = _hand_states_from(start_replay(hand), rnd)
    else:
        return
    assert outside + fees == total


def _hand_states_from(start, rnd: random.Random):
    player = RandomPlayer(rnd)
    hand = start
    while not hand.is_over:
        hand = hand.apply(player.event(hand))
    hand.check_chips()
    return hand


def test_a_random_hand_ends_in_a_finished_phase():
    setup = TableSetup(
        game=Game.HOLDEM, structure=Structure.NO_LIMIT, seat_count=6, stacks=dict.fromkeys(range(1, 7), 200),
        button=1, small_blind=1, big_blind=2,
    )  # fmt: skip
    hand = _hand_states(setup, random.Random(3))[-1]
    assert hand.phase in (Phase.COMPLETE, Phase.VOID)
    assert ActionKind.FOLD in ActionKind


@SETTINGS
@given(setup=setups(), rnd=st.randoms(use_true_random=False))
def test_states_are_values_and_the_running_counts_match_a_recount(setup, rnd):
    states = _hand_states(setup, rnd, undo_rate=0.05)
    before = [hand.snapshot() for hand in states]
    for hand, seen in zip(states, before, strict=True):
        assert hand.snapshot() == seen  # no later event changed an earlier state
        if hand.result is None:
            assert hand.live == hand.folded.count(False)
            assert hand.able == sum(1 for f, chips in zip(hand.folded, hand.stacks, strict=True) if not f and chips)
        assert hand.known == sum(1 << c for c in set(hand.known_cards) if c >= 0)
