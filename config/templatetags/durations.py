"""Lengths of time in templates: ``{{ wait|duration }}`` -> "4 min" (``config.durations``)."""

from __future__ import annotations

from datetime import timedelta

from django import template

from config.durations import format_duration

register = template.Library()


@register.filter
def duration(length: timedelta | None) -> str:
    """``timedelta(seconds=252)`` -> ``"4 min"``; nothing for None."""
    return "" if length is None else format_duration(length)
