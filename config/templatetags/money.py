"""Money in templates: integer minor units shown in the active currency (the page's room's), or in a named
room's (``money_in``)."""

from __future__ import annotations

from django import template

from config import money as currencies
from config.money import format_money

register = template.Library()


@register.filter
def money(amount: int | None) -> str:
    """``1234567`` -> ``"1,234,567"`` (AMD) or ``"12,345.67"`` (EUR); nothing for None."""
    return "" if amount is None else format_money(int(amount))


@register.filter
def money_in(amount: int | None, room: currencies.RoomMoney | currencies.Currency) -> str:
    """``amount`` in ``room``'s currency, for a page that lists several rooms' records (a group accountant's
    hand log): ``{{ hand.pot|money_in:hand.table.room }}``."""
    if amount is None:
        return ""
    currency = room if isinstance(room, currencies.Currency) else currencies.Currency.of(room)
    with currencies.using(currency):
        return format_money(int(amount))


@register.filter
def signed_money(amount: int | None) -> str:
    """A variance: ``"+500"``, ``"−1,000"``, ``"0"``."""
    if amount is None:
        return ""
    if amount == 0:
        return "0"
    return ("+" if amount > 0 else "−") + format_money(abs(int(amount)))
