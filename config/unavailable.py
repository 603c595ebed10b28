"""A database that cannot answer is a 503 with ``Retry-After``, never a 500.

An unreachable server, a connection dropped under a request, a lock or a
deadlock that outlasted the services' own retries: none is a fault of the
request, and the same request may succeed seconds later, once Django reconnects
(``CONN_HEALTH_CHECKS``) or the server is back. The API answers in its error
envelope (``config.api.exception_handler``); pages, and an API request that
fails before its view, get ``templates/unavailable.html`` (or the envelope)
from the 500 handler, ``config.views.server_error``: a middleware's
``process_exception`` would not see most of them, as the history's middleware
(``audit``) reads the session's user before any view runs. With ``DEBUG`` on,
Django shows its technical page there instead, as for any error.
"""

from __future__ import annotations

import logging

import psycopg
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

# Django wraps the driver's errors in its own; code that talks to psycopg directly
# (the fee exports' COPY) raises psycopg's.
DATABASE_ERRORS = (OperationalError, InterfaceError, psycopg.OperationalError, psycopg.InterfaceError)
RETRY_AFTER_SECONDS = 5
CODE = "unavailable"
MESSAGE = _("The room's database could not complete this request. Try again in a few seconds.")

logger = logging.getLogger(__name__)


def log(request: HttpRequest, exc: BaseException) -> None:
    """One line naming the request and the driver's message, for an error DRF handled (Django logs
    those that reach its 500 handler itself, with the traceback)."""
    logger.error("database unavailable: %s %s: %s: %s", request.method, request.path, type(exc).__name__, exc)


def page(request: HttpRequest) -> HttpResponse:
    """The short 503 page, rendered without the request's context processors, which read the database."""
    html = render_to_string("unavailable.html", {"room_name": settings.CARDROOM_NAME, "message": MESSAGE})
    response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
