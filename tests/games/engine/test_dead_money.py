"""Rule case 57: dead money belongs to the pot, never back to the player who paid it.

A big-blind ante, a dead small blind and every Club Poker card fee are dead
money: they count toward no bet and no side-pot layer. The big-blind ante
and dead blinds go into the main pot; a card fee into the highest pot the
payer shares with another player still in. Only a short *uniform* ante is
trimmed (case 10). The expected chips come from the rules text, worked by
hand, not from the engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    AgreeSplit,
    Draw,
    ExtraPost,
    Hand,
    HouseOptions,
    Phase,
    Pot,
    Replay,
    Show,
    TableSetup,
    build_pots,
    start_replay,
)
from games.engine.events import bet, call, check, fold, raise_to
from tests.games.engine.helpers import C, RandomPlayer, board, club, dealt, holdem, play, random_hand
from tests.profiles import examples

TEN_HIGH = "2c4c6d9sTs"
ACE_HIGH = "AhKhQd8c3s"


def _show_pending(hand: Hand, holes: dict[int, str]) -> Hand:
    while hand.phase is Phase.SHOWDOWN:
        hand = hand.apply(Show(hand.showdown_pending()[0], C(holes[hand.showdown_pending()[0]])))
    return hand


def test_case_57_club_heads_up_a_loser_who_bought_three_cards_ends_with_60_the_winner_140():
    holes = {1: TEN_HIGH, 2: ACE_HIGH}
    hand = play(dealt(club([100, 100], ante=10, button=2), holes), check(1), check(2))
    hand = play(hand, Draw(1, C("2c4c6d"), C("3h5h7c")), Draw(2), check(1), check(2))
    hand = _show_pending(hand, {1: "3h5h7c9sTs", 2: ACE_HIGH})
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 60, 2: 140}
    assert [(p.amount, p.eligible, p.winners) for p in hand.result.pots] == [(50, (1, 2), (2,))]


def test_case_57_club_three_players_card_fees_go_to_the_winner_40_50_210():
    holes = {1: TEN_HIGH, 2: "2d4d6h9cTc", 3: ACE_HIGH}
    hand = play(dealt(club([100] * 3, ante=10, button=3), holes), check(1), check(2), check(3))
    hand = play(hand, Draw(1, C("2c4c"), C("3h5h")), Draw(2, C("2d"), C("3c")), Draw(3))
    hand = play(hand, check(1), check(2), bet(3, 30), call(1), call(2))
    hand = _show_pending(hand, {1: "3h5h6d9sTs", 2: "3c4d6h9cTc", 3: ACE_HIGH})
    assert hand.result is not None
    assert hand.result.final_stacks == {1: 40, 2: 50, 3: 210}


def _club_tie_after_a_bought_card() -> Hand:
    """Seats 2 and 3 tie; seat 2 bought one card (10) on the way; seat 1 folded its ante."""
    holes = {1: TEN_HIGH, 2: "AhKhQd8c2s", 3: "AdKdQc8h3d"}
    hand = play(dealt(club([100] * 3, ante=10, button=3), holes), check(1), check(2), check(3))
    hand = play(hand, Draw(1), Draw(2, C("2s"), C("3s")), Draw(3), bet(1, 20), call(2), call(3))
    return _show_pending(hand, {1: TEN_HIGH, 2: "AhKhQd8c3s", 3: holes[3]})


def test_case_57_a_club_tie_splits_the_whole_bank_antes_card_fee_and_bets():
    hand = _club_tie_after_a_bought_card()
    assert hand.phase is Phase.TIE
    result = hand.apply(AgreeSplit()).result
    assert result is not None
    bank = 3 * 10 + 10 + 3 * 20  # antes, the card fee, the bets
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [(bank, (2, 3), (50, 50))]
    assert result.final_stacks == {1: 70, 2: 110, 3: 120}


def test_case_57_a_club_tie_carries_the_whole_bank_into_the_replay():
    tied = _club_tie_after_a_bought_card().apply(Replay())
    assert tied.result is not None and tied.result.replay is not None
    assert tied.result.replay.carried == 100
    again = start_replay(tied)
    assert [(p.amount, p.eligible) for p in again.pots()] == [(100 + 20, (2, 3))]


def test_case_57_holdem_big_blind_ante_is_won_by_the_winner_sb_98_bb_96_btn_106():
    setup = holdem([100] * 3, button=1, blinds=(1, 2), ante=2, bb_ante=True)
    hand = play(dealt(setup), call(1), call(2), check(3))
    for street in ("2c7d9h", "Js", "3d"):
        hand = play(hand, board(street), check(2), check(3), check(1))
    hand = _show_pending(hand, {1: "AsAh", 2: "4c5s", 3: "6c8s"})
    assert hand.result is not None
    assert hand.result.final_stacks == {2: 98, 3: 96, 1: 106}


def test_case_57_a_dead_small_blind_goes_to_the_main_pot_not_back_to_its_payer():
    """Seat 4 comes back posting the big blind live and the missed small blind dead (case 6) and plays a
    side pot against seat 3 above seat 2's all-in: its dead 1 is in the main pot, which seat 2 wins."""
    setup = holdem({1: 100, 2: 10, 3: 100, 4: 100}, button=1, posts=(ExtraPost(4, live=2, dead=1),))
    hand = play(dealt(setup), check(4), fold(1), raise_to(2, 10), call(3), call(4))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(31, (2, 3, 4))]
    hand = play(hand, board("2c7d9h"), bet(3, 50), call(4))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(31, (2, 3, 4)), (100, (3, 4))]
    for street in ("Js", "3d"):
        hand = play(hand, board(street), check(3), check(4))
    hand = _show_pending(hand, {2: "AsAh", 3: "4c5s", 4: "KsKh"})
    assert hand.result is not None
    assert [(p.amount, p.winners) for p in hand.result.pots] == [(31, (2,)), (100, (4,))]
    assert hand.result.final_stacks == {1: 100, 2: 31, 3: 40, 4: 139}


