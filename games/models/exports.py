"""PHH exports of a filtered set of hands, written by a Celery task with its progress here."""

from __future__ import annotations

from typing import Any

from django.db import models

from config.models import JobStatus, Leased, Recorded


class PhhExport(Recorded, Leased):
    """One export: the filters it was asked for, how far it got and the file it wrote.

    Progress columns move while the task runs (the page polls them); the file
    is written under ``MEDIA_ROOT/exports`` and served only through the
    download view, which checks the role.
    """

    filters: models.JSONField[Any] = models.JSONField(default=dict)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    file = models.CharField(max_length=200, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    @property
    def percent(self) -> int:
        if self.status == JobStatus.DONE:
            return 100
        return 0 if not self.total else min(100, self.done * 100 // self.total)
