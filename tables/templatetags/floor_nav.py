"""The floor's menus: a link only to the pages the user's roles open (``tables.views.common.PAGE_ROLES``)."""

from __future__ import annotations

from django import template
from django.template import Context

from config.roles import pages_open_to
from tables.views.common import PAGE_ROLES

register = template.Library()

# The floor's pages in its menu (templates/tables/_nav.html), each named as in PAGE_ROLES.
MENU = ("floor", "waitlists", "players", "dealers", "expulsions", "board", "signage", "rules")


@register.simple_tag(takes_context=True)
def floor_pages(context: Context) -> dict[str, bool]:
    """``{% floor_pages as pages %}``: ``pages.players`` is True when the user may open the players page."""
    return pages_open_to(getattr(context.get("request"), "user", None), {name: PAGE_ROLES[name] for name in MENU})