def test_case_57_a_card_fee_goes_to_the_highest_pot_its_payer_shares():
    """Seat 1 is all-in short after buying a card; seat 2 bought three: each fee is in the highest pot
    its payer shares with another player still in, so seat 2's fee is in the side pot seat 1 cannot win."""
    holes = {1: "AhAdQd8c3s", 2: TEN_HIGH, 3: "2d2h6h9cTc"}
    hand = play(dealt(club({1: 40, 2: 200, 3: 200}, ante=10, button=3), holes), check(1), check(2), check(3))
    hand = play(hand, Draw(1, C("3s"), C("3h")), Draw(2, C("2c4c6d"), C("5h7h8d")), Draw(3))
    hand = play(hand, check(1), check(2), bet(3, 100), call(1), call(2))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(3 * 30 + 10, (1, 2, 3)), (2 * 80 + 30, (2, 3))]
    hand = _show_pending(hand, {1: "AhAdQd8c3h", 2: "5h7h8d9sTs", 3: holes[3]})
    assert hand.result is not None
    assert [(p.amount, p.winners) for p in hand.result.pots] == [(100, (1,)), (190, (3,))]
    assert hand.result.final_stacks == {1: 100, 2: 60, 3: 280}


def test_case_57_a_folded_players_card_fee_stays_where_its_chips_went():
    holes = {1: ACE_HIGH, 2: TEN_HIGH, 3: "2d4d6h9cTc"}
    hand = play(dealt(club([100] * 3, ante=10, button=3), holes), check(1), check(2), check(3))
    hand = play(hand, Draw(1), Draw(2, C("2c4c"), C("5h7h")), Draw(3), bet(1, 20), fold(2), call(3))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(30 + 20 + 40, (1, 3))]


