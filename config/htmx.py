"""The one test of an htmx request, which a page answers with its swappable partial (``"page.html#name"``)."""

from __future__ import annotations

from django.http import HttpRequest


def is_htmx(request: HttpRequest) -> bool:
    """True for a request htmx sent (``HX-Request: true``, read by django-htmx's middleware into ``request.htmx``)."""
    return bool(getattr(request, "htmx", False))
