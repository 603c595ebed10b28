"""The one domain error type services raise; the API maps it to HTTP once."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A refusal by a business rule. ``message`` names the rule and the numbers."""

    status: int = 400
    code: str = "invalid"

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.details: dict[str, Any] = details

    def __str__(self) -> str:
        return self.message


class NotFound(DomainError):
    status = 404
    code = "not_found"


class Conflict(DomainError):
    """The state changed under the caller (stale sequence, lost race, duplicate)."""

    status = 409
    code = "conflict"


class Forbidden(DomainError):
    status = 403
    code = "forbidden"


class Unprocessable(DomainError):
    status = 422
    code = "unprocessable"
