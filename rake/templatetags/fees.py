"""Template filters and tags of the fee pages."""

from __future__ import annotations

from datetime import date

from django import template
from django.contrib.auth.models import AnonymousUser

from config.money import format_money
from rake.selectors.pending import PendingList, pending_fee_list

register = template.Library()


@register.filter
def money(amount: int | None, places: int | None = None) -> str:
    """Minor units -> "2,000" in the room's currency; ``places``: in a currency of that many decimals (a
    row of another room's, ``{{ row.fees|money:row.exponent }}``)."""
    return "" if amount is None else format_money(amount, places=places)


@register.filter
def money_signed(amount: int | None, places: int | None = None) -> str:
    """A variance: "+500", "-1,000", "0"."""
    if amount is None:
        return ""
    return ("+" if amount > 0 else "-" if amount < 0 else "") + format_money(abs(amount), places=places)


@register.simple_tag(takes_context=True)
def pending_fees(
    context: template.Context, day_from: date | None = None, day_to: date | None = None, table_id: int | None = None
) -> PendingList:
    """The pending hand fees (of a period and a table, when given) for ``rake/_pending_fees.html``,
    and whether the user viewing the page may post them."""
    request = context.get("request")
    user = getattr(request, "user", None) or AnonymousUser()
    # A variable the including page does not set arrives as "" (``string_if_invalid``): no filter.
    return pending_fee_list(user=user, day_from=day_from or None, day_to=day_to or None, table_id=table_id or None)
