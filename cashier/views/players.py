"""Finding a player at the cage window (htmx): a search, not a drop-down of the whole registry."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cashier.selectors.players import players_find
from config.permissions import roles_allowed
from config.roles import Role


@roles_allowed(Role.CASHIER).page
@require_GET
def player_search_partial(request: HttpRequest) -> HttpResponse:
    """Up to ten players matching ``q`` by name, alias, ID document or registry number; barred ones flagged."""
    search = players_find(user=request.user, query=str(request.GET.get("q", "")))
    return render(request, "cashier/_player_search.html", {"search": search})
