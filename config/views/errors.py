"""The error pages: 403, 404 and 500 (a 503 when the database cannot answer), as pages or as the API's error body."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults

from config import unavailable
from config.api import error_body
from config.permissions import forbidden


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return forbidden(request, [])


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A URL that names nothing: under ``/api/`` the API's error body (a client reads JSON, and the
    schema documents it for an id the URL converter refuses), elsewhere Django's page."""
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("not_found", _("Not found."), {}), status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 page, or a 503 when the database could not answer (``config.unavailable``):
    the short page, or the API's error body under ``/api/``."""
    if not isinstance(sys.exception(), unavailable.DATABASE_ERRORS):
        return defaults.server_error(request)
    if not request.path.startswith("/api/"):
        return unavailable.page(request)
    response = JsonResponse(error_body(unavailable.CODE, str(unavailable.MESSAGE), {}), status=503)
    response["Retry-After"] = str(unavailable.RETRY_AFTER_SECONDS)
    return response
