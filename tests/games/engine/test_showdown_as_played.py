"""Case 58: showdowns as tables play them (R14, R17).

The showing order is what the engine proposes, not a wall; all in before the
river, every hand is tabled at once, during the run-out; a beaten player may
muck; a winner by folds may still show. A recording system records what
happened at the table and never refuses a legal table event.
"""

from __future__ import annotations

import random
import warnings

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import evaluate_cards

from games.engine import (
    Board,
    CardError,
    Deal,
    EngineError,
    Event,
    Hand,
    Misdeal,
    Muck,
    Phase,
    PhaseError,
    Show,
    ShowdownError,
    TableSetup,
)
from games.engine.cards import UNKNOWN
from games.engine.events import Action, ActionKind, bet, call, check, fold, raise_to
from games.engine.phh import export_hand
from games.engine.phh_import import replay_text
from games.engine.state import replay
from tests.games.engine.helpers import C, RandomPlayer, board, club, dealt, holdem, play, random_hand
from tests.profiles import examples


def _accepted(hand: Hand, event: Event) -> bool:
    try:
        hand.apply(event)
    except EngineError:
        return False
    return True


# -- R17: all in before the river, the hands are tabled during the run-out -------------------------


def _all_in_preflop(holes: dict[int, str] | None = None) -> Hand:
    """Heads-up, button 1: seat 1 moves all in for 100, seat 2 calls all in; the flop is due."""
    return play(dealt(holdem([100, 100], button=1), holes), raise_to(1, 100), call(2))


def test_case_58_r17_all_in_preflop_hands_are_shown_before_the_flop_and_valued_on_the_full_board():
    hand = _all_in_preflop({1: "AsAh"})
    assert hand.phase is Phase.BOARD and hand.board_due == 3 and hand.showdown_pending() == (1, 2)
    hand = play(hand, Show(2, C("KsKh")), Show(1, C("AsAh")))
    assert hand.phase is Phase.BOARD and hand.showdown_pending() == () and hand.hole_cards(2) == C("KsKh")
    # The aces lead before the flop; the board gives the kings a set: values are taken on the full board.
    hand = play(hand, board("Kd7c2h"), board("9s"), board("3d"))
    result = hand.result
    assert result is not None and result.final_stacks == {1: 0, 2: 200}
    assert result.shown == {1: C("AsAh"), 2: C("KsKh")}
    assert result.descriptions[2] == "Three of a kind, kings, nine, seven kickers"


def test_case_58_r17_all_in_on_the_flop_hands_are_shown_before_the_turn_in_any_order():
    hand = play(dealt(holdem([100, 100, 100], button=1)), call(1), call(2), check(3), board("2c7d9h"))
    hand = play(hand, bet(2, 98), call(3), fold(1))
    assert hand.phase is Phase.BOARD and hand.board_due == 1
    hand = play(hand, Show(3, C("9d9c")), board("Js"), Show(2, C("JhJd")))
    assert hand.phase is Phase.BOARD and hand.showdown_pending() == ()
    hand = play(hand, board("2d"))
    assert hand.result is not None and hand.result.final_stacks == {1: 98, 2: 202, 3: 0}


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (Show(1, C("AsAd")), "wrong_cards"),
        (Show(2, C("KsKhKd")), "wrong_card_count"),
        (Show(2, (UNKNOWN, UNKNOWN)), "unknown_cards"),
        (Show(2, C("KsKs")), "duplicate_card"),
        (Show(2, C("AsKh")), "duplicate_card"),  # the ace of spades was dealt to seat 1
    ],
)
def test_case_58_a_show_in_the_run_out_must_still_be_a_valid_hand(event: Show, code: str):
    with pytest.raises(EngineError) as refused:
        _all_in_preflop({1: "AsAh"}).apply(event)
    assert refused.value.code == code


def test_case_58_a_card_shown_in_the_run_out_cannot_come_on_the_board():
    hand = play(_all_in_preflop(), Show(2, C("KsKh")))
    with pytest.raises(CardError, match="Kh appears twice in this hand"):
        hand.apply(board("Kh7c2d"))


def test_case_58_no_show_or_muck_while_players_can_still_bet():
    hand = play(dealt(holdem([100, 100, 100], button=1)), call(1))
    with pytest.raises(PhaseError) as refused:
        hand.apply(Show(2, C("AsAh")))
    assert refused.value.code == "no_showdown"
    hand = play(hand, call(2), check(3))
    assert hand.phase is Phase.BOARD and hand.showdown_pending() == ()  # a flop due, then more betting
    assert not _accepted(hand, Show(2, C("AsAh"))) and not hand.may_muck(2)


