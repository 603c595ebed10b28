"""Project-wide tasks: beat's run of the outbox relay, and the round trip the health tooling uses.

Tasks are sent through the outbox (``config.services.outbox.send_on_commit``), by name.
"""

from __future__ import annotations

from celery import shared_task

from config.services.outbox import outbox_relay


@shared_task(name="config.tasks.outbox_relay_task")
def outbox_relay_task() -> int:
    """Beat's run of the relay: publish what Redis could not take when it was written."""
    return outbox_relay()


@shared_task(name="config.tasks.ping")
def ping(payload: str) -> str:
    """Round trip used by /healthz tooling and the worker test."""
    return f"pong:{payload}"
