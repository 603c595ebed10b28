"""Pages answer a service's refusal with the status it names, as the API does.

The API maps ``DomainError`` to HTTP in its exception handler (``config.api``); a
page view that lets one through (a missing or someone else's id: ``NotFound``)
gets the same status here, on a page that says what was refused, not a 500.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
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
