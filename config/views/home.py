"""The start page: each role lands on the page its day begins with."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from config.permissions import SIGNED_IN
from config.roles import Role, has_any_role

# Where each role starts its day, in order of precedence.
_START_PAGES = [
    (Role.FLOOR_MANAGER, "floor:floor"),
    (Role.CASHIER, "cashier:index"),
    (Role.DEALER, "floor:floor"),
    (Role.ACCOUNTANT, "rake:reports"),
]


@SIGNED_IN.page
def home(request: HttpRequest) -> HttpResponse:
    for role, page in _START_PAGES:
        if has_any_role(request.user, [role]):
            return redirect(page)
    return render(request, "home.html")
