"""API plumbing shared by every app: errors, pagination."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config.errors import DomainError


class Pagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 500


def _body(code: str, message: str, details: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details}}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error leaves as ``{"error": {"code", "message", "details"}}``."""
    if isinstance(exc, DomainError):
        return Response(_body(exc.code, exc.message, exc.details), status=exc.status)
    if isinstance(exc, DjangoValidationError):
        return Response(_body("invalid", "; ".join(exc.messages), exc.messages), status=400)
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
        response.data = _body("invalid", message, details)
    else:
        codes = exc.get_codes()
        response.data = _body(codes if isinstance(codes, str) else "error", str(exc.detail), {})
    return response


def _first_message(details: Any, prefix: str = "") -> str:
    if isinstance(details, dict):
        for key, value in details.items():
            label = key if key != "non_field_errors" else ""
            return _first_message(value, f"{prefix}{label}: " if label else prefix)
    if isinstance(details, list) and details:
        return _first_message(details[0], prefix)
    return f"{prefix}{details}"
