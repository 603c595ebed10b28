"""Abstract bases for everything the room records."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Recorded(models.Model):
    """Who wrote a row and when; services stamp both from their ``actor``."""

    created_at = models.DateTimeField(db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        abstract = True


class OutboxMessage(models.Model):
    """A task a service queued, written in the same transaction as the change it follows.

    ``config.tasks.send_on_commit`` writes the row and tries to publish it once
    the transaction commits; whatever the broker did not take then, the relay
    (``config.tasks.outbox_relay``, run by beat) publishes once Redis answers.
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


class JobStatus(models.TextChoices):
    """Where a long piece of work (an export) stands; the page shows each."""

    PENDING = "pending", _("queued")
    RUNNING = "running", _("running")
    RETRYING = "retrying", _("retrying")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


class JobFailure(models.TextChoices):
    """Why beat took work back from a worker (``Leased.error``); any other error is the exception's text."""

    NO_PICKUP = "no_pickup", _("No worker picked it up in time.")
    WORKER_STOPPED = "worker_stopped", _("Its worker stopped while writing it.")


class Leased(models.Model):
    """Long work a worker holds under a lease (``config.jobs``): queued, claimed, kept alive, finished.

    ``deadline`` is when the work must next show a sign of life: for queued
    work, being picked up; for running work, its next heartbeat. Work past its
    deadline is re-queued by beat a bounded number of times, then failed with
    the reason.
    """

    status = models.CharField(_("status"), max_length=10, choices=JobStatus.choices, default=JobStatus.PENDING)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    requeues = models.PositiveIntegerField(_("re-queued"), default=0)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    error = models.CharField(_("error"), max_length=500, blank=True)

    class Meta:
        abstract = True

    @property
    def is_live(self) -> bool:
        """Queued, running or retrying: the page keeps polling it."""
        return self.status in (JobStatus.PENDING, JobStatus.RUNNING, JobStatus.RETRYING)

    @property
    def error_text(self) -> str:
        """The error as the page shows it: beat's reasons in the reader's language."""
        if self.error in JobFailure.values:
            return str(JobFailure(self.error).label)
        return self.error
