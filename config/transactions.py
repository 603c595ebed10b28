"""One transaction per business operation, retried on serialization failures and deadlocks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from contextvars import ContextVar

from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from config.errors import Conflict

# PostgreSQL: serialization_failure, deadlock_detected.
RETRYABLE_SQLSTATES = frozenset({"40001", "40P01"})
ATTEMPTS = 4
# Set while run_atomic's own transaction is open in this thread or task.
_inside: ContextVar[bool] = ContextVar("config_run_atomic", default=False)


def sqlstate(exc: BaseException) -> str | None:
    cause = exc.__cause__
    return getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)


def constraint_name(exc: BaseException) -> str | None:
    """The constraint a PostgreSQL error names (a unique index, or a trigger's ``RAISE ... CONSTRAINT``)."""
    diag = getattr(exc.__cause__, "diag", None)
    return getattr(diag, "constraint_name", None)


def run_atomic[T](work: Callable[[], T], *, attempts: int = ATTEMPTS) -> T:
    """Run ``work`` in ``transaction.atomic``; retry 40001/40P01 a bounded number of times.

    Inside another ``run_atomic`` the work joins that transaction without a
    savepoint (a refusal propagates and rolls the whole of it back). Inside a
    caller's own ``atomic`` block it runs in a savepoint, so a refusal the
    caller catches leaves nothing half-written. Neither case is retried here.
    """
    if connection.in_atomic_block:
        with transaction.atomic(savepoint=not _inside.get()):
            return work()
    for attempt in range(1, attempts + 1):
        token = _inside.set(True)
        try:
            with transaction.atomic():
                return work()
        except DatabaseError as exc:
            if isinstance(exc, IntegrityError) or sqlstate(exc) not in RETRYABLE_SQLSTATES:
                raise
            if attempt == attempts:
                raise Conflict(
                    _(
                        "The database kept refusing the transaction (%(sqlstate)s) after "
                        "%(attempts)s attempts; nothing was recorded, try again."
                    )
                    % {"sqlstate": sqlstate(exc), "attempts": attempts},
                    code="retry_exhausted",
                ) from exc
            time.sleep(random.uniform(0.002, 0.01) * attempt)
        finally:
            _inside.reset(token)
    raise AssertionError("unreachable")
