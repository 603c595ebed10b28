"""Random legal Hold'em hands, and pokerkit as the oracle that replays them.

Shared by the differential test, the PHH tests and ``bench/engine.py``: a
hand is generated once through the engine (choosing among its legal
actions), recorded as a setup plus events, and replayed through pokerkit
with its settings matched (cash-game mode, no fee, the engine's pokerkit
house options).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import pokerkit
from pokerkit import Automation, BettingStructure, Mode
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from games.engine import betting
from games.engine.button import positions_for
from games.engine.cards import cards_str
from games.engine.events import Action, ActionKind, Board, Deal, Event, Show, bet, call, check, fold, raise_to
from games.engine.phh import effective_events, player_order
from games.engine.results import Phase
from games.engine.setup import ExtraPost, Game, HouseOptions, Structure, TableSetup
from games.engine.state import Hand

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """pokerkit has no pot-limit Texas hold'em class; its parts compose one like its no-limit class."""

    betting_structure = BettingStructure.POT_LIMIT


@dataclass(frozen=True)
class Recorded:
    """One hand: the setup, the events as entered, and the pokerkit calls that replay it."""

    setup: TableSetup
    events: tuple[Event, ...]
    calls: tuple[tuple[str, Any], ...]


def random_setup(rng: random.Random, *, options: HouseOptions | None = None) -> TableSetup:
    n = rng.randint(2, 10)
    seats = sorted(rng.sample(range(1, 11), n))
    small, big = rng.choice([(1, 2), (5, 10), (25, 50), (50, 100)])
    ante = rng.choice([0, 0, 0, small])
    stacks = {}
    for seat in seats:
        kind = rng.random()
        if kind < 0.15:
            stacks[seat] = rng.randint(1, 3 * big)  # short: all-in soon, maybe a short blind
        elif kind < 0.5:
            stacks[seat] = rng.randint(3 * big, 30 * big)
        else:
            stacks[seat] = rng.randint(30 * big, 200 * big)
    structure = rng.choice(list(Structure))
    return TableSetup(
        game=Game.HOLDEM,
        structure=structure,
        seat_count=10,
        stacks=stacks,
        button=rng.choice(seats),
        small_blind=small,
        big_blind=big,
        ante=ante,
        options=options or HouseOptions.as_pokerkit(),
    )


def random_dead_money_setup(rng: random.Random) -> TableSetup:
    """A table whose forced bets include dead money (case 57): a big-blind ante, or players posting
    out of position (a big blind live, maybe a small blind dead), as pokerkit models them.

    Uniform antes are then untrimmed, as in pokerkit's ``ante_trimming_status = false``: pokerkit has
    one trimming status for every ante, and the big-blind ante and dead blinds are dead money. A
    big blind posting the ante may be short of it or of the blind: both post the ante first (case
    61). The posters of extra posts and the big blind beside them cover their posts (pokerkit posts
    the dead part, an ante, first; the engine the live part: they differ only when those stacks are
    short).
    """
    options = replace(HouseOptions.as_pokerkit(), ante_trimming=False)
    setup = replace(random_setup(rng), options=options)
    big, small = setup.big_blind, setup.small_blind
    positions = positions_for(setup.players, setup.button)
    stacks = dict(setup.stacks)
    others = [s for s in setup.players if s not in (positions.small_blind, positions.big_blind)]
    if len(setup.players) < 3 or rng.random() < 0.5:
        ante = rng.choice([small, big])
        if rng.random() < 0.3:  # short of the ante, of the ante and the blind, or just enough
            stacks[positions.big_blind] = rng.randint(1, ante + big)
        return replace(setup, stacks=stacks, ante=ante, bb_ante=True)
    stacks[positions.big_blind] = max(stacks[positions.big_blind], 3 * big + rng.randint(0, 50 * big))
    posts = []
    for seat in rng.sample(others, rng.randint(1, min(2, len(others)))):
        live, dead = rng.choice([(big, 0), (big, small), (small, 0)])
        stacks[seat] = max(stacks[seat], 3 * big + rng.randint(0, 50 * big))
        posts.append(ExtraPost(seat, live, dead))
    return replace(setup, stacks=stacks, posts=tuple(posts))


def _choose(rng: random.Random, hand: Hand) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    seat, roll = legal.seat, rng.random()
    if legal.call_amount and roll < 0.18:
        return fold(seat)
    if legal.raise_kind is not None and roll > 0.62 and _someone_can_cover(hand, seat) and _full_in_limit(hand):
        low, high = legal.min_to, legal.max_to
        to = rng.choice([low, low, high, rng.randint(low, high)])
        return raise_to(seat, to) if legal.raise_kind is ActionKind.RAISE else bet(seat, to)
    return check(seat) if legal.can_check else call(seat)


