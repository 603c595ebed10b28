"""Accountants' exports: the request and its progress, and the one record of its completion.

The Celery task writes the file to a temporary name and renames it into
place; then, in one transaction, it inserts the ``ExportCompletion`` row. The
row is unique per export, so a task redelivered after a worker was killed
can run again from scratch and still leaves exactly one completion.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from config.models import JobStatus, Leased, Recorded


class ExportFormat(models.TextChoices):
    CSV = "csv", _("CSV")
    XLSX = "xlsx", _("Excel (XLSX)")
    PDF = "pdf", _("PDF (signed-off daily report)")


class ExportContent(models.TextChoices):
    SUMMARY = "summary", _("the report as shown")
    DETAIL = "detail", _("every fee record")


class ReportExport(Recorded, Leased):
    format = models.CharField(_("format"), max_length=4, choices=ExportFormat.choices)
    content = models.CharField(_("content"), max_length=8, choices=ExportContent.choices)
    # {"day_from": "YYYY-MM-DD", "day_to": ..., "group_by": ...}
    filters: models.JSONField[Any] = models.JSONField(_("filters"), default=dict)
    total = models.BigIntegerField(_("rows to write"), default=0)
    done = models.BigIntegerField(_("rows written"), default=0)
    # The PDF, the signed-off report people read, is written in the language of whoever asked for it;
    # the CSV and XLSX keep the room's column names, so one period gives the same file whoever exports it.
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("report export")
        verbose_name_plural = _("report exports")

    def __str__(self) -> str:
        return f"export {self.pk} ({self.format}, {self.content})"

    @property
    def percent(self) -> int:
        if self.status == JobStatus.DONE:
            return 100
        return 0 if not self.total else min(99, self.done * 100 // self.total)


class ExportCompletion(models.Model):
    """The file an export produced: written once, never changed."""

    export = models.OneToOneField(ReportExport, on_delete=models.PROTECT, related_name="completion")
    file = models.CharField(_("file"), max_length=200)
    rows = models.BigIntegerField(_("rows"))
    size = models.BigIntegerField(_("bytes"))
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    completed_at = models.DateTimeField(_("completed at"))

    class Meta:
        verbose_name = _("export completion")
        verbose_name_plural = _("export completions")

    def __str__(self) -> str:
        return f"{self.file} ({self.rows} rows)"
