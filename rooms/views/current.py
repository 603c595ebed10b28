"""The room a page is for: the one its user picked in the top bar, among the rooms the user works in.

``request.room`` is that room (the user's only room when there is one; None for an anonymous request or a
user placed in no room). It chooses what a page lists; every write still checks the room of the record it
touches against the user's rooms, so a hand-made request for another room's record is refused all the same.
The request's money and time are that room's (``config.room_context``), restored when it ends.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import Forbidden
from config.permissions import SIGNED_IN
from config.room_context import room_activated
from rooms.models import Room
from rooms.selectors import rooms_of

SESSION_KEY = "room_id"


def _current(request: HttpRequest) -> Room | None:
    rooms: list[Room] = request.rooms  # type: ignore[attr-defined]
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    return next((room for room in rooms if room.pk == chosen), rooms[0] if rooms else None)


class CurrentRoom:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # Read once, when first asked for: the top bar's picker, the page's own choice, the request's money
        # and time below.
        request.rooms = SimpleLazyObject(lambda: list(rooms_of(request.user)))  # type: ignore[attr-defined]
        request.room = SimpleLazyObject(lambda: _current(request))  # type: ignore[attr-defined]
        # A call authenticated by the API (a token) is anonymous here: its rooms are read when first asked,
        # once DRF has set its user, and its money and time are the installation's or its record's.
        room = request.room if request.user.is_authenticated else None  # type: ignore[attr-defined]
        with room_activated(room or None):
            return self.get_response(request)


@SIGNED_IN.page
@require_POST
def room_choose(request: HttpRequest) -> HttpResponse:
    """The top bar's room picker: later pages are for the room chosen, if the user works in it."""
    raw = request.POST.get("room_id", "")
    room = next((r for r in request.rooms if str(r.pk) == raw), None)  # type: ignore[attr-defined]
    if room is None:
        raise Forbidden(_("You do not work in this room."), code="not_your_room")
    request.session[SESSION_KEY] = room.pk
    back = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure())
    return redirect(back if safe and back.startswith("/") else "home")
