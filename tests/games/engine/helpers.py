"""Small builders so each rule case reads like the case: stakes, seats, then the actions."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from games.engine import (
    Action,
    ActionKind,
    AgreeSplit,
    Board,
    Deal,
    Draw,
    Event,
    Game,
    Hand,
    HouseOptions,
    Muck,
    Phase,
    Replay,
    Show,
    Structure,
    TableSetup,
    Undo,
)
from games.engine.cards import parse_cards
from games.engine.errors import EngineError

C = parse_cards


def holdem(
    stacks: Mapping[int, int] | Iterable[int],
    *,
    button: int = 1,
    blinds: tuple[int, int] = (1, 2),
    structure: Structure = Structure.NO_LIMIT,
    seat_count: int | None = None,
    **options: Any,
) -> TableSetup:
    """A Hold'em table; a list of stacks seats players 1..N."""
    by_seat = dict(stacks) if isinstance(stacks, Mapping) else dict(enumerate(stacks, start=1))
    house = options.pop("house", HouseOptions())
    return TableSetup(
        game=Game.HOLDEM,
        structure=structure,
        seat_count=seat_count or max(max(by_seat), 2),
        stacks=by_seat,
        button=button,
        small_blind=blinds[0],
        big_blind=blinds[1],
        options=house,
        **options,
    )


def club(
    stacks: Mapping[int, int] | Iterable[int],
    *,
    ante: int = 10,
    button: int = 1,
    structure: Structure = Structure.NO_LIMIT,
    seat_count: int | None = None,
    **options: Any,
) -> TableSetup:
    by_seat = dict(stacks) if isinstance(stacks, Mapping) else dict(enumerate(stacks, start=1))
    house = options.pop("house", HouseOptions())
    return TableSetup(
        game=Game.CLUB_POKER,
        structure=structure,
        seat_count=seat_count or 6,
        stacks=by_seat,
        button=button,
        ante=ante,
        options=house,
        **options,
    )


def play(hand: Hand, *events: Event) -> Hand:
    for event in events:
        hand = hand.apply(event)
    return hand


def dealt(setup: TableSetup, holes: Mapping[int, str] | None = None) -> Hand:
    """A hand with its hole cards dealt (unknown unless given)."""
    return Hand.start(setup).apply(Deal({s: C(c) for s, c in (holes or {}).items()}))


def board(text: str) -> Board:
    return Board(C(text))


# -- random legal hands (property tests and benchmarks) -----------------------


class RandomPlayer:
    """Picks a random legal event for any state, from the state's own queries."""

    def __init__(self, rng: random.Random, *, undo_rate: float = 0.0, unknown_rate: float = 0.0) -> None:
        self.rng = rng
        self.undo_rate = undo_rate
        self.unknown_rate = unknown_rate

    def _cards(self, hand: Hand, count: int) -> tuple[int, ...]:
        used = {c for c in hand.known_cards if c >= 0}
        return tuple(self.rng.sample([c for c in range(52) if c not in used], count))

    def event(self, hand: Hand) -> Event:
        phase = hand.phase
        if phase is Phase.DEAL:
            size = 5 if hand.setup.game is Game.CLUB_POKER else 2
            cards = self.rng.sample(range(52), size * len(hand.seats))
            holes = {s: tuple(cards[k * size : (k + 1) * size]) for k, s in enumerate(hand.seats)}
            known = {s: c for s, c in holes.items() if self.rng.random() >= self.unknown_rate}
            return Deal(known)
        if phase is Phase.BETTING:
            return self.action(hand)
        if phase is Phase.BOARD:
            return Board(self._cards(hand, hand.board_due))
        if phase is Phase.DRAW:
            return self.draw(hand)
        if phase is Phase.SHOWDOWN:
            return self.showdown(hand)
        if phase is Phase.TIE:
            return self.rng.choice([AgreeSplit(), Replay()])
        raise AssertionError(f"no event for {phase}")

    def action(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        assert legal is not None
        choices = [ActionKind.FOLD, ActionKind.CHECK if legal.can_check else ActionKind.CALL]
        if legal.raise_kind is not None:
            choices += [legal.raise_kind] * 2
        kind = self.rng.choice(choices)
        if kind in (ActionKind.BET, ActionKind.RAISE):
            return Action(legal.seat, kind, self.amount(hand, legal.min_to, legal.max_to, legal.all_in_to))
        return Action(legal.seat, kind)

    def amount(self, hand: Hand, low: int, high: int, all_in: int) -> int:
        unit = hand.setup.chip_unit
        if high == all_in and self.rng.random() < 0.25:
            return all_in
        pick = self.rng.randint(low, high)
        rounded = pick - pick % unit
        return rounded if rounded >= low else high

    def draw(self, hand: Hand) -> Draw:
        seat = hand.seat_to_act
        assert seat is not None
        held = hand.hole_cards(seat)
        affordable = min(3, hand.stack(seat) // hand.setup.ante)
        count = self.rng.randint(0, affordable)
        discards = tuple(self.rng.sample(held, count))
        return Draw(seat, discards, self._cards(hand, count))

    def showdown(self, hand: Hand) -> Event:
        seat = hand.seat_to_act
        if seat is None:
            seat = hand.showdown_pending()[0]
        if self.rng.random() < 0.2:
            try:
                return self._probe(hand, Muck(seat))
            except EngineError:
                pass
        held = hand.hole_cards(seat)
        missing = held.count(-1)
        known = tuple(c for c in held if c >= 0)
        return Show(seat, known + self._cards(hand, missing))

    @staticmethod
    def _probe(hand: Hand, event: Event) -> Event:
        hand.apply(event)
        return event


def random_hand(setup: TableSetup, player: RandomPlayer, *, max_undos: int = 3) -> list[Hand]:
    """Every state of one random legal hand (a few undos included), first to last."""
    states = [Hand.start(setup)]
    undos = 0
    while not states[-1].is_over:
        hand = states[-1]
        undo_ok = undos < max_undos and hand.can_undo and not isinstance(hand.log[-1], Undo)
        if undo_ok and player.rng.random() < player.undo_rate:
            undos += 1
            states.append(hand.apply(Undo("entered by mistake")))
            continue
        states.append(hand.apply(player.event(hand)))
    return states
