"""The "History" link of a record's page, for the roles that read the history."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from audit.models import TRACKED
from audit.selectors import HISTORY_READERS
from config.roles import has_any_role

register = template.Library()


@register.simple_tag(takes_context=True)
def history_link(context: dict[str, Any], kind: str, object_id: int) -> SafeString | str:
    """``{% history_link "player" player.pk %}``: a link to the record's rows of the log, or nothing."""
    if kind not in TRACKED:
        raise template.TemplateSyntaxError(f"history_link: {kind!r} is not a tracked record")
    if not has_any_role(context["request"].user, HISTORY_READERS):
        return ""
    url = f"{reverse('audit:log')}?{urlencode({'model': kind, 'object': object_id})}"
    return format_html('<a href="{}" class="history-link">{}</a>', url, _("History"))