def test_case_58_club_poker_all_in_hands_are_not_shown_before_the_draw():
    hand = play(Hand.start(club({1: 50, 2: 50})), Deal({}), bet(2, 40), call(1))
    assert hand.phase is Phase.DRAW and hand.showdown_pending() == ()
    assert not _accepted(hand, Show(1, C("2c3c4c5c7d"))) and not hand.may_muck(1)


def test_case_58_a_muck_that_leaves_one_claimant_in_the_run_out_ends_the_hand_at_once():
    hand = play(_all_in_preflop({1: "AsAh"}), Show(1, C("AsAh")), Muck(2))
    result = hand.result
    assert result is not None and hand.board == () and result.final_stacks == {1: 200, 2: 0}
    assert result.to_dict()["descriptions"] == {"1": "Shown before the flop"}


def test_case_58_the_last_claimant_of_a_pot_cannot_muck_in_the_run_out_either():
    hand = play(dealt(holdem({1: 50, 2: 200, 3: 200}, button=1)), raise_to(1, 50), raise_to(2, 200), call(3))
    hand = play(hand, Muck(2))
    assert not hand.may_muck(3)
    with pytest.raises(ShowdownError, match="seat 3 cannot muck: nobody else can claim the pot of 300"):
        hand.apply(Muck(3))


# -- R14: players in a side pot show before the player all in for the main pot only -----------------


def test_case_58_r14_in_an_all_in_run_out_the_last_side_pot_shows_first():
    setup = holdem({1: 50, 2: 100, 3: 200, 4: 1000}, button=4)
    hand = play(dealt(setup), raise_to(3, 200), raise_to(4, 1000), call(1), call(2))
    assert [p.eligible for p in hand.pots()] == [(1, 2, 3, 4), (2, 3, 4), (3, 4)]
    # Seats 3 and 4 contest the last side pot: 3 is all in, 4 has chips behind (R17 within the pot).
    assert hand.phase is Phase.BOARD and hand.showdown_pending() == (3, 4, 2, 1)
    assert hand.seat_to_act is None  # every hand is asked for at once


def _side_pot_to_the_river(*river: Event) -> Hand:
    """Button 3: seat 1 is all in for 20 before the flop; seats 2 and 3 bet a side pot on the flop."""
    hand = play(dealt(holdem({1: 20, 2: 200, 3: 200}, button=3)), raise_to(3, 20), call(1), call(2))
    hand = play(hand, board("2c7d9h"), bet(2, 10), call(3), board("Js"), check(2), check(3), board("3d"))
    return play(hand, *river)


def test_case_58_r14_at_the_river_side_pot_players_show_before_the_main_pot_all_in():
    checked = _side_pot_to_the_river(check(2), check(3))
    assert checked.seat_to_act == 2 and checked.showdown_pending() == (2, 3, 1)  # R17 alone: seat 1 first
    bet_on = _side_pot_to_the_river(check(2), bet(3, 20), call(2))
    assert bet_on.seat_to_act == 3 and bet_on.showdown_pending() == (3, 2, 1)


# -- out of turn: recorded as it happened; a beaten player may muck ------------------------------------


def _checked_down(holes: dict[int, str] | None = None) -> Hand:
    """Three players, button 3, checked down on 2c 7d 9h Js 3d: seat 1 is asked to show first."""
    hand = play(dealt(holdem([100] * 3, button=3), holes), call(3), call(1), check(2))
    for street in ("2c7d9h", "Js", "3d"):
        hand = play(hand, board(street), check(1), check(2), check(3))
    return hand


def test_case_58_a_show_out_of_turn_is_recorded_and_the_proposed_order_goes_on():
    hand = play(_checked_down(), Show(3, C("KsKh")))
    assert hand.seat_to_act == 1 and hand.showdown_pending() == (1, 2)
    hand = play(hand, Show(2, C("AsAh")), Show(1, C("QsQh")))
    assert hand.result is not None and hand.result.final_stacks == {1: 98, 2: 104, 3: 98}
    assert [e.seat for e in hand.log if isinstance(e, Show)] == [3, 2, 1]  # the order it happened


