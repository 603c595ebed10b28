"""Reading ``.phh`` and ``.phhs`` files of Hold'em hands and replaying every hand, one at a time.

A ``.phhs`` file is split on its ``[name]`` table headers before any TOML is
parsed, so a hand that is not even valid TOML fails alone: every hand comes
back as a ``ReplayResult`` holding either the replayed hand or the error and
its stable code, with the hand's number in the file, and the rest still
replay (``games.engine.phh_import`` replays a hand through the engine).

Amounts may be decimals (``12.50``): ``exponent`` is the number of decimal
places of the table's minor unit (2 for cents). Left out, it is the most
decimal places any amount of the file is written with, so ``623.75`` reads
as 62375 cents, as pokerkit's Decimal reading has it; an amount that is not
a whole number of minor units is refused.

A caller that reads only each hand's summary (the command line) lets plain
hands skip the engine (``games.engine.phh_plain``); the engine, and the
modules it needs, are then loaded only if a hand is not plain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from os import PathLike
from typing import TYPE_CHECKING, Any

from games.engine.phh_plain import Settled, summarize
from games.engine.phh_text import PhhError, decimal_places, loads_hand
from games.engine.phh_words import action_number

if TYPE_CHECKING:
    from games.engine.setup import HouseOptions
    from games.engine.state import Hand
    from rake.engine.policies import PercentageFee

_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?$", re.MULTILINE)
_HEADER_AFTER_NEWLINE = re.compile(r"\n(" + _HEADER.pattern[1:] + ")", re.MULTILINE)  # ``_headers``
# The fields whose numbers are amounts, read for the exponent (``decimal_places``).
_AMOUNT_FIELDS = ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet", "starting_stacks")
_WHOLE = {int, type(None)}  # the kinds of value with no decimal places (a field left out reads None)


@dataclass(frozen=True)
class ReplayResult:
    """One hand of a file: ``hand`` when it replayed, else ``error`` and its ``code``; ``seats`` in player order.

    A hand replayed for its summary only (``iter_replay_text(with_hands=False)``)
    may have no ``hand`` but its ``settled`` stacks and pots instead.
    """

    number: int
    name: str
    seats: tuple[int, ...] = ()
    hand: Hand | None = None
    error: str | None = None
    warnings: tuple[str, ...] = ()
    exponent: int = 0
    code: str | None = None
    settled: Settled | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def final_stacks(self) -> list[int]:
        """Minor units, in the file's player order."""
        if self.settled is not None:
            return list(self.settled.final_stacks)
        if self.hand is None or self.hand.result is None:
            return []
        stacks = self.hand.result.final_stacks
        return [stacks[s] for s in self.seats]

    def pots(self) -> list[dict[str, Any]]:
        if self.settled is not None:
            return [p.to_dict() for p in self.settled.pots]
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
            "code": self.code,
            "warnings": list(self.warnings),
            "exponent": self.exponent,
        }


def split_hands(text: str) -> list[tuple[str | None, str]]:
    """(name, TOML text) of each hand: a ``.phhs`` file's ``[name]`` tables, or a ``.phh`` file's one hand (no name)."""
    headers = _headers(text)
    before = [line for line in text[: headers[0][0]].splitlines() if line.strip()] if headers else []
    if not headers or any(not line.lstrip().startswith("#") for line in before):
        return [(None, text)]
    parts: list[tuple[str | None, str]] = []
    for k, (_, end_of_header, name) in enumerate(headers):
        end = headers[k + 1][0] if k + 1 < len(headers) else len(text)
        parts.append((name.strip("'\""), text[end_of_header:end]))
    return parts


def _headers(text: str) -> list[tuple[int, int, str]]:
    """Where each ``_HEADER`` of the text starts and ends, and its name, as ``_HEADER.finditer`` finds them.

    ``_HEADER`` is tried at the text's start, then ``_HEADER_AFTER_NEWLINE``
    at every other line start: a search that begins with a newline looks
    only at line starts, where ``^`` had the regular expression engine try
    every character of the file (measured several times as long; bench/README.md).
    """
    found: list[tuple[int, int, str]] = []
    first = _HEADER.match(text)
    if first is not None:
        found.append((first.start(), first.end(), first.group(1)))
    for match in _HEADER_AFTER_NEWLINE.finditer(text, first.end() if first is not None else 0):
        found.append((match.start(1), match.end(1), match.group(2)))
    return found


