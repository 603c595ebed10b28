"""API plumbing shared by every app: errors, pagination, strict input fields."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config import unavailable
from config.errors import DomainError
from config.gaming_day import check_gaming_day
from config.numbers import MAX_ID, whole_number


class Pagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 500


def error_body(code: str, message: str, details: Any) -> dict[str, Any]:
    """Every refusal's body (``config.openapi.ErrorOut``)."""
    return {"error": {"code": code, "message": message, "details": details}}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error leaves as ``{"error": {"code", "message", "details"}}``."""
    if isinstance(exc, unavailable.DATABASE_ERRORS):
        unavailable.log(context["request"], exc)
        body = error_body(unavailable.CODE, str(unavailable.MESSAGE), {})
        return Response(body, status=503, headers={"Retry-After": str(unavailable.RETRY_AFTER_SECONDS)})
    if isinstance(exc, DomainError):
        return Response(error_body(exc.code, exc.message, exc.details), status=exc.status)
    if isinstance(exc, DjangoValidationError):
        return Response(error_body("invalid", "; ".join(exc.messages), exc.messages), status=400)
    if isinstance(exc, RequestDataTooBig):
        # Raised by Django as DRF reads the body; left to Django it would answer an HTML page.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        message = _("The request body is larger than %(limit)s bytes.") % {"limit": limit}
        return Response(error_body("too_large", message, {"limit": limit}), status=413)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    details = response.data
    if isinstance(exc, exceptions.ValidationError):
        message = _first_message(details)
        response.data = error_body("invalid", message, details)
    else:
        codes = exc.get_codes()
        response.data = error_body(codes if isinstance(codes, str) else "error", str(exc.detail), {})
    return response


def _first_message(details: Any, prefix: str = "") -> str:
    if isinstance(details, dict):
        for key, value in details.items():
            label = key if key != "non_field_errors" else ""
            return _first_message(value, f"{prefix}{label}: " if label else prefix)
    if isinstance(details, list) and details:
        return _first_message(details[0], prefix)
    return f"{prefix}{details}"


class WholeNumberField(serializers.IntegerField):
    """A whole number as a JSON integer, or as ASCII digits (a query string, a form).

    DRF's ``IntegerField`` reads text with ``int()``, which takes ``1_000``,
    full-width digits and ``5.0``; this reads text through ``config.numbers``.
    Bounds default to those of an id (1 to ``MAX_ID``), which a bigint column holds.
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        if type(data) is int:  # not a bool, not a float: 5.0 is not a whole number here
            return data
        number = whole_number(data) if isinstance(data, str) else None
        if number is None:
            self.fail("invalid")
        return number


class GamingDayField(serializers.DateField):
    """A gaming day the room can hold records of (``config.gaming_day``): no date arithmetic overflows on it."""

    def to_internal_value(self, value: Any) -> date:
        day = super().to_internal_value(value)
        try:
            return check_gaming_day(day, field=self.field_name or "day")
        except DomainError as exc:
            raise serializers.ValidationError(exc.message, code=exc.code) from None
