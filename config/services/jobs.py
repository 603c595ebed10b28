"""Long work under a lease: an export is claimed by one attempt, kept alive by its heartbeat, and
re-queued by beat when its worker is gone.

A job row (``config.models.Leased``) carries a ``deadline``: queued work must be
picked up before it, running work must show a sign of life before it. The
attempt that claims the job is numbered (``attempts``); only that attempt's
heartbeats count, so an attempt whose lease expired and was taken over stops
at its next heartbeat (``LeaseLost``). A job whose deadline passes is re-queued
(``retrying``) at most ``CARDROOM_JOB_REQUEUES`` times, then ``failed`` with the
reason. The task's message may also be delivered twice (a redelivery after the
broker's visibility timeout); a claim of work that is done, failed, or running
under a live lease does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from config.models import JobFailure, JobStatus, Leased

WAITING = (JobStatus.PENDING, JobStatus.RETRYING)
LIVE = (*WAITING, JobStatus.RUNNING)


class LeaseLost(Exception):
    """The attempt's lease expired and the job was re-queued: this attempt must stop writing."""


def lease_end(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) + timedelta(seconds=settings.CARDROOM_JOB_LEASE)


def pickup_end(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) + timedelta(seconds=settings.CARDROOM_JOB_PICKUP)


def job_claim(model: type[Leased], pk: int, **start: Any) -> int | None:
    """Start an attempt at job ``pk`` and return its number, or None when there is nothing to do.

    Nothing to do: the job is done or failed, or another attempt runs under a live lease (this is a
    duplicate delivery). ``start`` resets the job's progress columns.
    """
    now = timezone.now()
    with transaction.atomic():
        job = model._default_manager.select_for_update().filter(pk=pk).first()
        if job is None:
            raise model.DoesNotExist(f"{model.__name__} {pk} does not exist")
        if job.status not in LIVE or (job.status == JobStatus.RUNNING and job.deadline and job.deadline > now):
            return None
        attempt = job.attempts + 1
        model._default_manager.filter(pk=pk).update(
            status=JobStatus.RUNNING, attempts=attempt, deadline=lease_end(now), error="", **start
        )
    return attempt


def job_heartbeat(model: type[Leased], pk: int, attempt: int, **progress: Any) -> None:
    """Extend the attempt's lease (and write its progress); raise ``LeaseLost`` if it was taken over."""
    held = model._default_manager.filter(pk=pk, attempts=attempt, status=JobStatus.RUNNING)
    if not held.update(deadline=lease_end(), **progress):
        raise LeaseLost(f"{model.__name__} {pk}: attempt {attempt} lost its lease")


def job_fail(model: type[Leased], pk: int, attempt: int, reason: str) -> None:
    """The attempt met an error that a retry would meet again: the job fails with the reason."""
    model._default_manager.filter(pk=pk, attempts=attempt).exclude(status=JobStatus.DONE).update(
        status=JobStatus.FAILED, error=reason[:500], deadline=None
    )


def _overdue_reason(job: Leased) -> str:
    return JobFailure.WORKER_STOPPED if job.status == JobStatus.RUNNING else JobFailure.NO_PICKUP


def jobs_requeue(model: type[Leased], send: Callable[[int], None]) -> tuple[int, int]:
    """Re-queue the jobs of ``model`` past their deadline, or fail those re-queued too often.

    ``send(pk)`` queues the job's task (through the outbox, in this transaction). Rows another run of
    this sweep holds are skipped, so overlapping runs re-queue each job once and report it once.
    Returns (re-queued, failed).
    """
    now = timezone.now()
    requeued = failed = 0
    # Rows queued before jobs had deadlines count from their creation (the models are also ``Recorded``).
    unstamped = Q(deadline__isnull=True, created_at__lt=now - timedelta(seconds=settings.CARDROOM_JOB_PICKUP))
    overdue = (Q(deadline__lt=now) | unstamped) & Q(status__in=LIVE)
    with transaction.atomic():
        jobs = model._default_manager.select_for_update(skip_locked=True).filter(overdue).order_by("pk")
        for job in jobs:
            reason = _overdue_reason(job)
            rows = model._default_manager.filter(pk=job.pk)
            if job.requeues >= settings.CARDROOM_JOB_REQUEUES:
                rows.update(status=JobStatus.FAILED, deadline=None, error=reason)
                failed += 1
            else:
                retry = {"requeues": F("requeues") + 1, "deadline": pickup_end(now), "error": reason}
                rows.update(status=JobStatus.RETRYING, **retry)
                send(job.pk)
                requeued += 1
    return requeued, failed


def job_retry(model: type[Leased], pk: int, send: Callable[[int], None]) -> bool:
    """Queue a failed job again, with a fresh budget of re-queues; False if it had not failed.

    The reason it failed stays in ``error`` until an attempt claims it.
    """
    with transaction.atomic():
        again = model._default_manager.filter(pk=pk, status=JobStatus.FAILED).update(
            status=JobStatus.RETRYING, requeues=0, deadline=pickup_end()
        )
        if again:
            send(pk)
    return bool(again)
