"""The one way to send a task: through the outbox.

A service that queues a task calls ``send_on_commit`` inside its transaction:
the task is written to the outbox (``config.models.OutboxMessage``) with the
change it follows, so a rolled-back change queues nothing and a committed one
never loses its task. Once the transaction commits, the task is published at
once; if the broker cannot take it then (Redis down), the write has committed
all the same and its answer says so, and the relay (``outbox_relay``, run by
beat as ``config.tasks.outbox_relay_task``) publishes it once Redis answers.
Delivery is at least once: every task sent this way is idempotent.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial
from typing import Any

from celery import current_app
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerUnreachable

from config.models import OutboxMessage

logger = logging.getLogger(__name__)

# The relay leaves younger rows to the publish on commit that is still under way for them.
RELAY_AFTER = timedelta(seconds=5)
RELAY_BATCH = 500
# Sent rows are kept a week for whoever investigates a task, then purged.
KEEP_SENT = timedelta(days=7)


def send_on_commit(task_name: str, *args: Any, **kwargs: Any) -> None:
    """Write the task ``task_name`` to the outbox in the caller's transaction; publish it once that commits.

    By name, not the task object: a service never imports its app's tasks module, which imports the services.
    """
    message = OutboxMessage.objects.create(task=task_name, args=list(args), kwargs=kwargs, created_at=timezone.now())
    transaction.on_commit(partial(_publish_now, task_name, message.pk, args, kwargs))


def _publish(task_name: str, args: Any, kwargs: Any) -> None:
    """Hand the task over; raises ``BrokerUnreachable`` only. With tasks run eagerly (no broker: ``make run``)
    handing over is running it, and a task that fails is logged as a worker would log it: it was delivered,
    and the write it follows has committed and must answer so."""
    # No caller can wait for a task sent this way, so no result is stored or subscribed to: on Redis the
    # subscription is a second connection per publish, with its own retries when Redis is down.
    if not current_app.conf.task_always_eager:
        current_app.send_task(task_name, args, kwargs, ignore_result=True)
        return
    if task_name not in current_app.tasks:  # a process that has not imported the apps' tasks yet
        current_app.loader.import_default_modules()
    try:
        current_app.tasks[task_name].apply_async(args, kwargs, ignore_result=True)
    except Exception:
        logger.exception("task %s (args %r, kwargs %r) failed", task_name, args, kwargs)


def _publish_now(task_name: str, pk: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """On commit: publish, bounded by ``settings.REDIS_TIMEOUT``; a broker that cannot be reached leaves
    the row to the relay and costs the request only that wait."""
    try:
        _publish(task_name, args, kwargs)
    except BrokerUnreachable as exc:
        logger.warning("task %s (outbox %s) left to the relay: broker unreachable: %s", task_name, pk, exc)
        OutboxMessage.objects.filter(pk=pk).update(attempts=1, last_error=str(exc)[:500])
        return
    OutboxMessage.objects.filter(pk=pk, sent_at__isnull=True).update(sent_at=timezone.now(), attempts=1)


def outbox_relay(*, older_than: timedelta = RELAY_AFTER) -> int:
    """Publish what the outbox holds unsent, oldest first; stop at the first refusal. Returns how many.

    Rows are locked (SKIP LOCKED) while they are published, so overlapping relays never send a row twice.
    """
    now = timezone.now()
    sent: list[int] = []
    with transaction.atomic():
        waiting = (
            OutboxMessage.objects.select_for_update(skip_locked=True)
            .filter(sent_at__isnull=True, created_at__lte=now - older_than)
            .order_by("pk")[:RELAY_BATCH]
        )
        for message in waiting:
            try:
                _publish(message.task, message.args, message.kwargs)
            except BrokerUnreachable as exc:
                OutboxMessage.objects.filter(pk=message.pk).update(
                    attempts=message.attempts + 1, last_error=str(exc)[:500]
                )
                break
            sent.append(message.pk)
        OutboxMessage.objects.filter(pk__in=sent).update(sent_at=now)
    OutboxMessage.objects.filter(sent_at__lt=now - KEEP_SENT).delete()
    if sent:
        logger.info("outbox relay published %d task(s)", len(sent))
    return len(sent)
