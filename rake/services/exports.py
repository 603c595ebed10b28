"""Accountants' exports, written by a Celery task that survives a worker being killed.

The task (``rake.tasks.report_export_run``, acks late, rejected on worker
loss) calls ``export_run``: each attempt starts from scratch, writes its own
temporary file, renames it into place (atomic on one file system), and then
inserts the one ``ExportCompletion`` row the database allows per export. A
redelivered task finds the completion and stops; an attempt that loses the
race removes its own file. Files are served only through the download view.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import psycopg
from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from config.errors import DomainError, Forbidden, NotFound
from config.exports import CSV_TYPE, XLSX_TYPE
from config.models import JobStatus
from config.roles import Role, has_any_role
from config.services.jobs import (
    LeaseLost,
    job_claim,
    job_fail,
    job_heartbeat,
    job_retry,
    jobs_requeue,
    lease_end,
    pickup_end,
)
from config.services.outbox import send_on_commit
from rake.models import ExportCompletion, ExportContent, ExportFormat, ReportExport
from rake.selectors.exports import export_get_for
from rake.selectors.reports import GROUPS, ReportFilters, fee_report
from rake.services import exporters
from rooms.selectors import check_works_in, rooms_read
from tables.models import Table

EXPORT_ROLES = (Role.ACCOUNTANT,)
MAX_DAYS = 3660

# Sent by name: the task calls back into this module (rake.tasks).
EXPORT_TASK = "rake.tasks.report_export_run"


def export_dir() -> Path:
    return Path(settings.MEDIA_ROOT) / "exports" / "rake"


def check_filters(
    *, reader: Any, day_from: date, day_to: date, group_by: str, room_id: int | None, table_id: int | None = None
) -> ReportFilters:
    """The filters of a report ``reader`` asks for: of the room named (one the reader works in) or of every
    room the reader works in, and of a table of those rooms."""
    rooms = rooms_read(reader, room_id=room_id)
    if not rooms:
        raise Forbidden(_("You work in no room: there is no room to report on."), code="not_your_room")
    room_ids = tuple(sorted(room.pk for room in rooms))
    if table_id is not None:
        table_room = Table.objects.filter(pk=table_id).values_list("room_id", flat=True).first()
        if table_room is None:
            raise DomainError(_("Table %(id)s does not exist.") % {"id": table_id}, code="bad_table")
        check_works_in(reader, room_id=table_room)
        if table_room not in room_ids:
            raise DomainError(_("That table is not in the room of this report."), code="bad_table")
    if day_to < day_from:
        raise DomainError(_("The period ends before it starts."), code="bad_period")
    if (day_to - day_from).days >= MAX_DAYS:
        raise DomainError(_("A report covers at most ten years."), code="bad_period")
    if group_by not in GROUPS:
        raise DomainError(
            _("Group by one of %(groups)s.") % {"groups": ", ".join(GROUPS)}, code="bad_group", group_by=group_by
        )
    return ReportFilters(day_from=day_from, day_to=day_to, room_ids=room_ids, group_by=group_by, table_id=table_id)


def export_create(*, actor: User, format: str, content: str, filters: ReportFilters) -> ReportExport:
    """Record the export and queue its task once the transaction commits."""
    if not has_any_role(actor, EXPORT_ROLES):
        raise DomainError(_("Exports are for accountants."), code="forbidden", status=403)
    if format not in ExportFormat.values or content not in ExportContent.values:
        raise DomainError(_("Unknown export format or content."), code="bad_export")
    if format == ExportFormat.PDF and content != ExportContent.SUMMARY:
        raise DomainError(_("The PDF is the signed-off report: it prints the summary."), code="bad_export")
    with transaction.atomic():
        export = ReportExport.objects.create(
            format=format,
            content=content,
            filters=filters.as_json(),
            language=_requester_language(),
            deadline=pickup_end(),
            created_at=timezone.now(),
            created_by=actor,
        )
        send_on_commit(EXPORT_TASK, export.pk)
    return export


def _requester_language() -> str:
    """The language the request is answered in (the page's, or the API's Accept-Language), one the
    room offers; the room's default outside a request."""
    try:
        return translation.get_supported_language_variant(translation.get_language() or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


def _progress(export_id: int, attempt: int) -> exporters.Progress:
    def report(done: int) -> None:
        job_heartbeat(ReportExport, export_id, attempt, done=done)

    return report


@contextmanager
def _progress_aside(export_id: int, attempt: int) -> Iterator[exporters.Progress]:
    """Progress written through a connection of its own (opened at the first report), for while the
    export's connection streams a COPY and can run nothing else.

    SKIP LOCKED: a caller's open transaction holding the export row must not make the stream wait on
    it (the COPY's own connection would then never finish); the report is skipped instead. Reports are
    committed without waiting for the WAL flush (each flush a wait that adds up over a long export):
    a progress figure lost in a crash costs nothing, the completion row is written the usual way.
    Each report is also the attempt's heartbeat (``config.services.jobs``); a skipped one is not a lost lease.
    """
    side: psycopg.Connection[Any] | None = None
    table = ReportExport._meta.db_table

    def report(done: int) -> None:
        nonlocal side
        if side is None:
            side = psycopg.connect(**connection.get_connection_params(), autocommit=True)
            side.execute("SET synchronous_commit = off")
        side.execute(
            f"UPDATE {table} SET done = %s, deadline = %s"
            f" WHERE id = (SELECT id FROM {table} WHERE id = %s AND attempts = %s FOR UPDATE SKIP LOCKED)",
            [done, lease_end(), export_id, attempt],
        )

    try:
        yield report
    finally:
        if side is not None:
            side.close()


def _write(export: ReportExport, attempt: int, path: Path) -> int:
    filters = ReportFilters.from_json(export.filters)
    progress = _progress(export.pk, attempt)
    if export.format == ExportFormat.PDF:
        with translation.override(export.language):
            return exporters.write_pdf(path, filters, progress)
    rows: Any
    if export.content == ExportContent.DETAIL:
        header: exporters.Row = exporters.DETAIL_COLUMNS
        total = exporters.detail_queryset(filters).count()
        if export.format == ExportFormat.CSV and exporters.detail_by_copy():
            job_heartbeat(ReportExport, export.pk, attempt, total=total)
            with _progress_aside(export.pk, attempt) as aside:
                return exporters.copy_detail_csv(path, filters, aside)
        rows = exporters.detail_rows(filters)
    else:
        report = fee_report(filters)
        header, total, rows = exporters.summary_columns(filters), len(report.rows) + 1, exporters.summary_rows(report)
    job_heartbeat(ReportExport, export.pk, attempt, total=total)
    if export.format == ExportFormat.XLSX:
        return exporters.write_xlsx(path, header, rows, progress, title=_("Fees"))
    return exporters.write_csv(path, header, rows, progress)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _durable_rename(source: Path, target: Path) -> None:
    with source.open("rb") as f:
        os.fsync(f.fileno())
    os.replace(source, target)
    fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _clean_leftovers(directory: Path, export_id: int, attempt: int) -> None:
    """Files of earlier attempts that never completed (a killed worker leaves them)."""
    for stale in (*directory.glob(f".fees-{export_id}-*.part"), *directory.glob(f"fees-{export_id}-*")):
        number = stale.name.lstrip(".").split("-")[2].split(".")[0]
        if number.isdigit() and int(number) < attempt:
            stale.unlink(missing_ok=True)


def export_run(*, export_id: int) -> ExportCompletion | None:
    """Write the export's file from scratch and record its completion (once).

    None when this delivery has nothing to do: the export failed, or another attempt holds its lease.
    """
    done = ExportCompletion.objects.filter(export_id=export_id).first()
    if done is not None:
        return done
    try:
        attempt = job_claim(ReportExport, export_id, done=0)
    except ReportExport.DoesNotExist:
        raise NotFound(_("Export %(id)s does not exist.") % {"id": export_id}, export_id=export_id) from None
    if attempt is None:
        return ExportCompletion.objects.filter(export_id=export_id).first()
    export = ReportExport.objects.get(pk=export_id)
    directory = export_dir()
    directory.mkdir(parents=True, exist_ok=True)
    _clean_leftovers(directory, export.pk, attempt)
    name = f"fees-{export.pk}-{attempt}.{export.format}"
    partial, final = directory / f".{name}.part", directory / name
    try:
        rows = _write(export, attempt, partial)
        _durable_rename(partial, final)
        completion = ExportCompletion(
            export=export,
            file=name,
            rows=rows,
            size=final.stat().st_size,
            sha256=_sha256(final),
            completed_at=timezone.now(),
        )
        with transaction.atomic():
            completion.save(force_insert=True)
            ReportExport.objects.filter(pk=export.pk).update(
                status=JobStatus.DONE, done=rows, total=rows, deadline=None, error=""
            )
        return completion
    except IntegrityError:
        # Another delivery of the same task completed first: keep its file, drop ours.
        final.unlink(missing_ok=True)
        return ExportCompletion.objects.get(export_id=export.pk)
    except LeaseLost:
        # Beat re-queued the export while this attempt was silent; the attempt that took it over writes it.
        partial.unlink(missing_ok=True)
        return None
    except Exception as exc:
        partial.unlink(missing_ok=True)
        won = ExportCompletion.objects.filter(export_id=export.pk).first()
        if won is not None:  # a concurrent delivery finished it (and removed our partial file)
            return won
        job_fail(ReportExport, export.pk, attempt, str(exc))
        raise


def export_retry(*, actor: User, export_id: int) -> ReportExport:
    """Start a failed export again (the page's "Try again"): it keeps its filters and its number."""
    if not has_any_role(actor, EXPORT_ROLES):
        raise DomainError(_("Exports are for accountants."), code="forbidden", status=403)
    # One the accountant may read (every room it covers is theirs); another's is unknown to them (404).
    export_get_for(user=actor, export_id=export_id)
    if not job_retry(ReportExport, export_id, lambda pk: send_on_commit(EXPORT_TASK, pk)):
        raise DomainError(_("Only a failed export can be tried again."), code="export_not_failed", status=409)
    return ReportExport.objects.get(pk=export_id)


def exports_requeue() -> tuple[int, int]:
    """Re-queue the exports whose worker went silent or that no worker picked up; fail those tried too often."""
    return jobs_requeue(ReportExport, lambda pk: send_on_commit(EXPORT_TASK, pk))


def export_file(completion: ExportCompletion) -> Path:
    return export_dir() / completion.file


# The content type each format is sent with; the API schema documents these (rake.apis.money).
DOWNLOAD_TYPES = {ExportFormat.CSV: CSV_TYPE, ExportFormat.XLSX: XLSX_TYPE, ExportFormat.PDF: "application/pdf"}


def download_type(export: ReportExport) -> str:
    return DOWNLOAD_TYPES[ExportFormat(export.format)]


def download_name(export: ReportExport) -> str:
    filters = ReportFilters.from_json(export.filters)
    rooms, period = exporters.rooms_label(filters.room_ids), exporters.period_label(filters.day_from, filters.day_to)
    return f"fees-{rooms}-{export.content}-{period}.{export.format}"
