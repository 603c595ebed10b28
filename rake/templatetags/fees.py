"""Template filters of the fee pages."""

from __future__ import annotations

from django import template

from config.money import format_money

register = template.Library()


@register.filter
def money(amount: int | None) -> str:
    """Minor units -> "2,000" in the room's currency."""
    return "" if amount is None else format_money(amount)


@register.filter
def money_signed(amount: int | None) -> str:
    """A variance: "+500", "-1,000", "0"."""
    if amount is None:
        return ""
    return ("+" if amount > 0 else "-" if amount < 0 else "") + format_money(abs(amount))
