"""Reading ``.phh`` and ``.phhs`` files of Hold'em hands and replaying them through the engine.

A ``.phhs`` file is split on its ``[name]`` table headers before any TOML is
parsed, so a hand that is not even valid TOML fails alone: every hand comes
back as a ``ReplayResult`` holding either the engine's finished hand or the
error, with the hand's number in the file, and the rest still replay.

Amounts may be decimals (``12.50``): ``exponent`` is the number of decimal
places of the table's minor unit (2 for cents), and an amount that is not a
whole number of minor units is refused. Unknown hole cards are ``????``.
A hand whose actions stop at the showdown is finished by showing every
known hand in the engine's order; ``finishing_stacks`` and ``winnings``, when
present, are compared with the engine's and any difference is reported.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from games.engine.cards import UNKNOWN, parse_cards
from games.engine.errors import EngineError
from games.engine.events import ActionKind, Board, Deal, Event, Muck, Show, bet, call, check, fold, raise_to
from games.engine.phh import STRUCTURE_OF_VARIANT, PhhError, to_units
from games.engine.pots import clockwise_from
from games.engine.results import Phase
from games.engine.setup import ExtraPost, Game, HouseOptions, Structure, TableSetup
from games.engine.state import Hand
from rake.policies import FeePolicyError, PercentageFee

_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?$", re.MULTILINE)
_SHOWDOWN_LIMIT = 20  # more show events than seats means the engine is not advancing


@dataclass(frozen=True)
class ReplayResult:
    """One hand of a file: ``hand`` when it replayed, else ``error``; ``seats`` in the file's player order."""

    number: int
    name: str
    seats: tuple[int, ...] = ()
    hand: Hand | None = None
    error: str | None = None
    warnings: tuple[str, ...] = ()
    exponent: int = 0

    @property
    def ok(self) -> bool:
        return self.error is None

    def final_stacks(self) -> list[int]:
        """Minor units, in the file's player order."""
        if self.hand is None or self.hand.result is None:
            return []
        stacks = self.hand.result.final_stacks
        return [stacks[s] for s in self.seats]

    def pots(self) -> list[dict[str, Any]]:
        if self.hand is None or self.hand.result is None:
            return []
        return [p.to_dict() for p in self.hand.result.pots]

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` line of the command line (amounts in minor units, ``10**-exponent``)."""
        return {
            "hand": self.name,
            "number": self.number,
            "seats": list(self.seats),
            "final_stacks": self.final_stacks(),
            "pots": self.pots(),
            "error": self.error,
            "warnings": list(self.warnings),
            "exponent": self.exponent,
        }


@dataclass
class _Replayer:
    """Replays one hand's fields; keeps the running state so an error can name where it happened."""

    data: Mapping[str, Any]
    exponent: int
    options: HouseOptions | None
    fee: PercentageFee | None
    seats: tuple[int, ...] = ()
    label: dict[str, int] = field(default_factory=dict)

    def amount(self, key: str, index: int | None = None) -> int:
        value = self.data.get(key)
        if value is None:
            raise PhhError(f"the field {key!r} is missing")
        if index is not None:
            value = value[index]
        return to_units(value, self.exponent, what=key if index is None else f"{key}[{index}]")

    def units(self, value: object) -> int:
        return to_units(value, self.exponent, what="an amount")

    def amounts(self, key: str) -> list[int]:
        values = self.data.get(key)
        if not isinstance(values, list):
            raise PhhError(f"the field {key!r} must be an array of amounts, not {values!r}")
        return [to_units(v, self.exponent, what=f"{key}[{i}]") for i, v in enumerate(values)]

    def setup(self) -> TableSetup:
        data = self.data
        variant = data.get("variant")
        structure = STRUCTURE_OF_VARIANT.get(str(variant))
        if structure is None:
            known = ", ".join(STRUCTURE_OF_VARIANT)
            raise PhhError(f"variant {variant!r} is not a Texas hold'em variant this engine replays ({known})")
        stacks = self.amounts("starting_stacks")
        n = len(stacks)
        seats = data.get("seats") or list(range(1, n + 1))
        if len(seats) != n or len(set(seats)) != n:
            raise PhhError(f"'seats' must give {n} different seats, one per player, not {seats!r}")
        button = int(data.get("_button", seats[-1]))
        if clockwise_from(seats, button) != list(seats):
            raise PhhError(f"the players {seats} are not in order clockwise from the button's left (button {button})")
        self.seats = tuple(seats)
        self.label = {f"p{k + 1}": seat for k, seat in enumerate(seats)}
        antes, blinds = self.amounts("antes"), self.amounts("blinds_or_straddles")
        if len(antes) != n or len(blinds) != n:
            raise PhhError(f"'antes' and 'blinds_or_straddles' must have one entry per player ({n})")
        stakes = _stakes(structure, antes, blinds, self)
        return TableSetup(
            game=Game.HOLDEM,
            structure=structure,
            seat_count=int(data.get("seat_count") or max(max(seats), n)),
            stacks=dict(zip(seats, stacks, strict=True)),
            button=button,
            chip_unit=self.amount("_chip_unit") if "_chip_unit" in data else 1,
            fee=self.fee if self.fee is not None else _fee(data, self.units),
            options=self.options or _options(data),
            posts=tuple(
                ExtraPost(int(s), self.units(live), self.units(dead)) for s, live, dead in data.get("_posts", [])
            ),
            big_blind_seat=data.get("_big_blind_seat"),
            small_blind_seat=data.get("_small_blind_seat"),
            **stakes,
        )

    def replay(self) -> Hand:
        hand = Hand.start(self.setup())
        actions = self.data.get("actions", [])
        if not isinstance(actions, list):
            raise PhhError("'actions' must be an array of strings")
        holes: dict[int, tuple[int, ...]] = {}
        for k, text in enumerate(actions, start=1):
            words = str(text).split("#", 1)[0].split()
            if not words:
                continue
            try:
                if words[:2] == ["d", "dh"] and len(words) == 4:
                    seat = self.seat(words[2])
                    holes[seat] = holes.get(seat, ()) + parse_cards(words[3])
                    continue
                if holes:
                    hand, holes = hand.apply(Deal(holes)), {}
                hand = hand.apply(self.event(hand, words))
            except EngineError as error:
                raise PhhError(f"action {k} {text!r}: {error}") from error
        if holes:
            hand = hand.apply(Deal(holes))
        return _finish_showdown(hand)

    def seat(self, who: str) -> int:
        seat = self.label.get(who)
        if seat is None:
            raise PhhError(f"{who!r} is not a player of this hand (p1..p{len(self.label)})")
        return seat

    def event(self, hand: Hand, words: list[str]) -> Event:
        match words:
            case ["d", "db", cards]:
                return Board(parse_cards(cards))
            case [who, "f"]:
                return fold(self.seat(who))
            case [who, "cc"]:
                seat = self.seat(who)
                legal = hand.legal_actions()
                return check(seat) if legal is not None and legal.can_check else call(seat)
            case [who, "cbr", amount]:
                seat, to = self.seat(who), to_units(_number(amount), self.exponent, what="the amount")
                legal = hand.legal_actions()
                raising = legal is not None and (legal.raise_kind is ActionKind.RAISE or legal.call_amount > 0)
                return raise_to(seat, to) if raising else bet(seat, to)
            case [who, "sm"]:
                return Muck(self.seat(who))
            case [who, "sm", "-"]:
                return Show(self.seat(who), hand.hole_cards(self.seat(who)))
            case [who, "sm", cards]:
                return Show(self.seat(who), parse_cards(cards))
        raise PhhError(f"{' '.join(words)!r} is not a Texas hold'em action (d dh, d db, f, cc, cbr, sm)")


def _number(text: str) -> int | Decimal:
    try:
        return int(text)
    except ValueError:
        return Decimal(text.replace(",", ""))


def _stakes(structure: Structure, antes: list[int], blinds: list[int], r: _Replayer) -> dict[str, Any]:
    """Blinds, straddle and antes from PHH's positional arrays (index 0 the small blind, 1 the big blind)."""
    n = len(blinds)
    if any(blinds[3:]):
        raise PhhError(f"blinds_or_straddles {blinds}: only a small blind, a big blind and one straddle are replayed")
    stakes: dict[str, Any] = {"big_blind": blinds[1], "small_blind": blinds[0] or r.amount("_small_blind")}
    stakes["straddle"] = blinds[2] if n > 2 else 0
    if len(set(antes)) == 1:
        stakes["ante"] = antes[0]
    elif sum(1 for a in antes if a) == 1 and antes[1]:
        stakes["ante"], stakes["bb_ante"] = antes[1], True
    else:
        raise PhhError(f"antes {antes}: only uniform antes and a big-blind ante are replayed")
    if structure is Structure.FIXED_LIMIT:
        stakes["small_bet"], stakes["big_bet"] = r.amount("small_bet"), r.amount("big_bet")
    else:
        min_bet = r.amount("min_bet")
        if min_bet <= 0:
            raise PhhError(f"min_bet {r.data.get('min_bet')} must be above 0")
        # The big blind is the house's minimum bet (R1); a file may set another, read as pokerkit reads it.
        stakes["min_bet"] = 0 if min_bet == blinds[1] else min_bet
    return stakes


def _fee(data: Mapping[str, Any], units: Callable[[object], int]) -> PercentageFee | None:
    rate = data.get("_fee_rate")
    if rate is None:
        return None
    try:
        return PercentageFee(
            Decimal(str(rate)),
            cap_per_hand=None if data.get("_fee_cap") is None else units(data["_fee_cap"]),
            caps_by_players=tuple((int(n), units(cap)) for n, cap in data.get("_fee_caps_by_players", [])),
            min_pot=units(data.get("_fee_min_pot", 0)),
            no_flop_no_drop=bool(data.get("_fee_no_flop_no_drop", True)),
            allocation=data.get("_fee_allocation", "main_first"),
        )
    except FeePolicyError as error:
        raise PhhError(f"the fee fields are refused: {error}") from error


def _options(data: Mapping[str, Any]) -> HouseOptions:
    raw = dict(data.get("_house", {}))
    if "club_tie_modes" in raw:
        raw["club_tie_modes"] = frozenset(raw["club_tie_modes"])
    try:
        return HouseOptions(**raw)
    except TypeError as error:
        raise PhhError(f"the _house options are not the engine's: {error}") from error


def _finish_showdown(hand: Hand) -> Hand:
    """Table every hand still in when the actions stop at the showdown (pokerkit does the same)."""
    for _ in range(_SHOWDOWN_LIMIT):
        if hand.phase is not Phase.SHOWDOWN:
            break
        seat = hand.seat_to_act
        if seat is None:
            pending = [s for s, i in zip(hand.seats, range(len(hand.seats)), strict=True) if _undecided(hand, i)]
            seat = pending[0]
        cards = hand.hole_cards(seat)
        if UNKNOWN in cards:
            raise PhhError(f"the actions stop at the showdown and seat {seat}'s cards are unknown")
        hand = hand.apply(Show(seat, cards))
    if not hand.is_over:
        raise PhhError(f"the actions stop before the end of the hand: {hand.phase_text}")
    return hand


def _undecided(hand: Hand, i: int) -> bool:
    return not (hand.folded[i] or hand.shown[i] or hand.mucked[i])


def _check_recorded(r: _Replayer, hand: Hand) -> tuple[str, ...]:
    """Differences between the file's finishing stacks and winnings and the engine's."""
    notes: list[str] = []
    result = hand.result
    if result is None or result.misdeal:
        return ()
    won = result.winnings()
    engine = {
        "finishing_stacks": [result.final_stacks[s] for s in r.seats],
        "winnings": [won.get(s, 0) for s in r.seats],
    }
    for key, ours in engine.items():
        if r.data.get(key) is None:
            continue
        recorded = r.amounts(key)
        if recorded != ours:
            notes.append(f"{key} in the file {recorded} differ from the engine's {ours}")
    return tuple(notes)


def replay_fields(
    data: Mapping[str, Any],
    *,
    number: int = 1,
    name: str | None = None,
    exponent: int = 0,
    options: HouseOptions | None = None,
    fee: PercentageFee | None = None,
) -> ReplayResult:
    """Replay one hand's parsed fields; errors are returned, not raised."""
    label = name if name is not None else str(data.get("hand", number))
    r = _Replayer(data, exponent, options, fee)
    try:
        hand = r.replay()
        return ReplayResult(number, label, r.seats, hand, None, _check_recorded(r, hand), exponent)
    except (EngineError, FeePolicyError) as error:
        return ReplayResult(number, label, r.seats, None, str(error), (), exponent)
    except (TypeError, ValueError, KeyError, IndexError) as error:
        return ReplayResult(number, label, r.seats, None, f"malformed hand history: {error!r}", (), exponent)


def split_hands(text: str) -> list[tuple[str | None, str]]:
    """(name, TOML text) of each hand: a ``.phhs`` file's ``[name]`` tables, or a ``.phh`` file's one hand (no name)."""
    headers = list(_HEADER.finditer(text))
    before = [line for line in text[: headers[0].start()].splitlines() if line.strip()] if headers else []
    if not headers or any(not line.lstrip().startswith("#") for line in before):
        return [(None, text)]
    parts: list[tuple[str | None, str]] = []
    for k, match in enumerate(headers):
        end = headers[k + 1].start() if k + 1 < len(headers) else len(text)
        parts.append((match.group(1).strip("'\""), text[match.end() : end]))
    return parts


def replay_text(
    text: str, *, exponent: int = 0, options: HouseOptions | None = None, fee: PercentageFee | None = None
) -> list[ReplayResult]:
    """Replay every hand of a ``.phh`` or ``.phhs`` text, in file order, numbered from 1."""
    results = []
    for number, (name, body) in enumerate(split_hands(text), start=1):
        try:
            data: dict[str, Any] = tomllib.loads(body, parse_float=Decimal)
        except tomllib.TOMLDecodeError as error:
            label = name if name is not None else str(number)
            results.append(ReplayResult(number, label, error=f"not valid TOML: {error}", exponent=exponent))
            continue
        results.append(replay_fields(data, number=number, name=name, exponent=exponent, options=options, fee=fee))
    return results


def replay_file(
    path: str | Path, *, exponent: int = 0, options: HouseOptions | None = None, fee: PercentageFee | None = None
) -> list[ReplayResult]:
    return replay_text(Path(path).read_text(encoding="utf-8"), exponent=exponent, options=options, fee=fee)


def replay_results_ok(results: Sequence[ReplayResult]) -> bool:
    return all(r.ok for r in results)
