"""What staff enter at the table, one event at a time.

Every event is a small frozen dataclass that turns into a plain JSON-ready dict
(``to_dict``) and back (``event_from_dict``), so ``games.services`` can store
the log as JSON and replay it. Cards travel as text (``"AsKd"``, ``"??"``).
Forced bets are not events: ``Hand.start`` posts them from the setup.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from games.engine.cards import cards_str, parse_card, parse_cards
from games.engine.errors import EngineError


class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


def _cards(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise EngineError(f"{key!r} must be cards as text such as 'AsKd', not {value!r}", code="bad_event")
    return parse_cards(value)


def _int(data: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EngineError(f"{key!r} must be a whole number, not {value!r}", code="bad_event")
    return value


@dataclass(frozen=True, slots=True)
class Deal:
    """Hole cards for every player dealt in; a seat left out got unknown cards (``??``)."""

    holes: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    type: ClassVar[str] = "deal"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "holes": {str(s): cards_str(c) for s, c in sorted(self.holes.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deal:
        holes = data.get("holes", {})
        if not isinstance(holes, Mapping):
            raise EngineError(f"'holes' must map seats to cards, not {holes!r}", code="bad_event")
        return cls({int(seat): parse_cards(str(text)) for seat, text in holes.items()})


@dataclass(frozen=True, slots=True)
class Action:
    """A betting action; ``amount`` is the bet or raise *to* (the seat's total this round).

    ``out_of_turn`` is the floor's correction of R19 (case 24): an action a
    player took before their turn, recorded as binding. Without it an action
    for a seat that is not to act is refused. With it the action waits for
    the seat's turn and is applied then if the action to that seat has not
    changed (the players in between only checked, called or folded); after a
    bet or raise it lapses and the player acts again, free to choose.
    """

    seat: int
    kind: ActionKind
    amount: int = 0
    out_of_turn: bool = False
    type: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat, "kind": self.kind.value, "amount": self.amount}
        if self.out_of_turn:  # only when set, so logs stored before the flag existed read back the same
            data["out_of_turn"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        try:
            kind = ActionKind(str(data.get("kind")))
        except ValueError:
            raise EngineError(f"{data.get('kind')!r} is not an action kind", code="bad_event") from None
        out_of_turn = data.get("out_of_turn", False)
        if not isinstance(out_of_turn, bool):
            raise EngineError(f"'out_of_turn' must be true or false, not {out_of_turn!r}", code="bad_event")
        return cls(_int(data, "seat"), kind, _int(data, "amount", 0), out_of_turn)


@dataclass(frozen=True, slots=True)
class Draw:
    """Club Poker: hand back ``discards`` and receive ``cards`` (none: stand pat)."""

    seat: int
    discards: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    type: ClassVar[str] = "draw"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "seat": self.seat,
            "discards": cards_str(self.discards),
            "cards": cards_str(self.cards),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Draw:
        return cls(_int(data, "seat"), _cards(data, "discards"), _cards(data, "cards"))


@dataclass(frozen=True, slots=True)
class Board:
    """Hold'em community cards of one street (flop 3, turn 1, river 1), with the burn if recorded."""

    cards: tuple[int, ...]
    burn: int | None = None
    type: ClassVar[str] = "board"

    def to_dict(self) -> dict[str, Any]:
        burn = None if self.burn is None else cards_str((self.burn,))
        return {"type": self.type, "cards": cards_str(self.cards), "burn": burn}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        burn = data.get("burn")
        return cls(_cards(data, "cards"), None if burn is None else parse_card(str(burn)))


@dataclass(frozen=True, slots=True)
class Show:
    seat: int
    cards: tuple[int, ...]
    type: ClassVar[str] = "show"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "cards": cards_str(self.cards)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Show:
        return cls(_int(data, "seat"), _cards(data, "cards"))


@dataclass(frozen=True, slots=True)
class Muck:
    seat: int
    type: ClassVar[str] = "muck"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Muck:
        return cls(_int(data, "seat"))


@dataclass(frozen=True, slots=True)
class AgreeSplit:
    """Club Poker: the tied players agree to split the tied bank."""

    type: ClassVar[str] = "agree_split"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AgreeSplit:
        return cls()


@dataclass(frozen=True, slots=True)
class Replay:
    """Club Poker: the tied bank is carried, untouched, into a replay hand of the tied players."""

    type: ClassVar[str] = "replay"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Replay:
        return cls()


@dataclass(frozen=True, slots=True)
class Misdeal:
    reason: str = ""
    type: ClassVar[str] = "misdeal"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Misdeal:
        return cls(str(data.get("reason", "")))


@dataclass(frozen=True, slots=True)
class Undo:
    """A correction: cancels the latest event not already undone (undos stack)."""

    reason: str = ""
    type: ClassVar[str] = "undo"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Undo:
        return cls(str(data.get("reason", "")))


Event = Deal | Action | Draw | Board | Show | Muck | AgreeSplit | Replay | Misdeal | Undo

_TYPES: dict[str, type[Event]] = {
    cls.type: cls for cls in (Deal, Action, Draw, Board, Show, Muck, AgreeSplit, Replay, Misdeal, Undo)
}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event a ``to_dict()`` produced; an unknown type is refused."""
    cls = _TYPES.get(str(data.get("type")))
    if cls is None:
        raise EngineError(f"{data.get('type')!r} is not an event type ({', '.join(_TYPES)})", code="bad_event")
    return cls.from_dict(data)


def fold(seat: int) -> Action:
    return Action(seat, ActionKind.FOLD)


def check(seat: int) -> Action:
    return Action(seat, ActionKind.CHECK)


def call(seat: int) -> Action:
    return Action(seat, ActionKind.CALL)


def bet(seat: int, amount: int) -> Action:
    return Action(seat, ActionKind.BET, amount)


def raise_to(seat: int, amount: int) -> Action:
    return Action(seat, ActionKind.RAISE, amount)
