"""The cage's menu: a link only to the pages the user's roles open (``cashier.views.common.MENU_ROLES``)."""

from __future__ import annotations

from django import template
from django.template import Context

from cashier.views.common import MENU_ROLES
from config.roles import pages_open_to

register = template.Library()


@register.simple_tag(takes_context=True)
def cashier_pages(context: Context) -> dict[str, bool]:
    """``{% cashier_pages as pages %}``: ``pages.large_cash`` is True when the user may open that page."""
    return pages_open_to(getattr(context.get("request"), "user", None), MENU_ROLES)
