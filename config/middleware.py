"""Pages answer a service's refusal with the status it names, as the API does; pages with players' data are not stored.

The API maps ``DomainError`` to HTTP in its exception handler (``config.api``); a
page view that lets one through (a missing or someone else's id: ``NotFound``)
gets the same status here, on a page that says what was refused, not a 500.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext_lazy as _

from config.errors import DomainError

_TITLES = {403: _("Not allowed"), 404: _("Not found")}


class DomainErrorPages:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DomainError):
            return None
        title = _TITLES.get(exception.status, _("Refused"))
        context = {"title": title, "message": exception.message, "code": exception.code}
        return render(request, "refused.html", context, status=exception.status)


# The views that show players' personal data (full names, ID documents, dates of birth, photos), by the
# start of their URL name: a whole section ("cashier:") or the views whose name begins so ("tables:player"
# is the player pages and the photo, "floor:player" the picker's search).
# tests/config/test_pages_with_personal_data_are_not_stored.py walks every page of every role and fails on
# one that shows a player's name without being covered here.
PERSONAL_DATA_VIEWS = (
    "cashier:",  # the cage: sales and redemptions to named players, receipts, the large-cash log, the search
    "audit:",  # the history: a player's record before and after each change
    "floor:floor",  # the floor map: who sits where
    "floor:table",  # a table's seats
    "floor:player",  # the seating forms' player picker
    "floor:waitlist",
    "tables:player",
    "tables:expulsion",
    "games:hand",  # a hand's seats by name, the hand log's player filter
    "games:dealer",
    "games:chip_float",  # the seats holding chips, by player
    "api:floor-player",
    "api:floor-expulsion",
    "api:floor-waitlist",
    "api:floor-seat",
)


class PersonalDataNotStored:
    """``Cache-Control: no-store`` (with Django's never-cache headers) on every view ``PERSONAL_DATA_VIEWS`` names.

    A browser keeps a page for its back button and on disk, a proxy may keep it for the next person: on the
    cage's and the floor's shared terminals a player's name must not outlive the page.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        if match is not None and match.view_name.startswith(PERSONAL_DATA_VIEWS):
            add_never_cache_headers(response)
        return response
