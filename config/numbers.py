"""Whole numbers read from text (URLs, page forms, query strings): ASCII digits of bounded length.

``str.isdigit`` and ``int`` accept far more than a page means: ``"²"`` (a digit to
``isdigit``, which ``int`` then refuses), ``"１０"``, ``"1_0"``, and thousands of
digits, past Python's int-to-str limit and past any bigint column. Ids, counts and
minutes typed into the pages are read here. Decimals written as text (an amount of money,
``config.money.parse_amount``; a fee's percentage) share one grammar, ``decimal_parts``.
"""

from __future__ import annotations

import re

# The largest bigint: an id past it names no row, and a raw statement that casts it
# (``%s::bigint``, games.services.table_state) fails with "bigint out of range".
MAX_ID = 2**63 - 1
_MAX_DIGITS = len(str(MAX_ID))
_DIGITS = re.compile(rf"[0-9]{{1,{_MAX_DIGITS}}}")


# A decimal as people and devices write it: ASCII digits with no leading zero ("0.50", never "00.50" or "050"),
# optionally a point and digits. No sign, exponent, blank, grouping or other script's digits.
_DECIMAL = re.compile(r"(0|[1-9][0-9]*)(?:\.([0-9]+))?")


def decimal_parts(text: str, *, max_length: int) -> tuple[str, str] | None:
    """``"12.50"`` -> ``("12", "50")``, ``"5"`` -> ``("5", "")``: the digits before and after the point of a
    decimal of the grammar, or None for anything else, text longer than ``max_length`` refused by its length
    before it is read (``"1e999999999"`` is a few bytes and means a number no Decimal should be built of)."""
    match = _DECIMAL.fullmatch(text) if len(text) <= max_length else None
    return None if match is None else (match.group(1), match.group(2) or "")


def whole_number(text: str, *, maximum: int = MAX_ID) -> int | None:
    """``text`` as an int from 0 to ``maximum`` (at most ``MAX_ID``), or None for anything else."""
    if len(text) > _MAX_DIGITS or _DIGITS.fullmatch(text) is None:
        return None
    number = int(text)
    return number if number <= maximum else None


class IdConverter:
    """The ``<id:...>`` of every URL: an id a bigint column can hold, or no match (a 404).

    Django's ``<int:...>`` takes any number of digits; past ``MAX_ID`` a lookup
    of a foreign key fails on SQLite ("Python int too large") and a raw
    ``::bigint`` cast on PostgreSQL, both as a 500. Registered by ``config.apps``.
    """

    regex = f"[0-9]{{1,{_MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        number = whole_number(value)
        if number is None:
            raise ValueError(value)  # the resolver reads a ValueError as "no match"
        return number

    def to_url(self, value: int) -> str:
        return str(value)