def amount_places(data: Mapping[str, Any]) -> int:
    """The most decimal places an amount of one hand is written with (bets in the actions included)."""
    places = 0
    for key in _AMOUNT_FIELDS:
        value = data.get(key)
        items = value if isinstance(value, list) else (value,)
        if set(map(type, items)) <= _WHOLE:
            continue  # no decimal among them, found without a Python step per item
        for item in items:
            if isinstance(item, Decimal):
                places = max(places, decimal_places(item))
    actions = data.get("actions")
    if not isinstance(actions, list) or not _may_bet_decimals(actions):
        return places
    for text in actions:
        if isinstance(text, str) and " cbr " in text and "." in text:
            words = text.split("#", 1)[0].split()
            if len(words) == 3:
                try:
                    places = max(places, decimal_places(action_number(words[2])))
                except ArithmeticError:
                    continue  # not a number: the replay names the action
    return places


def _may_bet_decimals(actions: list[Any]) -> bool:
    """Whether an action may bet an amount with a decimal point, found without a Python step per action."""
    try:
        written = "\n".join(actions)  # the newline is in neither " cbr " nor "."
    except TypeError:
        return True  # not all text: each is looked at
    return " cbr " in written and "." in written


def _fields(body: str) -> dict[str, Any] | PhhError:
    try:
        return loads_hand(body)
    except PhhError as error:
        return error


def iter_replay_text(
    text: str,
    *,
    exponent: int | None = None,
    options: HouseOptions | None = None,
    fee: PercentageFee | None = None,
    with_hands: bool = True,
) -> Iterator[ReplayResult]:
    """Replay every hand of a ``.phh`` or ``.phhs`` text, in file order, numbered from 1, one at a time.

    ``exponent`` None: the file's own (``amount_places`` of its hands, the
    largest), the same for every hand so that amounts add up across them.
    ``with_hands`` False: a caller that reads only the summaries (stacks, pots,
    warnings, errors) lets plain hands skip the engine (``phh_plain``).
    """
    summaries = not with_hands and options is None and fee is None
    parsed: Iterable[tuple[str | None, dict[str, Any] | PhhError]] = (
        (name, _fields(body)) for name, body in split_hands(text)
    )
    if exponent is None:  # every hand read first, for the file's exponent; else one hand at a time
        every = list(parsed)
        exponent = max((amount_places(d) for _, d in every if not isinstance(d, PhhError)), default=0)
        parsed = _drained(every)
    for number, (name, data) in enumerate(parsed, start=1):
        if isinstance(data, PhhError):
            label = name if name is not None else str(number)
            yield ReplayResult(number, label, error=str(data), exponent=exponent, code=data.code)
            continue
        summary = summarize(data, exponent) if summaries else None
        if summary is not None:
            label = name if name is not None else str(data.get("hand", number))
            yield ReplayResult(
                number, label, summary.seats, warnings=summary.warnings, exponent=exponent, settled=summary.settled
            )
            continue
        from games.engine.phh_import import replay_fields  # here: a file of plain hands never loads the engine

        yield replay_fields(data, number=number, name=name, exponent=exponent, options=options, fee=fee)


def _drained[T](items: list[T]) -> Iterator[T]:
    """``items`` in order, each let go of as it is handed out.

    A file's hands are all read before the first is replayed (for the
    exponent); dropping each once replayed frees its memory for the next
    hand's work, where keeping them all to the end cost replay time in memory
    the process had to grow into (bench/README.md).
    """
    items.reverse()
    while items:
        yield items.pop()


def replay_text(
    text: str, *, exponent: int | None = None, options: HouseOptions | None = None, fee: PercentageFee | None = None
) -> list[ReplayResult]:
    """Every hand of a ``.phh`` or ``.phhs`` text replayed (``iter_replay_text``), as a list."""
    return list(iter_replay_text(text, exponent=exponent, options=options, fee=fee))


def replay_file(
    path: str | PathLike[str],
    *,
    exponent: int | None = None,
    options: HouseOptions | None = None,
    fee: PercentageFee | None = None,
) -> list[ReplayResult]:
    with open(path, encoding="utf-8") as file:  # not pathlib: the command line starts faster without it
        text = file.read()
    return replay_text(text, exponent=exponent, options=options, fee=fee)


def replay_results_ok(results: Sequence[ReplayResult]) -> bool:
    return all(r.ok for r in results)