def _someone_can_cover(hand: Hand, seat: int) -> bool:
    """pokerkit refuses a raise nobody can call beyond the current bet; the engine takes it and
    returns the uncalled part (same chips), so the generator leaves that raise out."""
    return any(
        not hand.folded[i] and hand.bets[i] + hand.stacks[i] > hand.current_bet
        for i, s in enumerate(hand.seats)
        if s != seat
    )


def _full_in_limit(hand: Hand) -> bool:
    """Fixed limit: the engine counts an all-in of half a bet or more as a full bet (R5, case 21);
    pokerkit counts only full bets, so the generator leaves short all-in raises out of limit hands."""
    if hand.setup.structure is not Structure.FIXED_LIMIT:
        return True
    i = hand.to_act
    return hand.bets[i] + hand.stacks[i] >= hand.full_level + betting.bet_size(hand)


def play(rng: random.Random, setup: TableSetup) -> Hand:
    """A random legal hand played to the end, every hand shown at the showdown."""
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand.start(setup)
    hand = hand.apply(Deal({seat: (deck.pop(), deck.pop()) for seat in hand.seats}))
    while not hand.is_over:
        if hand.phase is Phase.BETTING:
            hand = hand.apply(_choose(rng, hand))
        elif hand.phase is Phase.BOARD:
            hand = hand.apply(Board(tuple(deck.pop() for _ in range(hand.board_due))))
        elif hand.phase is Phase.SHOWDOWN:
            seat = hand.seat_to_act
            if seat is None:
                seat = next(s for i, s in enumerate(hand.seats) if not (hand.folded[i] or hand.shown[i]))
            hand = hand.apply(Show(seat, hand.hole_cards(seat)))
        else:
            raise AssertionError(f"a random hand stuck: {hand.phase_text}")
    return hand


def pokerkit_calls(hand: Hand) -> tuple[tuple[str, Any], ...]:
    """The pokerkit state calls that replay the hand (actions as the engine took them, in that order)."""
    order = player_order(hand.setup)
    calls: list[tuple[str, Any]] = []
    state = Hand.start(hand.setup)
    for event in effective_events(hand.log):
        before, state = state, state.apply(event)
        if isinstance(event, Deal):
            calls.extend(("deal_hole", cards_str(state.hole_cards(seat))) for seat in order)
        elif isinstance(event, Board):
            calls.append(("deal_board", cards_str(event.cards)))
        for taken in state.effective_actions_from(before.effective_count):
            if taken.kind is ActionKind.FOLD:
                calls.append(("fold", None))
            elif taken.kind in (ActionKind.BET, ActionKind.RAISE):
                calls.append(("complete_bet_or_raise_to", taken.to))
            else:
                calls.append(("check_or_call", None))
    return tuple(calls)


def record(rng: random.Random, setup: TableSetup | None = None) -> Recorded:
    hand = play(rng, setup or random_setup(rng))
    return Recorded(hand.setup, hand.log, pokerkit_calls(hand))


def pokerkit_state(setup: TableSetup) -> pokerkit.State:
    """A pokerkit state with the engine's table, players in PHH order (button last)."""
    order = player_order(setup)
    n = len(order)
    stacks = [setup.stacks[s] for s in order]
    antes, blinds = _forced_arrays(setup, order)
    common = {"mode": Mode.TOURNAMENT if setup.options.tournament_mode else Mode.CASH_GAME}
    trimming = setup.options.ante_trimming
    if setup.structure is Structure.FIXED_LIMIT:
        small, big = setup.limit_bets
        game: Any = pokerkit.FixedLimitTexasHoldem(AUTOMATIONS, trimming, antes, blinds, small, big, **common)
    elif setup.structure is Structure.POT_LIMIT:
        game = PotLimitTexasHoldem(AUTOMATIONS, trimming, antes, blinds, setup.bring_in, **common)
    else:
        game = pokerkit.NoLimitTexasHoldem(AUTOMATIONS, trimming, antes, blinds, setup.bring_in, **common)
    state: pokerkit.State = game(stacks, n)
    return state


def _forced_arrays(setup: TableSetup, order: list[int]) -> tuple[list[int], list[int]]:
    """pokerkit's ``antes`` and ``blinds_or_straddles`` by position (PHH order: 0 the small blind, 1 the big).

    A big-blind ante is an ante at the big blind's place (heads-up too: pokerkit reverses it there); a
    post out of position is a negative blind (live, and it does not decide who opens) plus, for its dead
    part, an ante of that player's (dead money in the main pot when antes are untrimmed).
    """
    n = len(order)
    antes = [setup.ante if setup.ante and not setup.bb_ante else 0] * n
    blinds = [setup.small_blind, setup.big_blind] + [0] * (n - 2)
    if setup.bb_ante:
        antes[1] = setup.ante
    for post in setup.posts:
        k = order.index(post.seat)
        blinds[k] = -post.live
        antes[k] += post.dead
    return antes, blinds


