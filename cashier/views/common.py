"""Helpers shared by the cashier's pages."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse

from cashier.selectors.reversals import READ_ALL as REVERSAL_READERS
from cashier.services.reversals import REQUEST_ROLES as REVERSAL_REQUEST_ROLES
from config.errors import DomainError
from config.permissions import acting_user
from config.roles import Role
from config.services.idempotency import idempotent, request_fingerprint

SCREEN_ROLES = (Role.CASHIER, Role.ACCOUNTANT)
SLIP_ROLES = (Role.CASHIER, Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT)
TRAY_ROLES = (Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT)
# Who opens each page of the cage's menu (templates/cashier/_nav.html shows a link only to them); the views
# are guarded by the same tuples.
MENU_ROLES: dict[str, tuple[str, ...]] = {
    "index": SCREEN_ROLES,
    "slips": SLIP_ROLES,
    "outstanding": (Role.ACCOUNTANT, Role.CASHIER),
    "cage_summary": (Role.ACCOUNTANT,),
    "large_cash": (Role.ACCOUNTANT,),
    "tray_counts": TRAY_ROLES,
    "reversals": (*REVERSAL_REQUEST_ROLES, *REVERSAL_READERS),
}


def form_key() -> str:
    """A fresh idempotency key for each rendered form: a double submit posts once."""
    return str(uuid.uuid4())


def post_once(
    request: HttpRequest, *, scope: str, act: Callable[[], str], fallback: str, keep: bool = False
) -> HttpResponse:
    """Run a page's money-moving POST once per form key, then redirect (Post/Redirect/Get).

    ``act`` returns the URL to go to; a refusal becomes a message on ``fallback``, and with ``keep`` what was
    typed waits in the session for that page to fill its form again (``kept_input``): a long count is not
    typed twice.
    """
    data = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    try:
        stored = idempotent(
            user=acting_user(request),
            key=request.POST.get("idempotency_key"),
            scope=scope,
            fingerprint=request_fingerprint(method="POST", path=request.path, data=data),
            run=lambda: (303, act().encode(), "text/plain"),
        )
    except DomainError as exc:
        messages.error(request, exc.message)
        if keep:
            request.session[f"typed:{scope}"] = {k: v for k, v in data.items() if k != "idempotency_key"}
        return HttpResponseRedirect(fallback, status=303)
    response = HttpResponseRedirect(stored.body.decode(), status=303)
    if stored.replayed:
        response["Idempotent-Replayed"] = "true"
    return response


def kept_input(request: HttpRequest, scope: str) -> dict[str, str]:
    """What a refused ``post_once(keep=True)`` of ``scope`` was sent, once; empty otherwise."""
    typed: dict[str, str] = request.session.pop(f"typed:{scope}", {})
    return typed


def url(name: str, *args: Any) -> str:
    return reverse(f"cashier:{name}", args=args)
