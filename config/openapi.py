"""The OpenAPI schema's shared parts: the error envelope, and the error responses every operation documents.

Clients (and the conformance test, ``tests/config/test_schema_conformance.py``)
read the statuses an operation may answer from the schema, so each operation
lists the errors ``config.api.exception_handler`` can send it, in the shape it
sends them.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.plumbing import ComponentRegistry
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorBodyOut(serializers.Serializer[dict[str, Any]]):
    code = serializers.CharField(help_text=_("What was refused, for programs: `not_found`, `stale_seq`, …"))
    message = serializers.CharField(help_text=_("The refusal in words, naming the rule that was broken."))
    details = serializers.JSONField(
        help_text=_("The refusal's data: the fields' errors of invalid input, or the numbers behind a rule.")
    )


# The shape of ``config.api.error_body``, which the exception handler and the API's 404 page answer.
class ErrorOut(serializers.Serializer[dict[str, Any]]):
    """Every refusal: what was refused, why, and the data behind it."""

    error = ErrorBodyOut()


def error_response(description: str | Promise) -> OpenApiResponse:
    return OpenApiResponse(ErrorOut, description=description)


ERRORS: dict[int, OpenApiResponse] = {
    400: error_response(_("Refused: the input is invalid, or a business rule forbids it (`error.code` names it).")),
    403: error_response(_("Not logged in, or the caller's roles do not allow this.")),
    404: error_response(_("A record the request names does not exist, or is not the caller's to see.")),
    409: error_response(_("The state changed under the caller (a stale sequence, a lost race, a duplicate).")),
    413: error_response(_("The request body is larger than the server accepts.")),
    422: error_response(_("This Idempotency-Key was already used for a different request.")),
    503: error_response(_("The database cannot be reached now: nothing was done; retry after `Retry-After` seconds.")),
}

_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def error_statuses(method: str, operation: dict[str, Any]) -> list[int]:
    """The statuses an operation may answer with an error, read from its own description.

    Every operation needs a login and a role (403). A query, a header or a body
    may be refused (400), and so may any write, by a business rule; a write may
    also lose a race (409). An id in the path, the query or the body may name no
    record, or one that is not the caller's to see, and a page may lie past the
    last (404). A body may be too large (413). A reused Idempotency-Key is
    refused (422). A path's ids are checked by the URL (an id or a 404). Any
    operation answers 503 while the database cannot be reached (``config.unavailable``).
    """
    parameters = operation.get("parameters", [])
    has_body = "requestBody" in operation
    writes = method in _UNSAFE
    statuses = [403, 503]
    if writes or has_body or any(parameter["in"] != "path" for parameter in parameters):
        statuses.append(400)
    if has_body or parameters:
        statuses.append(404)
    if writes:
        statuses.append(409)
    if has_body:
        statuses.append(413)
    if any(parameter["name"] == "Idempotency-Key" for parameter in parameters):
        statuses.append(422)
    return statuses


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's schema, with the error responses of ``error_statuses`` on every operation.

    An error response a view declares itself (a more precise description, or a
    status the rules above do not foresee) is kept as the view wrote it.
    """

    def get_operation(
        self, path: str, path_regex: str, path_prefix: str, method: str, registry: ComponentRegistry
    ) -> dict[str, Any] | None:
        operation: dict[str, Any] | None = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
        for status in error_statuses(self.method, operation):
            code = str(status)
            if code not in responses:
                responses[code] = self._get_response_for_code(ERRORS[status], code)  # type: ignore[no-untyped-call]
        return operation
