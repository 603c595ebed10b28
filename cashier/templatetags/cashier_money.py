from __future__ import annotations

from django import template

from config.money import format_money

register = template.Library()


@register.filter
def money(value: int | None) -> str:
    """Minor units -> ``"1,234,567"`` in the room's currency."""
    return "" if value is None else format_money(int(value))


@register.filter
def signed_money(value: int | None) -> str:
    if not value:
        return "0"
    return ("+" if value > 0 else "−") + format_money(abs(int(value)))
