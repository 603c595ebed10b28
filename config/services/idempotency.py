"""Idempotency keys: exactly one execution per (user, key).

The key row is inserted first in the same transaction as the money
(``INSERT ... ON CONFLICT DO NOTHING``): a key seen before conflicts at once
and its stored response is replayed; a concurrent duplicate waits on the
unique index until the first commits, then does the same. A request refused
by a business rule rolls back with its money and leaves no key, so it may be
retried with the same key.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _

from config.db import prepared_cursor
from config.errors import Conflict, DomainError, Unprocessable
from config.models.idempotency import KEY_MAX_LENGTH, IdempotencyKey
from config.transactions import run_atomic

DOCS = "/api/docs/"


@dataclass(frozen=True, slots=True)
class StoredResponse:
    status: int
    body: bytes
    content_type: str
    replayed: bool


class _Taken(Exception):
    """Another request holds or held this key."""


def request_fingerprint(*, method: str, path: str, data: Any) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{method} {path}\n{canonical}".encode()).hexdigest()


# What a key may be: 1 to 255 visible ASCII characters but the comma (a UUID is one). The API schema
# states this very pattern (``config.idempotent.IDEMPOTENCY_KEY``), so a client learns it from there.
KEY_PATTERN = rf"^[\x21-\x2b\x2d-\x7e]{{1,{KEY_MAX_LENGTH}}}$"
_KEY = re.compile(KEY_PATTERN)


def check_key(key: str | None) -> str:
    if not key:
        raise DomainError(
            _("This call moves money: send an Idempotency-Key header (a unique string per operation, e.g. a UUID)."),
            code="idempotency_key_required",
            docs=DOCS,
        )
    # Repeated header lines reach Django joined by commas (WSGI folds them): taken as one new key,
    # a retry that sent only one of them would run the operation again.
    if "," in key:
        raise DomainError(
            _("Send one Idempotency-Key: several arrived (repeated headers are joined with commas)."),
            code="bad_idempotency_key",
        )
    if not _KEY.fullmatch(key):
        raise DomainError(
            _("An Idempotency-Key is 1 to %(max)s visible ASCII characters, without spaces or commas.")
            % {"max": KEY_MAX_LENGTH},
            code="bad_idempotency_key",
        )
    return key


def idempotent(
    *, user: User, key: str | None, scope: str, fingerprint: str, run: Callable[[], tuple[int, bytes, str]]
) -> StoredResponse:
    """Run ``run`` (inside the transaction) once per key; later calls get the stored response."""
    key = check_key(key)

    def work() -> StoredResponse:
        row_id = _claim(user=user, key=key, scope=scope, fingerprint=fingerprint)
        if row_id is None:
            raise _Taken
        status, body, content_type = run()
        with prepared_cursor() as cursor:
            cursor.execute(_STORE_SQL, [status, body, content_type, row_id])
        return StoredResponse(status, body, content_type, replayed=False)

    try:
        return run_atomic(work)
    except _Taken:
        found = IdempotencyKey.objects.filter(user=user, key=key).first()
        if found is None:
            raise Conflict(
                _("A request with this Idempotency-Key is still running."), code="idempotency_in_flight"
            ) from None
        return _replay(found, scope=scope, fingerprint=fingerprint)


_STORE_SQL = (
    f"UPDATE {IdempotencyKey._meta.db_table} SET status_code = %s, response_body = %s, content_type = %s WHERE id = %s"
)


def _claim(*, user: User, key: str, scope: str, fingerprint: str) -> int | None:
    table = IdempotencyKey._meta.db_table
    created = connection.ops.adapt_datetimefield_value(timezone.now())
    with prepared_cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (user_id, key, scope, request_hash, created_at, content_type) "
            "VALUES (%s, %s, %s, %s, %s, '') ON CONFLICT DO NOTHING RETURNING id",
            [user.pk, key, scope, fingerprint, created],
        )
        row = cursor.fetchone()
    return int(row[0]) if row else None


def _replay(found: IdempotencyKey, *, scope: str, fingerprint: str) -> StoredResponse:
    if found.scope != scope or found.request_hash != fingerprint:
        raise Unprocessable(
            _("This Idempotency-Key was already used for a different request; use a new key."),
            code="idempotency_key_reused",
        )
    if found.status_code is None or found.response_body is None:
        raise Conflict(_("A request with this Idempotency-Key is still running."), code="idempotency_in_flight")
    return StoredResponse(found.status_code, bytes(found.response_body), found.content_type, replayed=True)
