"""Long work under a lease: its states, the reasons beat gives, the abstract base of an export."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


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
    """Long work a worker holds under a lease (``config.services.jobs``): queued, claimed, kept alive, finished.

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
