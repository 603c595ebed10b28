"""Money as integers of the currency's minor unit.

An amount arrives in major units, as text or a JSON integer, and must match one
grammar, checked before any arithmetic (``config.numbers.decimal_parts``): ASCII
digits with no leading zero, then optionally a point and at most the currency's
minor digits (``1000``; ``12.50`` in EUR), at most ``MAX_DIGITS`` digits before
the point. Anything else is refused: ``1e3``, ``1_000``, ``0100``, full-width
digits, signs, blanks, floats, NaN. No ``Decimal`` is built
from input and no int is read from text longer than the grammar allows, so a
16-byte ``"1e999999"``, which once made the server build a million-digit int, is
refused in microseconds. Every money field of the API and every page form and
query parameter with an amount goes through ``parse_amount``; a page's field also
takes the amount as the room writes it (``parse_typed_amount``: ``50,000``).

The currency is the active one: a room's, for a block (``using``; a request's is its room's,
``config.room_context``), else the installation's settings, which are the first room's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from django.conf import settings
from django.utils.translation import gettext as _

from config.errors import DomainError, quoted
from config.numbers import decimal_parts

# Far above any real stake, far below PostgreSQL's bigint.
MAX_AMOUNT = 10**15
# A whole part longer than MAX_AMOUNT's is refused by its length, before int() reads it.
MAX_DIGITS = len(str(MAX_AMOUNT))
# The grammar's text is at most _MAX_TEXT characters; the lengths of its parts are checked apart so that a
# refusal names the rule broken.
_MAX_TEXT = 2 * MAX_DIGITS + 1


class RoomMoney(Protocol):
    """What a room's currency is read from (``rooms.models.Room`` has both)."""

    @property
    def currency(self) -> str: ...

    @property
    def currency_exponent(self) -> int: ...


@dataclass(frozen=True)
class Currency:
    """An ISO 4217 code and the number of its minor digits (AMD 0, EUR 2)."""

    code: str
    exponent: int

    @classmethod
    def of(cls, room: RoomMoney) -> Currency:
        return cls(room.currency, int(room.currency_exponent))

    @classmethod
    def installation(cls) -> Currency:
        """The settings' currency: the first room's, and what is not a room's yet."""
        return cls(settings.CARDROOM_CURRENCY, int(settings.CARDROOM_CURRENCY_EXPONENT))


# None: the installation's, read from the settings when asked, so that a test's override_settings holds.
_ACTIVE: ContextVar[Currency | None] = ContextVar("cardroom_currency", default=None)


def active() -> Currency:
    """The currency amounts are read and written in here."""
    return _ACTIVE.get() or Currency.installation()


@contextmanager
def using(currency: Currency | None) -> Iterator[Currency]:
    """``currency`` for the block (None: the installation's), the one before restored after it, also on
    an exception."""
    token = _ACTIVE.set(currency)
    try:
        yield active()
    finally:
        _ACTIVE.reset(token)


def exponent() -> int:
    return active().exponent


def currency_code() -> str:
    return active().code


def amount_pattern(*, signed: bool = False) -> str:
    """The grammar as a regular expression, for the API schema; ``signed`` for amounts shown that may be
    below zero (``str(to_major(amount))`` of a variance)."""
    fraction = rf"(\.[0-9]{{1,{exponent()}}})?" if exponent() else ""
    sign = "-?" if signed else ""
    return rf"^{sign}(0|[1-9][0-9]{{0,{MAX_DIGITS - 1}}}){fraction}$"


def parse_amount(value: object, *, field: str = "amount", allow_zero: bool = False) -> int:
    """Text of the grammar, or an int, in major units -> minor units (``"12.50"`` EUR -> 1250)."""
    exp = exponent()
    if type(value) is int:
        # Bounded in major units before scaling: a JSON integer may have thousands of digits.
        if value > MAX_AMOUNT // 10**exp:
            raise _too_large(field, value)
        return check_minor(value * 10**exp, field=field, allow_zero=allow_zero)
    if not isinstance(value, str):
        raise DomainError(
            _("%(field)s: send money as a string or integer, not %(name)s")
            % {"field": field, "name": type(value).__name__},
            code="bad_money",
        )
    parts = decimal_parts(value, max_length=_MAX_TEXT)
    if parts is None:
        raise DomainError(
            _("%(field)s: %(value)r is not an amount") % {"field": field, "value": quoted(value)}, code="bad_money"
        )
    whole, fraction = parts
    if len(fraction) > exp:
        raise DomainError(
            _("%(field)s: %(value)s has more decimals than %(currency)s allows (%(exponent)s)")
            % {"field": field, "value": quoted(value), "currency": currency_code(), "exponent": exp},
            code="bad_money",
        )
    if len(whole) > MAX_DIGITS:
        raise _too_large(field, value)
    return check_minor(int(whole + fraction.ljust(exp, "0")), field=field, allow_zero=allow_zero)


# The room's display format (``format_money``): groups of three digits after the first, joined by
# commas, in their places only ("50,000", "1,234.50"; never "5,0000" or ",500").
_GROUPED = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")


def parse_typed_amount(value: str, *, field: str = "amount", allow_zero: bool = False) -> int:
    """An amount a person typed in a page's field: the grammar of ``parse_amount``, or the amount as the
    room writes it, with thousands separators in their places. Blanks around it are dropped."""
    text = value.strip()
    if len(text) <= _MAX_TEXT + MAX_DIGITS // 3 and _GROUPED.fullmatch(text):
        text = text.replace(",", "")
    return parse_amount(text, field=field, allow_zero=allow_zero)


def check_minor(amount: int, *, field: str = "amount", allow_zero: bool = False) -> int:
    if amount < 0 or (amount == 0 and not allow_zero):
        raise DomainError(
            (
                _("%(field)s: %(amount)s must be zero or positive")
                if allow_zero
                else _("%(field)s: %(amount)s must be positive")
            )
            % {"field": field, "amount": quoted(amount)},
            code="bad_money",
        )
    if amount > MAX_AMOUNT:
        raise _too_large(field, amount)
    return amount


def _too_large(field: str, amount: object) -> DomainError:
    return DomainError(
        _("%(field)s: %(amount)s is larger than any amount this room handles")
        % {"field": field, "amount": quoted(amount)},
        code="bad_money",
    )


def to_major(amount: int) -> Decimal:
    return Decimal(amount).scaleb(-exponent())


def format_money(amount: int, *, currency: bool = False, places: int | None = None) -> str:
    """``1234567`` -> ``"1,234,567"`` (AMD) or ``"12,345.67"`` (EUR); ``places``: a currency of that many
    decimals, another room's (a group's report)."""
    exp = exponent() if places is None else places
    text = f"{Decimal(amount).scaleb(-exp):,.{exp}f}"
    return f"{text} {currency_code()}" if currency else text
