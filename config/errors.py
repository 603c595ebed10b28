"""The one domain error type services raise; the API maps it to HTTP once."""

from __future__ import annotations

from typing import Any

# A refusal quotes at most this much of what was sent.
_QUOTED = 20


def quoted(value: object) -> str:
    """At most ``_QUOTED`` characters of a value, for a refusal's message.

    Never the whole of a hostile value, nor an int of thousands of digits, which
    Python refuses to turn into text (``sys.get_int_max_str_digits``).
    """
    if isinstance(value, int) and value.bit_length() > 64:
        return f"<{value.bit_length() * 30103 // 100000}+ digits>"  # a bit is log10(2) decimal digits
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= _QUOTED else text[:_QUOTED] + "…"


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
