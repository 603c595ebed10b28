"""Template filters of the fee pages."""

from __future__ import annotations

from django import template

from config.money import format_money

register = template.Library()


@register.filter
def money(amount: int | None) -> str:
    """Minor units -> "2,000" in the room's currency."""
    return "" if amount is None else format_money(amount)
