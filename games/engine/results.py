"""Where a hand is, and how it ended."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.cards import cards_str


class Phase(StrEnum):
    DEAL = "deal"  # forced bets are in; hole cards not yet dealt
    BETTING = "betting"
    DRAW = "draw"  # Club Poker
    BOARD = "board"  # Hold'em: a flop, turn or river is due
    SHOWDOWN = "showdown"
    TIE = "tie"  # Club Poker: tied players must agree to split or replay
    COMPLETE = "complete"
    VOID = "void"  # misdeal

    @property
    def finished(self) -> bool:
        return self in (Phase.COMPLETE, Phase.VOID)


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot as awarded: ``shares`` go to ``winners`` (clockwise from the button's left) after ``fee``.

    A pot carried into a Club Poker replay has no shares and no fee.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    fee: int
    carried: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": list(self.shares),
            "fee": self.fee,
            "carried": self.carried,
        }


@dataclass(frozen=True, slots=True)
class ReplayDue:
    """A Club Poker tie carried into a replay hand of ``seats`` with ``carried`` chips untouched."""

    seats: tuple[int, ...]
    carried: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """The end of a hand.

    pots: main pot first; ``award_order`` gives the order they were awarded
        (last side pot first, R14).
    returned: uncalled bets given back (seat, chips), case 27.
    shown: cards tabled at showdown; an uncontested winner shows nothing.
    carried_out: chips leaving this hand for a replay (or kept for the
        re-deal of a voided replay hand); part of chip conservation.
    """

    pots: tuple[PotResult, ...]
    award_order: tuple[int, ...]
    final_stacks: Mapping[int, int]
    fees: int
    uncontested: bool
    shown: Mapping[int, tuple[int, ...]]
    descriptions: Mapping[int, str]
    returned: tuple[tuple[int, int], ...]
    tie: str | None = None
    replay: ReplayDue | None = None
    misdeal: bool = False
    carried_out: int = 0

    def winnings(self) -> dict[int, int]:
        """Chips each seat took from the pots."""
        won: dict[int, int] = {}
        for pot in self.pots:
            for seat, share in zip(pot.winners, pot.shares, strict=False):
                won[seat] = won.get(seat, 0) + share
        return won

    def to_dict(self) -> dict[str, Any]:
        return {
            "pots": [p.to_dict() for p in self.pots],
            "award_order": list(self.award_order),
            "final_stacks": {str(s): c for s, c in sorted(self.final_stacks.items())},
            "fees": self.fees,
            "uncontested": self.uncontested,
            "shown": {str(s): cards_str(c) for s, c in sorted(self.shown.items())},
            "descriptions": {str(s): d for s, d in sorted(self.descriptions.items())},
            "returned": [list(r) for r in self.returned],
            "tie": self.tie,
            "replay": None
            if self.replay is None
            else {"seats": list(self.replay.seats), "carried": self.replay.carried},
            "misdeal": self.misdeal,
            "carried_out": self.carried_out,
        }
