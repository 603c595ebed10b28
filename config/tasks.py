"""Project-wide tasks and the one way to send a task."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from celery import shared_task
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerUnreachable

logger = logging.getLogger(__name__)


def send_on_commit(task: Any, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` only once the surrounding transaction commits.

    The write has committed by then and its answer must say so: a broker that
    cannot be reached costs the request about ``settings.REDIS_TIMEOUT`` and is
    logged, not raised. The task is then not queued; the log line names it and
    its ids.
    """
    transaction.on_commit(partial(_publish, task, args, kwargs))


def _publish(task: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    # No caller can wait for a task sent on commit, so no result is stored or subscribed to: on
    # Redis the subscription is a second connection per publish, with its own retries when Redis is down.
    try:
        task.apply_async(args, kwargs, ignore_result=True)
    except BrokerUnreachable as exc:
        logger.error("task %s not queued (args %r, kwargs %r): broker unreachable: %s", task.name, args, kwargs, exc)


@shared_task(name="config.ping")
def ping(payload: str) -> str:
    """Round trip used by /healthz tooling and the worker test."""
    return f"pong:{payload}"
