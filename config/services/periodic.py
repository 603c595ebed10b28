"""Periodic work's last runs: each periodic task's success moves its row forward; ``/healthz`` reads
them (``config.selectors.periodic``) to tell when beat, or every worker, has stopped."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.utils import timezone

from config.models import PeriodicRun


def periodic_tasks() -> set[str]:
    """The task names beat runs."""
    return {str(entry["task"]) for entry in settings.CELERY_BEAT_SCHEDULE.values()}


def periodic_run_record(*, task: str, at: datetime | None = None) -> None:
    """``task`` finished now (or ``at``): one statement, whoever else records the same task meanwhile."""
    PeriodicRun.objects.bulk_create(
        [PeriodicRun(task=task, finished_at=at or timezone.now())],
        update_conflicts=True,
        unique_fields=["task"],
        update_fields=["finished_at"],
    )
