"""Rule case 61: a big blind who posts the table's ante (big-blind ante) and is short of the ante and
the blind posts the ante first, then what is left of the blind (the house reading of TDA Rule 3).

The ante is dead money for the main pot (case 57), the blind a live bet. Blinds 50/100, big-blind
ante 100, three players: seat 1 the button, seat 2 the small blind, seat 3 the big blind. The chips
are worked from the rule, then every stack around the two thresholds (the ante, the ante and the
blind) is played against pokerkit, which posts antes before blinds too.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import replace

import pytest

from games.engine import Board, Hand, HouseOptions, Phase, Show
from games.engine.events import call, check
from games.engine.state import replay
from tests.games.engine import oracle
from tests.games.engine.helpers import C, dealt, holdem, play

HOLES = {1: "2c7d", 2: "3h8s", 3: "AsAh"}


def _setup(big_blind_stack: int, house: HouseOptions | None = None):
    stacks = {1: 10_000, 2: 10_000, 3: big_blind_stack}
    return holdem(stacks, button=1, blinds=(50, 100), ante=100, bb_ante=True, house=house or HouseOptions())


def _posted(stack: int) -> tuple[int, int]:
    """The big blind's dead ante and live blind as the engine posted them."""
    hand = Hand.start(_setup(stack))
    i = hand.seat_index(3)
    return hand.dead_money[i], hand.bets[i]


@pytest.mark.parametrize(
    ("stack", "ante", "blind"),
    [
        (60, 60, 0),  # below the ante: all in for part of the ante, no blind
        (100, 100, 0),  # exactly the ante
        (150, 100, 50),  # the ante, and part of the blind
        (200, 100, 100),  # exactly both
        (5000, 100, 100),  # covers both
    ],
)
def test_case_61_the_ante_is_posted_before_the_blind(stack, ante, blind):
    assert _posted(stack) == (ante, blind)


def _check_down(hand: Hand) -> Hand:
    """Seats 1 and 2 call the full big blind (R10) and check to the showdown; seat 3 has the aces."""
    hand = play(hand, call(1), call(2))
    for cards in ("KcQd9h", "4s", "Jd"):
        hand = hand.apply(Board(C(cards)))
        if hand.phase is Phase.BETTING:
            hand = play(hand, check(2), check(1))
    while hand.phase is Phase.SHOWDOWN:
        seat = hand.showdown_pending()[0]
        hand = hand.apply(Show(seat, C(HOLES[seat])))
    return hand


def test_case_61_a_big_blind_of_150_wins_the_ante_and_what_it_matched_of_the_blinds():
    result = _check_down(dealt(_setup(150), HOLES)).result
    assert result is not None
    # Main pot: the dead ante 100 and 50 from each of the three; the other 50 of seats 1 and 2: a side pot.
    assert [(p.amount, p.eligible) for p in result.pots] == [(250, (1, 2, 3)), (100, (1, 2))]
    assert result.final_stacks[3] == 250


def test_case_61_a_big_blind_short_of_the_ante_can_win_only_its_ante():
    result = _check_down(dealt(_setup(60), HOLES)).result
    assert result is not None
    assert [(p.amount, p.eligible) for p in result.pots] == [(60, (1, 2, 3)), (200, (1, 2))]
    assert result.final_stacks[3] == 60


@pytest.mark.parametrize("stack", [1, 50, 99, 100, 101, 150, 199, 200, 201, 350])
def test_case_61_every_short_big_blind_moves_chips_as_pokerkit(stack):
    warnings.simplefilter("ignore")
    house = replace(HouseOptions.as_pokerkit(), ante_trimming=False)  # pokerkit: a big-blind ante is dead
    rng = random.Random(stack)
    for _ in range(20):
        recorded = oracle.record(rng, _setup(stack, house))
        hand = replay(recorded.setup, recorded.events)
        assert oracle.same_outcome(hand, oracle.pokerkit_replay(recorded)), (stack, recorded.events)
