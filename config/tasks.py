"""Project-wide tasks and the one way to send a task."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from celery import shared_task
from django.db import transaction


def send_on_commit(task: Any, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` only once the surrounding transaction commits."""
    send: Callable[[], Any] = partial(task.delay, *args, **kwargs)
    transaction.on_commit(send)


@shared_task(name="config.ping")
def ping(payload: str) -> str:
    """Round trip used by /healthz tooling and the worker test."""
    return f"pong:{payload}"