def pokerkit_replay(recorded: Recorded) -> pokerkit.State:
    state = pokerkit_state(recorded.setup)
    for name, argument in recorded.calls:
        if name == "deal_board":
            # pokerkit asks a player facing only all-ins for less to check; the engine skips them.
            while state.actor_index is not None and state.checking_or_calling_amount == 0:
                state.check_or_call()
        method = getattr(state, name)
        method() if argument is None else method(argument)
    return state


def pokerkit_result(state: pokerkit.State, setup: TableSetup) -> dict[str, Any]:
    """Final stacks by seat, and chips pushed to each seat per pot, from pokerkit."""
    order = player_order(setup)
    won: dict[int, int] = {}
    for operation in state.operations:
        if isinstance(operation, pokerkit.ChipsPushing):
            for k, amount in enumerate(operation.amounts):
                if amount:
                    won[order[k]] = won.get(order[k], 0) + amount
    return {"stacks": dict(zip(order, state.stacks, strict=True)), "won": won}


def engine_result(hand: Hand) -> dict[str, Any]:
    assert hand.result is not None
    return {"stacks": dict(hand.result.final_stacks), "won": hand.result.winnings()}


def pokerkit_split(hand: Hand) -> dict[str, Any]:
    """The engine's pots and winners, split as pokerkit splits them.

    pokerkit 0.7.7 pushes consecutive pots with the same winners as one
    amount, so their odd chips add up before the split; the engine splits
    every pot on its own (R14: pots are awarded separately, never mixed). The
    pots and winners are the engine's: only the split follows pokerkit, which
    gives each remainder to the first winner from the button's left.
    """
    result = hand.result
    assert result is not None
    stacks = dict(result.final_stacks)
    won: dict[int, int] = {}
    merged: list[tuple[int, tuple[int, ...]]] = []
    for pot in result.pots:
        if len(pot.eligible) == 1:
            continue  # pokerkit returns a pot only one player reached as an uncalled bet, not a push
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            stacks[seat] -= share
        if merged and merged[-1][1] == pot.winners:
            merged[-1] = (merged[-1][0] + pot.amount - pot.fee, pot.winners)
        else:
            merged.append((pot.amount - pot.fee, pot.winners))
    for amount, winners in merged:
        quotient, remainder = divmod(amount, len(winners))
        for k, seat in enumerate(winners):
            share = quotient + (remainder if k == 0 else 0)
            stacks[seat] += share
            won[seat] = won.get(seat, 0) + share
    return {"stacks": stacks, "won": won}


def same_outcome(hand: Hand, state: pokerkit.State) -> bool:
    """Same final stacks as pokerkit (its split of merged pots applied to the engine's pots and
    winners), and every winner of a contested pot is paid by pokerkit too.

    Chips in a pot only one player reached are returned by pokerkit as an
    uncalled bet or pushed, depending on whether folded players' chips are in
    it; the engine always awards them as a pot, so those pots only count in
    the stacks.
    """
    result = hand.result
    assert result is not None
    ours, theirs = pokerkit_split(hand), pokerkit_result(state, hand.setup)
    if ours["stacks"] != theirs["stacks"]:
        return False
    contested = {s for p in result.pots if len(p.eligible) > 1 for s, x in zip(p.winners, p.shares, strict=True) if x}
    return result.uncontested or contested <= set(theirs["won"])


def random_short_ante_setup(rng: random.Random) -> TableSetup:
    """A table with a uniform ante, trimmed (case 10), and stacks often short of the ante or of the
    ante and a blind: the live chips nobody matched go back to their owner (case 60)."""
    setup = random_setup(rng)
    small, big = setup.small_blind, setup.big_blind
    ante = rng.choice([small, big, 2 * big])
    stacks = dict(setup.stacks)
    for seat in rng.sample(sorted(stacks), rng.randint(1, len(stacks) - 1)):
        stacks[seat] = rng.randint(1, ante + 2 * big)
    return replace(setup, stacks=stacks, ante=ante)


def pots_pushed(state: pokerkit.State) -> int:
    """The chips pokerkit pushed to winners from its pots: its uncalled chips went back, not pushed."""
    return sum(sum(operation.amounts) for operation in state.operations if isinstance(operation, pokerkit.ChipsPushing))