def test_case_58_a_beaten_player_may_muck_out_of_turn():
    hand = _checked_down({1: "7c7s", 2: "AsAh", 3: "QdJd"})
    assert [hand.may_muck(s) for s in (1, 2, 3)] == [True, False, False]  # only the player asked
    hand = play(hand, Show(2, C("AsAh")))  # out of turn
    assert hand.may_muck(3)  # queen-jack is beaten by the aces
    hand = play(hand, Muck(3))
    assert hand.seat_to_act == 1 and hand.showdown_pending() == (1,)
    hand = play(hand, Show(1, C("7c7s")))
    assert hand.result is not None and hand.result.final_stacks == {1: 104, 2: 98, 3: 98}


def test_case_58_a_hand_not_beaten_may_not_muck_out_of_turn():
    hand = play(_checked_down({1: "7c7s", 2: "AsAh", 3: "QdJd"}), Show(3, C("QdJd")))
    assert not hand.may_muck(2)  # the aces beat the shown queen-jack
    with pytest.raises(ShowdownError, match=r"seat 2 cannot muck out of turn .* seat 1 is to show first") as refused:
        hand.apply(Muck(2))
    assert refused.value.code == "not_beaten"
    hand = play(hand, Show(1, C("7c7s")))
    assert hand.seat_to_act == 2 and hand.may_muck(2)  # asked now
    hand = play(hand, Muck(2))
    assert hand.result is not None and hand.result.pots[0].winners == (1,)


def test_case_58_a_tie_with_a_shown_hand_is_not_beaten():
    hand = play(_checked_down({2: "AdKd"}), Show(3, C("AsKh")))
    assert not hand.may_muck(2) and not _accepted(hand, Muck(2))


def test_case_58_a_hand_never_seen_is_beaten_by_any_shown_hand():
    hand = play(_checked_down(), Show(3, C("4c5c")))
    assert hand.may_muck(2) and _accepted(hand, Muck(2))


# -- a winner by folds may still show -------------------------------------------------------------------


def test_case_58_a_winner_by_folds_may_show_recorded_without_moving_chips():
    won = play(dealt(holdem([100] * 3, button=3), {2: "AsAh"}), fold(3), fold(1))
    assert won.result is not None and won.result.uncontested
    shown = won.apply(Show(2, C("AsAh")))
    assert shown.result is won.result and shown.stacks_by_seat() == won.stacks_by_seat()
    assert shown.notes[-1] == "seat 2 showed AsAh after winning uncontested" and shown.log[-1] == Show(2, C("AsAh"))
    assert replay(won.setup, shown.log).notes == shown.notes
    refusals = [
        (won, Show(1, C("KsKh")), "folded"),
        (won, Show(2, C("AsAd")), "wrong_cards"),
        (shown, Show(2, C("AsAh")), "already_done"),
        (won, Muck(2), "hand_over"),
    ]
    for hand, event, code in refusals:
        with pytest.raises(EngineError) as refused:
            hand.apply(event)
        assert refused.value.code == code


# -- R18: a misdeal, offered only while the engine takes it -----------------------------------------


def test_r18_can_misdeal_until_substantial_action():
    hand = Hand.start(holdem([100] * 3, button=3))
    assert hand.can_misdeal
    hand = play(hand, Deal({}), call(3))
    assert hand.can_misdeal and _accepted(hand, Misdeal("card exposed"))
    hand = play(hand, call(1))  # two actions, chips in: substantial
    assert not hand.can_misdeal and not _accepted(hand, Misdeal("card exposed"))


# -- properties -----------------------------------------------------------------------------------------


def _runout(rng: random.Random) -> tuple[Hand, dict[int, tuple[int, ...]], list[int]]:
    """A random Hold'em hand whose players are all in before the river, with every card it will use.

    Some hole cards are not entered at the deal: they are seen first when shown.
    """
    while True:
        n = rng.randint(2, 6)
        setup = holdem({s: rng.choice([20, 50, 75, 100, 150, 300]) for s in range(1, n + 1)}, button=rng.randint(1, n))
        deck = rng.sample(range(52), 2 * n + 5)
        holes = {s: tuple(deck[2 * k : 2 * k + 2]) for k, s in enumerate(setup.players)}
        hand = Hand.start(setup).apply(Deal({s: c for s, c in holes.items() if rng.random() < 0.6}))
        shove_street = rng.randint(0, 2)
        while hand.phase is Phase.BETTING or (hand.phase is Phase.BOARD and not hand.free_show):
            event = _next_board(hand, deck[2 * n :]) if hand.phase is Phase.BOARD else _shove(rng, hand, shove_street)
            hand = hand.apply(event)
        if hand.phase is Phase.BOARD:
            return hand, holes, deck[2 * n :]


