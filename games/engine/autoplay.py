"""A seeded player of legal hands, for the demo data and the benchmark (never for real play).

``next_event`` looks at an engine state and returns one legal event as the
API takes it: known cards from a shuffled deck, mostly calls and checks,
some bets and raises, and a fold facing a bet with probability ``fold``: the
default reaches the showdown often (long hands, every path of the engine);
``fold=0.45`` gives six-handed Hold'em hands of about twenty events, as a
live table deals them.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine import Hand, Phase
from games.engine.cards import DECK, cards_str


class AutoPlayer:
    def __init__(self, seed: int, *, fold: float = 0.07) -> None:
        self.rng = random.Random(seed)
        self.fold = fold
        self.deck: list[int] = []

    def _take(self, n: int) -> str:
        cards, self.deck = self.deck[:n], self.deck[n:]
        return cards_str(cards)

    def next_event(self, state: Hand) -> dict[str, Any]:
        phase = state.phase
        if phase is Phase.DEAL:
            self.deck = list(DECK)
            self.rng.shuffle(self.deck)
            size = 5 if str(state.setup.game) == "club_poker" else 2
            return {"type": "deal", "holes": {str(seat): self._take(size) for seat in state.seats}}
        if phase is Phase.BETTING:
            return self._action(state)
        if phase is Phase.BOARD:
            return {"type": "board", "cards": self._take(state.board_due)}
        if phase is Phase.DRAW:
            seat = state.seat_to_act
            assert seat is not None
            k = self.rng.choice([0, 1, 2]) if state.stack(seat) >= 2 * state.setup.ante else 0
            held = state.hole_cards(seat)
            return {"type": "draw", "seat": seat, "discards": cards_str(held[:k]), "cards": self._take(k)}
        if phase is Phase.SHOWDOWN:
            seat = state.seat_to_act or state.showdown_pending()[0]
            return {"type": "show", "seat": seat, "cards": cards_str(state.hole_cards(seat))}
        if phase is Phase.TIE:
            return {"type": "agree_split"}
        raise ValueError(f"the hand is over ({phase})")

    def _action(self, state: Hand) -> dict[str, Any]:
        legal = state.legal_actions()
        assert legal is not None
        roll = self.rng.random()
        seat = legal.seat
        if legal.raise_kind is not None and roll < 0.15:
            top = min(legal.max_to, legal.min_to * 2)
            unit = state.setup.chip_unit
            to = self.rng.randint(legal.min_to // unit, max(legal.min_to, top) // unit) * unit
            return {"type": "action", "seat": seat, "kind": str(legal.raise_kind), "amount": max(to, legal.min_to)}
        if not legal.can_check and roll > 1 - self.fold:
            return {"type": "action", "seat": seat, "kind": "fold"}
        return {"type": "action", "seat": seat, "kind": "check" if legal.can_check else "call"}


def play_out(state: Hand, player: AutoPlayer, *, limit: int = 200) -> tuple[Hand, list[dict[str, Any]]]:
    """Play a started hand to its end; returns the final state and the events (as the API takes them)."""
    from games.engine import event_from_dict

    events: list[dict[str, Any]] = []
    while not state.is_over and len(events) < limit:
        event = player.next_event(state)
        state = state.apply(event_from_dict(event))
        events.append(event)
    return state, events
