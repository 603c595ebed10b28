"""Money as integers of the currency's minor unit.

Input is parsed strictly: no floats, no NaN/Infinity, no more decimals than
the currency has, no negative or absurdly large amounts.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.utils.translation import gettext as _

from config.errors import DomainError

# Far above any real stake, far below PostgreSQL's bigint.
MAX_AMOUNT = 10**15


def exponent() -> int:
    return int(settings.CARDROOM_CURRENCY_EXPONENT)


def parse_amount(value: object, *, field: str = "amount", allow_zero: bool = False) -> int:
    """A decimal string or an int in major units -> minor units (``"12.50"`` EUR -> 1250)."""
    if isinstance(value, (bool, float)):
        raise DomainError(
            _("%(field)s: send money as a string or integer, not %(name)s")
            % {"field": field, "name": type(value).__name__},
            code="bad_money",
        )
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        raise DomainError(
            _("%(field)s: %(value)r is not an amount") % {"field": field, "value": value}, code="bad_money"
        ) from None
    if not number.is_finite():
        raise DomainError(
            _("%(field)s: %(value)r is not a finite amount") % {"field": field, "value": value}, code="bad_money"
        )
    minor = number.scaleb(exponent())
    if minor != minor.to_integral_value():
        raise DomainError(
            _("%(field)s: %(value)s has more decimals than %(currency)s allows (%(exponent)s)")
            % {"field": field, "value": value, "currency": settings.CARDROOM_CURRENCY, "exponent": exponent()},
            code="bad_money",
        )
    return check_minor(int(minor), field=field, allow_zero=allow_zero)


def check_minor(amount: int, *, field: str = "amount", allow_zero: bool = False) -> int:
    if amount < 0 or (amount == 0 and not allow_zero):
        raise DomainError(
            (
                _("%(field)s: %(amount)s must be zero or positive")
                if allow_zero
                else _("%(field)s: %(amount)s must be positive")
            )
            % {"field": field, "amount": amount},
            code="bad_money",
        )
    if amount > MAX_AMOUNT:
        raise DomainError(
            _("%(field)s: %(amount)s is larger than any amount this room handles") % {"field": field, "amount": amount},
            code="bad_money",
        )
    return amount


def to_major(amount: int) -> Decimal:
    return Decimal(amount).scaleb(-exponent())


def format_money(amount: int, *, currency: bool = False) -> str:
    """``1234567`` -> ``"1,234,567"`` (AMD) or ``"12,345.67"`` (EUR)."""
    exp = exponent()
    text = f"{to_major(amount):,.{exp}f}"
    return f"{text} {settings.CARDROOM_CURRENCY}" if currency else text
