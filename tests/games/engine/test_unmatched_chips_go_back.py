"""Rule case 60: chips nobody matched go back to the player who put them in, and pay no fee.

A player all in for less than the ante, a blind or another player's bet
can win of each opponent only what they matched; the rest of what an
opponent put in, when nobody else is left to match it, is not a pot only
its payer could win (taking a fee on it would charge a player for playing
against nobody): it goes back. A fee is taken only on chips contested by at
least two players, for antes, blinds, bets and Club Poker replays alike.
The expected chips are worked from the rules, not read from the engine.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import Board, Draw, Game, Hand, HouseOptions, Phase, Replay, Show, Structure, TableSetup, start_replay
from games.engine.events import bet, call, check, fold
from rake.engine.policies import PercentageFee, hand_fees
from tests.games.engine.helpers import C, RandomPlayer, club, dealt, holdem, play
from tests.profiles import examples

FIVE_PERCENT = PercentageFee(Decimal("0.05"))
TEN_HIGH = "2c4c6d9sTs"
ACE_HIGH = "AhKhQd8c3s"


def _show_all(hand: Hand, holes: dict[int, str]) -> Hand:
    while hand.phase is Phase.SHOWDOWN:
        seat = hand.showdown_pending()[0]
        hand = hand.apply(Show(seat, C(holes[seat])))
    return hand


def _club_heads_up_short_of_the_ante(winner_holes: dict[int, str]) -> Hand:
    """Club Poker heads-up, ante 100, fee 5%: seat 1 has 1,000, seat 2 only 30 (all in for the ante)."""
    hand = dealt(club({1: 1000, 2: 30}, ante=100, button=2, fee=FIVE_PERCENT), winner_holes)
    hand = play(hand, Draw(1), Draw(2))  # nobody can bet against seat 1: no betting round
    return _show_all(hand, winner_holes)


def test_case_60_club_heads_up_all_in_for_30_of_a_100_ante_loses_1027_to_0_fee_3():
    result = _club_heads_up_short_of_the_ante({1: ACE_HIGH, 2: TEN_HIGH}).result
    assert result is not None
    # 30 matched by each: a pot of 60, fee 3; seat 1's other 70 of the ante go back to it.
    assert [(p.amount, p.eligible, p.fee) for p in result.pots] == [(60, (1, 2), 3)]
    assert result.returned == ((1, 70),)
    assert (dict(result.final_stacks), result.fees) == ({1: 1027, 2: 0}, 3)


def test_case_60_the_short_player_who_wins_takes_only_the_matched_pot():
    result = _club_heads_up_short_of_the_ante({1: TEN_HIGH, 2: ACE_HIGH}).result
    assert result is not None
    assert (dict(result.final_stacks), result.fees) == ({1: 970, 2: 57}, 3)


def test_case_60_holdem_a_short_ante_and_the_big_blind_nobody_can_call_go_back():
    # Heads-up, ante 100 trimmed, blinds 50/100; seat 2 (the big blind) has 1,000, seat 1 only 30.
    setup = holdem(
        {1: 30, 2: 1000}, blinds=(50, 100), ante=100, fee=PercentageFee(Decimal("0.05"), no_flop_no_drop=False)
    )
    hand = dealt(setup, {1: "2c7d", 2: "AsAh"})
    for cards in ("Kc8h3s", "4d", "Jc"):
        hand = hand.apply(Board(C(cards)))
    result = _show_all(hand, {1: "2c7d", 2: "AsAh"}).result
    assert result is not None
    assert [(p.amount, p.fee) for p in result.pots] == [(60, 3)]
    assert (dict(result.final_stacks), result.fees) == ({1: 0, 2: 1027}, 3)  # as pokerkit, ante trimmed


def test_case_60_a_folded_players_chips_above_the_all_in_are_still_a_contested_pot():
    # Three players, ante 100: seat 3 is all in for 30; seat 2 bets, seat 1 folds its ante to the bet.
    setup = club({1: 1000, 2: 1000, 3: 30}, ante=100, button=3, fee=FIVE_PERCENT)
    holes = {2: ACE_HIGH, 3: TEN_HIGH}
    hand = play(dealt(setup, holes), check(1), bet(2, 100), fold(1), Draw(2), Draw(3))
    result = _show_all(hand, holes).result
    assert result is not None
    # 90 among all three; seat 1's and seat 2's other 70 of the ante each: 140, seat 1 folded into it.
    assert [(p.amount, p.eligible, p.fee) for p in result.pots] == [(90, (2, 3), 4), (140, (2,), 7)]
    assert result.returned == ((2, 100),)
    assert dict(result.final_stacks) == {1: 900, 2: 1000 - 100 + 90 + 140 - 11, 3: 0}


def test_case_60_a_club_replay_where_a_tied_player_has_no_chips_charges_only_the_bank():
    # Heads-up, ante 100: seat 2 goes all in for its last 400 and ties; the replay deals it in with 0.
    holes = {1: "AhKhQd8c3s", 2: "AdKdQc8h3d"}
    setup = club({1: 1000, 2: 500}, ante=100, button=2, fee=FIVE_PERCENT)
    hand = play(dealt(setup, holes), check(1), bet(2, 400), call(1), Draw(1), Draw(2))
    tied = _show_all(hand, holes).apply(Replay())
    assert tied.result is not None and tied.result.replay is not None and tied.result.fees == 0
    replay = start_replay(tied)
    assert replay.stacks_by_seat() == {1: 400, 2: 0}  # seat 1 has 500 and antes 100, seat 2 antes nothing
    holes = {1: ACE_HIGH, 2: TEN_HIGH}
    hand = play(dealt(replay.setup, holes), Draw(1), Draw(2))
    result = _show_all(hand, holes).result
    assert result is not None
    # Seat 1's ante in the replay was matched by nobody: back to it; the bank of 1,000 pays 50.
    assert result.returned == ((1, 100),)
    assert (dict(result.final_stacks), result.fees) == ({1: 500 + 950, 2: 0}, 50)


# -- the property: no pot of one player's own chips, and the fee on contested chips only ------


@st.composite
def short_tables(draw: st.DrawFn) -> TableSetup:
    """Tables where stacks are often below the ante, a blind, or the ante and a blind."""
    game = draw(st.sampled_from(list(Game)))
    seats = draw(st.integers(2, 6 if game is Game.CLUB_POKER else 10))
    players = draw(st.lists(st.integers(1, seats), min_size=2, max_size=seats, unique=True))
    ante = draw(st.sampled_from([10, 20, 100])) if game is Game.CLUB_POKER else draw(st.sampled_from([0, 10, 20]))
    big = draw(st.sampled_from([20, 40]))
    short = ante + big + 1
    stacks = {s: draw(st.one_of(st.integers(1, short), st.integers(short, 40 * short))) for s in players}
    common = {
        "game": game,
        "structure": draw(st.sampled_from(list(Structure))),
        "seat_count": seats,
        "stacks": stacks,
        "button": draw(st.sampled_from(players)),
        "fee": PercentageFee(Decimal("0.05"), no_flop_no_drop=draw(st.booleans())),
        "options": HouseOptions(ante_trimming=draw(st.booleans())),
    }
    if game is Game.CLUB_POKER:
        return TableSetup(ante=ante, **common)
    return TableSetup(small_blind=big // 2, big_blind=big, ante=ante, bb_ante=draw(st.booleans()), **common)


def _live_chips(hand: Hand) -> list[int]:
    """What each player put in that is layered into side pots (dead money belongs to the pot, case 57)."""
    return [t - d - f for t, d, f in zip(hand.totals, hand.dead_money, hand.card_fees, strict=True)]


def _check_finished(hand: Hand) -> None:
    result = hand.result
    assert result is not None
    live = sorted(_live_chips(hand))
    # The highest layer holds the chips of two players at least, so every layer below does too:
    # no pot is made of one player's own chips.
    assert live[-1] == live[-2]
    awarded = [0 if p.carried else p.amount for p in result.pots]
    saw_flop = hand.setup.game is Game.CLUB_POKER or len(hand.board) >= 3
    fees = hand_fees(hand.setup.fee, awarded, chip_unit=1, players_dealt=len(hand.seats), saw_flop=saw_flop)
    assert [p.fee for p in result.pots] == fees
    assert sum(result.final_stacks.values()) + result.fees + result.carried_out == hand.setup.carried + sum(
        hand.setup.stacks[s] for s in hand.seats
    )


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=short_tables(), rnd=st.randoms(use_true_random=False))
def test_a_pot_only_one_player_can_win_is_never_made_of_that_players_own_chips(setup, rnd):
    player = RandomPlayer(rnd)
    hand = Hand.start(setup)
    for _ in range(4):  # a Club Poker tie may be replayed, a player left with no chips dealt in
        while not hand.is_over:
            hand = hand.apply(player.event(hand))
        if hand.phase is Phase.VOID:
            return
        _check_finished(hand)
        if hand.result is None or hand.result.replay is None:
            return
        hand = start_replay(hand)
