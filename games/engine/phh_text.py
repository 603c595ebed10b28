"""Reading PHH text: one hand's TOML, and its amounts as the engine's minor units.

Apart from ``games.engine.phh`` (which also writes hands, and so needs the
whole engine) so that reading a file costs only what reading needs: the
command line replays plain hands without loading the engine's state machine
(``games.engine.phh_plain``).
"""

from __future__ import annotations

import re
from datetime import time
from decimal import Decimal
from typing import Any

from games.engine.errors import EngineError


class PhhError(EngineError):
    """A hand history the engine cannot write or read.

    Codes beside the default ``bad_phh``: ``bad_toml`` (not TOML at all),
    ``unsupported_variant`` (not a Texas hold'em variant), ``unknown_stacks``
    (a starting stack written ``inf``), ``unknown_amount`` (any other amount
    written ``inf``), ``unsupported_forced_bets`` (blinds or antes the engine
    has no setup for), ``incomplete`` (the actions stop before the hand ends)
    and ``bad_fee``; an engine refusal during the replay keeps the engine's
    own code (``out_of_turn``, ``bad_amount``...).
    """

    code = "bad_phh"


# -- amounts ----------------------------------------------------------------


def to_units(value: object, exponent: int, *, what: str) -> int:
    """A PHH amount (TOML integer or decimal) as minor units: ``12.5`` with exponent 2 is 1250."""
    if type(value) is int:  # the common case, without Decimal arithmetic
        scale: int = 10**exponent
        return value * scale
    if not isinstance(value, int | Decimal) or isinstance(value, bool):
        raise PhhError(f"{what} must be a number, not {value!r}")
    scaled = Decimal(value).scaleb(exponent)
    if not scaled.is_finite():
        raise PhhError(f"{what} is {value}: an unknown amount cannot be replayed", code="unknown_amount")
    units = int(scaled)
    if units != scaled:
        raise PhhError(f"{what} of {value} is not a whole number of minor units (10^-{exponent})")
    return units


def decimal_places(value: object) -> int:
    """How many decimal places an amount is written with: ``623.75`` and ``1324.10`` have 2, ``205`` none."""
    if isinstance(value, Decimal) and value.is_finite():
        text = str(value)
        # Plain notation, the digits after the point as written: cheaper than ``as_tuple``,
        # read for every amount of a file before its first hand is replayed.
        if "E" not in text:
            point = text.find(".")
            return len(text) - point - 1 if point >= 0 else 0
        exponent = value.as_tuple().exponent
        return -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return 0


# -- TOML reading -------------------------------------------------------------

# Real hand histories are written by one program (pokerkit's ``dumps``), so
# they use a small part of TOML in one spelling: one ``key = value`` per
# line; literal strings, integers, decimals, ``inf``, booleans and local
# times, alone or in one-line arrays joined by ", ". ``loads_simple_hand`` reads
# exactly that spelling and gives up on anything else (a comment after a
# value, a multi-line array, an escape, a table, a date, ``1_000``), and the
# hand then goes to ``tomllib``: the fields are always tomllib's. It exists
# for speed: tomllib's time was most of a replay's.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # refused by TOML in a string
_BARE_KEY = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_NUMBER = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"
_ONE_NUMBER = re.compile(_NUMBER)
_NUMBERS = re.compile(rf"{_NUMBER}(?:, {_NUMBER})*")
_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")
_SPECIAL = {"inf", "+inf", "-inf", "nan", "+nan", "-nan"}  # floats tomllib hands to parse_float as written
_NOT_SIMPLE = object()  # a value outside the subset
# Values already read, by their text: hands repeat most of theirs (the variant, the blinds, the
# antes, the date, the seats), and a lookup costs far less than reading. Values are immutable, an
# array kept as a tuple and copied out; long texts (the actions) are never the same and not kept.
_SEEN: dict[str, Any] = {}
_KEYS: set[str] = set()  # keys found bare: files repeat the same few dozen
_SEEN_LENGTH, _SEEN_COUNT = 80, 50_000


def _scalar(text: str) -> Any:
    """A value in the subset's spelling, or ``_NOT_SIMPLE``."""
    if text[0] == "'":
        if text.count("'") == 2 and text[-1] == "'" and _CONTROL.search(text) is None:
            return text[1:-1]
        return _NOT_SIMPLE
    if _ONE_NUMBER.fullmatch(text):
        return Decimal(text) if "." in text else int(text)
    clock = _TIME.fullmatch(text)
    if clock:
        return time(int(clock[1]), int(clock[2]), int(clock[3]))
    if text == "true" or text == "false":
        return text == "true"
    if text in _SPECIAL:
        return Decimal(text)
    return _NOT_SIMPLE


def _array(text: str) -> Any:
    inner = text[1:-1]
    if not inner:
        return []
    if inner[0] == "'":
        # Literal strings (the actions, the names): split in one call once the quotes are only the delimiters.
        if inner[-1] == "'" and inner.count("'") == 2 * inner.count("', '") + 2 and _CONTROL.search(inner) is None:
            return inner[1:-1].split("', '")
        return _NOT_SIMPLE
    if _NUMBERS.fullmatch(inner):  # the amounts and seats, without a Python call per item
        items = inner.split(", ")
        return [Decimal(item) if "." in item else int(item) for item in items] if "." in inner else [*map(int, items)]
    items = [_scalar(item) for item in inner.split(", ")]
    return _NOT_SIMPLE if _NOT_SIMPLE in items else items


def loads_simple_hand(text: str) -> dict[str, Any] | None:
    """The fields of a hand written in the subset above, or None if it is not all in it."""
    data: dict[str, Any] = {}
    crlf = "\r" in text
    for line in text.split("\n"):  # TOML's newlines only (str.splitlines knows a dozen more)
        key, equals, value = line.partition(" = ")
        if not equals:
            if line.strip(" \t\r"):
                return None  # a comment, or anything else: tomllib's
            continue
        if key not in _KEYS:
            if not (key.isascii() and key.isidentifier()) and (not key or key.strip(_BARE_KEY)):
                return None  # not a bare key (an identifier is one; "-" or a leading digit are checked one by one)
            if len(_KEYS) < _SEEN_COUNT:
                _KEYS.add(key)
        if key in data or not value:
            return None
        if crlf and value[-1] == "\r":
            value = value[:-1]  # the CR of a CRLF newline
        parsed = _SEEN.get(value)
        if parsed is None:
            parsed = _array(value) if value[0] == "[" and value[-1] == "]" else _scalar(value)
            if parsed is _NOT_SIMPLE:
                return None
            if len(value) <= _SEEN_LENGTH and len(_SEEN) < _SEEN_COUNT:
                _SEEN[value] = tuple(parsed) if type(parsed) is list else parsed
        data[key] = list(parsed) if type(parsed) is tuple else parsed
    return data


def loads_hand(text: str) -> dict[str, Any]:
    """One hand's TOML as ``tomllib.loads(text, parse_float=Decimal)`` gives it; ``PhhError`` if not TOML."""
    data = loads_simple_hand(text)
    if data is not None:
        return data
    import tomllib  # here: only a file with hands outside the simple subset pays for importing it

    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"not valid TOML: {error}", code="bad_toml") from error
