"""The outbox: tasks queued in the transaction of the change they follow."""

from __future__ import annotations

from typing import Any

from django.db import models


class OutboxMessage(models.Model):
    """A task a service queued, written in the same transaction as the change it follows.

    ``config.services.outbox.send_on_commit`` writes the row and tries to publish it once
    the transaction commits; whatever the broker did not take then, the relay
    (``config.services.outbox.outbox_relay``, run by beat) publishes once Redis answers.
    Delivery is at least once: every task sent this way is idempotent. Rows are
    operational state, not records: a sent row is stamped and purged after a week.
    """

    task = models.CharField(max_length=200)
    args: models.JSONField[list[Any]] = models.JSONField(default=list)
    kwargs: models.JSONField[dict[str, Any]] = models.JSONField(default=dict)
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)

    class Meta:
        indexes = [models.Index(fields=["created_at"], condition=models.Q(sent_at__isnull=True), name="outbox_unsent")]

    def __str__(self) -> str:
        return f"{self.task} {self.args!r} ({'sent' if self.sent_at else 'waiting'})"