def _short_ante_called(house: HouseOptions) -> Hand:
    """Seat 3 is all-in on a short ante of 3 (no chip left for the big blind); seats 1 and 2 call the 2."""
    setup = holdem({1: 100, 2: 100, 3: 3}, button=1, ante=5, house=house)
    return play(dealt(setup), call(1), call(2))


def test_case_10_a_short_uniform_ante_is_still_trimmed():
    hand = _short_ante_called(HouseOptions())
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(9, (1, 2, 3)), (8, (1, 2))]


def test_untrimmed_antes_are_dead_money_in_the_main_pot():
    """PHH ``ante_trimming_status = false`` (pokerkit's reading): every ante is in the pot the short player can win."""
    hand = _short_ante_called(HouseOptions(ante_trimming=False))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(13, (1, 2, 3)), (4, (1, 2))]


# -- the property: dead money never comes back to a player who won nothing contested ----------------


@st.composite
def dead_money_tables(draw: st.DrawFn) -> TableSetup:
    n = draw(st.integers(2, 6))
    stacks = {seat: draw(st.integers(1, 300)) for seat in range(1, n + 1)}
    button = draw(st.integers(1, n))
    if draw(st.booleans()):
        return club(stacks, ante=draw(st.sampled_from([1, 5, 10])), button=button, seat_count=6)
    kind = draw(st.sampled_from(["bb_ante", "posts", "untrimmed"]))
    if kind == "bb_ante":
        return holdem(stacks, button=button, seat_count=6, ante=draw(st.sampled_from([1, 2])), bb_ante=True)
    if kind == "untrimmed":
        return holdem(stacks, button=button, seat_count=6, ante=1, house=HouseOptions(ante_trimming=False))
    plain = holdem(stacks, button=button, seat_count=6)
    others = [s for s in plain.players if s not in _blind_seats(plain)]
    posting = draw(st.lists(st.sampled_from(others), unique=True, max_size=2)) if others else []
    return holdem(stacks, button=button, seat_count=6, posts=tuple(ExtraPost(s, live=2, dead=1) for s in posting))


def _blind_seats(setup: TableSetup) -> set[int]:
    hand = Hand.start(setup)
    return {hand.seats[i] for i in (hand.small_blind_index, hand.big_blind_index) if i >= 0}


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=dead_money_tables(), seed=st.integers(0, 2**32 - 1))
def test_case_57_no_players_dead_money_is_in_a_pot_only_that_player_can_win(setup: TableSetup, seed: int) -> None:
    """In every state of random hands: take a player's dead money away and the pots only that player
    can win stay exactly as they were (an uncalled bet, which is live, comes back as a refund, not a pot)."""
    for state in random_hand(setup, RandomPlayer(random.Random(seed))):
        if state.result is not None or state.live < 2:
            continue
        for i, seat in enumerate(state.seats):
            paid = state.dead_money[i] + state.card_fees[i]
            if paid:
                assert _pots_only(seat, state.pots()) == _pots_only(seat, _pots_without_dead(state, i, paid))


def _pots_only(seat: int, pots: list[Pot]) -> list[Pot]:
    return [pot for pot in pots if pot.eligible == (seat,)]


def _pots_without_dead(state: Hand, i: int, paid: int) -> list[Pot]:
    totals = list(state.totals)
    totals[i] -= paid
    dead, fees = list(state.dead_money), list(state.card_fees)
    dead[i] = fees[i] = 0
    return build_pots(state.seats, totals, state.folded, banks=state.setup.carried_banks, dead=dead, fees=fees)


@pytest.mark.parametrize("seed", range(3))
def test_club_hands_with_draws_conserve_chips_with_dead_money(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        setup = club({s: rng.randint(5, 200) for s in range(1, rng.randint(2, 6) + 1)}, ante=5)
        for state in random_hand(setup, RandomPlayer(rng)):
            state.check_chips()
