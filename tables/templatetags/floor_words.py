"""The floor's words in templates (``tables.selectors.words``)."""

from __future__ import annotations

from django import template

from tables.models import TableEvent
from tables.selectors.words import table_event_text

register = template.Library()


@register.filter
def table_event(event: TableEvent) -> str:
    """``{{ ev|table_event }}``: what a row of the table's history says it changed."""
    return table_event_text(event)
