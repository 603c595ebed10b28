"""Shared plumbing of the floor's pages: roles per page, POST actions, input parsing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError, Forbidden, quoted
from config.numbers import whole_number
from config.permissions import ViewFunc
from config.roles import Role
from rooms.models import Room

FM = Role.FLOOR_MANAGER
# Who may open which page (writes are always the floor manager's): each view declares its entry with
# ``@roles_allowed(*PAGE_ROLES[name]).page``, and the floor's menu shows a link by the same entry.
PAGE_ROLES: dict[str, tuple[str, ...]] = {
    "floor": (FM, Role.DEALER),
    "table": (FM, Role.DEALER, Role.ACCOUNTANT),
    "sign": (FM, Role.DEALER, Role.ACCOUNTANT),
    "board": (FM, Role.DEALER, Role.CASHIER, Role.ACCOUNTANT),
    "rules": (FM, Role.DEALER, Role.CASHIER, Role.ACCOUNTANT),
    "players": (FM, Role.CASHIER, Role.ACCOUNTANT),
    "dealers": (FM, Role.DEALER, Role.ACCOUNTANT),
    "expulsions": (FM, Role.CASHIER, Role.ACCOUNTANT),
    "waitlists": (FM, Role.ACCOUNTANT),
    # A face is for the desks that must recognise the player: the floor seats and bars, the cage sells.
    "photo": (FM, Role.CASHIER),
    # Evidence backs the floor's own decision; the controls give it to nobody else.
    "evidence": (FM,),
    "write": (FM,),
    # The player picker of the seating and waitlist forms: only the roles that write them search the registry.
    "pick": (FM,),
    # The room's language and the board's kiosk links (tables.views.public).
    "signage": (FM, Role.ADMIN),
    # Away and back: the service also checks that a dealer deals that table now.
    "table_write": (FM, Role.DEALER),
}


def page_room(request: HttpRequest) -> Room:
    """The room the page is for (``request.room``, picked in the top bar); a user placed in no room is refused."""
    room: Room | None = request.room  # type: ignore[attr-defined]
    if room is None:
        raise Forbidden(_("You work in no room: an admin places you in one."), code="no_room")
    return room


def action(view: ViewFunc) -> ViewFunc:
    """A page's POST, under the roles it declares (``@roles_allowed(...).page``, beneath this): run it,
    report a refusal as a message, go back (PRG)."""
    if not hasattr(view, "roles_allowed"):
        raise TypeError(f"{view.__name__}: declare who may post it with @roles_allowed(...).page under @action")

    @wraps(view)
    def refused_input(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except DomainError as exc:
            messages.error(request, exc.message)
            return redirect(safe_next(request, reverse("floor:floor")))

    return require_POST(refused_input)


def run(request: HttpRequest, call: Callable[[], object], *, done: str, back: str) -> HttpResponse:
    try:
        call()
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect(back)


@dataclass(frozen=True)
class Refused:
    """A form the service refused, shown again on its page with what was typed and why.

    ``form`` names the form on the page (``"seat"``, ``"entry"``, ``"move"``...) and ``key`` the row it
    belongs to when the page repeats it (the waitlist entry, the seat session).
    """

    form: str
    message: str
    data: QueryDict
    key: int | None = None


def attempt(
    request: HttpRequest,
    call: Callable[[], object],
    *,
    done: str,
    back: str,
    form: str,
    again: Callable[[Refused], HttpResponse],
    key: int | None = None,
) -> HttpResponse:
    """Like ``run``, but a refusal renders the page again (``again``) with the form as it was sent:
    nothing typed is lost, and the reason stands next to the form."""
    try:
        call()
    except DomainError as exc:
        response = again(Refused(form, exc.message, request.POST, key))
        response.status_code = exc.status
        return response
    messages.success(request, done)
    return redirect(back)


def int_field(data: QueryDict, name: str, *, required: bool = True) -> int | None:
    raw = (data.get(name) or "").strip()
    if not raw:
        if required:
            raise DomainError(_("%(field)s is required.") % {"field": name}, code="invalid")
        return None
    # Twelve digits at most: no seat count, id or minutes typed here needs more, and minutes
    # of a longer number would overflow the timedelta they become.
    number = whole_number(raw, maximum=10**12 - 1)
    if number is None:
        raise DomainError(
            _("%(field)s: %(value)s is not a number.") % {"field": name, "value": quoted(raw)}, code="invalid"
        )
    return number


def req_int(data: QueryDict, name: str) -> int:
    value = int_field(data, name)
    assert value is not None
    return value


def safe_next(request: HttpRequest, default: str) -> str:
    """The ``next`` field when it points into this site, else ``default``."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return default