def _shove(rng: random.Random, hand: Hand, street: int) -> Action:
    """Check or call before ``street``; from it on, mostly all in, now and then a fold."""
    legal = hand.legal_actions()
    assert legal is not None
    if hand.street >= street and legal.raise_kind is not None and rng.random() < 0.7:
        return Action(legal.seat, legal.raise_kind, legal.max_to)
    if not legal.can_check and rng.random() < 0.1:
        return fold(legal.seat)
    return Action(legal.seat, ActionKind.CHECK if legal.can_check else ActionKind.CALL)


def _next_board(hand: Hand, cards: list[int]) -> Board:
    done = len(hand.board)
    return Board(tuple(cards[done : done + hand.board_due]))


def _top_pots(hand: Hand) -> dict[int, int]:
    return {seat: k for k, pot in enumerate(hand.pots()) for seat in pot.eligible}


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_case_58_r17_r14_random_all_in_run_outs_accept_every_show_order(seed: int):
    rng = random.Random(seed)
    hand, holes, cards = _runout(rng)
    top = _top_pots(hand)
    order = hand.showdown_pending()
    assert [top[s] for s in order] == sorted((top[s] for s in order), reverse=True)  # R14
    while not hand.is_over:
        pending = hand.showdown_pending()
        for seat in pending:  # any of them may table next, at any point of the run-out
            assert _accepted(hand, Show(seat, holes[seat])), (seat, hand.phase_text)
        choices: list[Event] = [Show(seat, holes[seat]) for seat in pending]
        choices += [Muck(seat) for seat in pending if hand.may_muck(seat) and rng.random() < 0.15]
        if hand.phase is Phase.BOARD:
            choices.append(_next_board(hand, cards))
        hand = hand.apply(rng.choice(choices))
    hand.check_chips()
    result = hand.result
    assert result is not None
    assert result.shown == {s: holes[s] for s, shown in zip(hand.seats, hand.shown, strict=True) if shown}
    for pot in result.pots:
        claimants = [s for s in pot.eligible if not hand.mucked[hand.seat_index(s)]]
        if len(claimants) > 1:  # cards speak on the whole board; phevaluator: lower is stronger
            ranks = {s: evaluate_cards(*holes[s], *hand.board) for s in claimants}
            claimants = [s for s in claimants if ranks[s] == min(ranks.values())]
        assert sorted(pot.winners) == sorted(claimants)


def _show_cards(rng: random.Random, hand: Hand, seat: int) -> tuple[int, ...]:
    """The seat's cards as it would table them: those known, the unknown ones drawn from the unused."""
    held = hand.hole_cards(seat)
    used = {c for c in hand.known_cards if c != UNKNOWN}
    fresh = rng.sample([c for c in range(52) if c not in used], held.count(UNKNOWN))
    return tuple(c for c in held if c != UNKNOWN) + tuple(fresh)


def _random_setup(rng: random.Random) -> TableSetup:
    n = rng.randint(2, 6)
    stacks = {s: rng.choice([15, 40, 100, 250]) for s in range(1, n + 1)}
    return club(stacks) if rng.random() < 0.3 else holdem(stacks, button=rng.randint(1, n))


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_case_58_r18_what_the_state_offers_is_exactly_what_the_engine_accepts(seed: int):
    """``can_misdeal``, ``may_muck`` and ``showdown_pending`` (the dealer's screen offers these) against ``apply``."""
    rng = random.Random(seed)
    for hand in random_hand(_random_setup(rng), RandomPlayer(rng, undo_rate=0.05, unknown_rate=0.3)):
        if hand.is_over:
            continue
        assert hand.can_misdeal == _accepted(hand, Misdeal("dealer error"))
        pending = hand.showdown_pending()
        for seat in hand.seats:
            assert hand.may_muck(seat) == _accepted(hand, Muck(seat)), (seat, hand.phase_text)
            assert (seat in pending) == _accepted(hand, Show(seat, _show_cards(rng, hand, seat))), seat


def test_case_58_a_run_out_shown_before_the_board_exports_to_phh_and_reads_back():
    hand = play(_all_in_preflop({1: "AsAh"}), Show(2, C("KsKh")), board("Kd7c2h"), Show(1, C("AsAh")))
    hand = play(hand, board("9s"), board("3d"))
    text = export_hand(hand)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about cards not on top of its own shuffled deck
        final = list(pokerkit.HandHistory.loads(text))[-1]
    assert list(final.stacks) == [200, 0]  # PHH order: seat 2, then the button
    [read] = replay_text(text)
    assert read.hand is not None and read.hand.result is not None
    assert read.hand.result.final_stacks == {1: 0, 2: 200}
