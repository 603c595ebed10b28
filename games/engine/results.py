"""Where a hand is, and how it ended."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from games.engine.cards import cards_str
from games.engine.evaluator import describe
from games.engine.pots import Pot


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


class Flag(NamedTuple):
    """Something the floor should look at, kept with the hand (e.g. a fold when checking was possible
    at a tournament table, case 25). ``code`` is stable for APIs and tests."""

    seat: int
    code: str
    message: str


class Descriptions(Mapping[int, str]):
    """The shown hands in words by seat, worded when first read.

    Wording a hand means finding its best five cards (up to 21 evaluations);
    a replay of recorded hands never reads most of them, so the result holds
    the cards and words each hand once, on demand. Compares equal to a dict
    with the same items.
    """

    __slots__ = ("_board", "_shown", "_words")

    def __init__(self, shown: Mapping[int, tuple[int, ...]], board: tuple[int, ...] = ()) -> None:
        self._shown = shown
        self._board = board
        self._words: dict[int, str] = {}

    def __getitem__(self, seat: int) -> str:
        words = self._words.get(seat)
        if words is None:
            cards = self._shown[seat] + self._board
            # Fewer than five: tabled in an all-in run-out that ended before the flop (case 58).
            words = self._words[seat] = describe(cards) if len(cards) >= 5 else "Shown before the flop"
        return words

    def __iter__(self) -> Iterator[int]:
        return iter(self._shown)

    def __len__(self) -> int:
        return len(self._shown)

    def __repr__(self) -> str:
        return repr(dict(self))


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
    """A Club Poker tie carried into a replay hand of ``seats`` with ``carried`` chips untouched.

    ``banks``: each tied pot with the players who tied for it (they alone can
    win it in the replay, case 59); ``carried`` is their sum.
    """

    seats: tuple[int, ...]
    carried: int
    banks: tuple[Pot, ...] = ()


@dataclass(frozen=True, slots=True)
class HandResult:
    """The end of a hand.

    pots: main pot first; ``award_order`` gives the order they were awarded
        (last side pot first, R14).
    returned: uncalled bets given back (seat, chips), case 27.
    shown: cards tabled at showdown; an uncontested winner shows nothing.
    carried_out: chips leaving this hand for a replay (or kept for the
        re-deal of a voided replay hand); part of chip conservation.
    flags: what the floor should look at (``HouseOptions.tournament_mode``: a
        fold when checking was possible, case 25).
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
    flags: tuple[Flag, ...] = ()

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
            else {
                "seats": list(self.replay.seats),
                "carried": self.replay.carried,
                "banks": [{"amount": b.amount, "eligible": list(b.eligible)} for b in self.replay.banks],
            },
            "misdeal": self.misdeal,
            "carried_out": self.carried_out,
            "flags": [flag._asdict() for flag in self.flags],
        }
