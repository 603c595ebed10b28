"""The chip float page: where the room's chips are now (``games.selectors.chip_float``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from config.permissions import roles_allowed
from config.roles import Role
from games.selectors.chip_float import chip_float
from tables.views.common import page_room


@roles_allowed(Role.ACCOUNTANT, Role.FLOOR_MANAGER).page
def chip_float_page(request: HttpRequest) -> HttpResponse:
    """The float of the room picked in the top bar, with the seats holding chips at the tables."""
    return render(request, "games/chip_float.html", {"chips": chip_float(room=page_room(request))})
