"""The request's context for the history: who, which path and method, and a request id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.handlers.wsgi import WSGIRequest as DjangoWSGIRequest
from django.http import HttpRequest, HttpResponseBase
from pghistory import config
from pghistory.middleware import HistoryMiddleware as PghistoryMiddleware
from pghistory.middleware import WSGIRequest

from audit.services.context import history_context


class HistoryMiddleware(PghistoryMiddleware):
    """pghistory's middleware on both databases, with the method, and the request id in ``X-Request-ID``.

    The id is the context's (``pgh_context_id`` of every row the request wrote), so a
    reply a user reports leads to the changes it made. A user known only later (an API
    token, read by DRF in the view) is added then: pghistory's request class notices it.
    """

    get_response: Callable[[HttpRequest], HttpResponseBase]

    def get_context(self, request: HttpRequest) -> dict[str, Any]:
        found: dict[str, Any] = super().get_context(request)
        return {**found, "method": request.method}

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method not in config.middleware_methods():
            return self.get_response(request)
        with history_context(**self.get_context(request)) as request_id:
            if isinstance(request, DjangoWSGIRequest):
                request.__class__ = WSGIRequest
            response = self.get_response(request)
        response["X-Request-ID"] = str(request_id)
        return response
