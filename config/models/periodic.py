"""When each piece of periodic work last ran: what ``/healthz`` compares with beat's schedule."""

from __future__ import annotations

from django.db import models


class PeriodicRun(models.Model):
    """The last time a periodic task (by its task name, as ``CELERY_BEAT_SCHEDULE`` names it) finished
    without an error. Operational state, not a record: one row per task, moved forward by each run
    (``config.services.periodic``)."""

    task = models.CharField(max_length=200, unique=True)
    finished_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.task} at {self.finished_at:%Y-%m-%d %H:%M:%S}"
