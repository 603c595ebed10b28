"""Exports on a full disk: each fails with "No space left on device", the worker keeps no file of the
failed attempts open (a deleted file still holds its space while a process has it open), so once the
disk is freed the next exports succeed in the same worker, without a restart (docs/production.md,
"A full disk").

The disk is a small tmpfs of the test's own, mounted for the test: the worker's media folder and its
temporary folder (openpyxl writes a workbook's rows to a temporary file before it zips them) both on it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from celery import Celery
from django.contrib.auth.models import User
from django.utils import timezone

from config.gaming_day import current_gaming_day
from config.models import JobStatus
from rake.models import ExportCompletion, ReportExport
from rake.selectors import ReportFilters
from rake.services.exports import EXPORT_TASK
from tests.factories import home_room
from tests.faults.conftest import small_disk
from tests.rake.helpers import insert_fee_rows
from tests.servers import CeleryWorker, OwnRedis, wait_until

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.real_clock,
]

# Fee records enough that every format's file is many times the room left on the disk.
ROWS = 3_000
# Bytes left free once the disk is filled: less than the smallest export (the PDF, with its fonts).
LEFT = 4096
KINDS = [("xlsx", "detail"), ("pdf", "summary"), ("csv", "detail")]


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_disk(tmp_path / "disk", megabytes=4) as mount:
        yield mount


@pytest.fixture
def worker(on_postgres: None, redis_server: OwnRedis, disk: Path, tmp_path: Path) -> Iterator[CeleryWorker]:
    (disk / "media").mkdir()
    (disk / "tmp").mkdir()
    env = {"REDIS_URL": redis_server.url, "CARDROOM_MEDIA_ROOT": str(disk / "media"), "TMPDIR": str(disk / "tmp")}
    worker = CeleryWorker(tmp_path, env)
    worker.start()
    try:
        yield worker
    finally:
        worker.stop()


def _exports(redis_server: OwnRedis, accountant: User, filters: ReportFilters) -> list[ReportExport]:
    """One export of each kind, queued straight to the worker's Redis (the test's own process has another)."""
    client = Celery(broker=redis_server.url, set_as_current=False)
    made = []
    for fmt, content in KINDS:
        export = ReportExport.objects.create(
            format=fmt, content=content, filters=filters.as_json(), created_at=timezone.now(), created_by=accountant
        )
        client.send_task(EXPORT_TASK, args=[export.pk])
        made.append(export)
    return made


def _settled(exports: list[ReportExport], worker: CeleryWorker) -> list[ReportExport]:
    ids = [e.pk for e in exports]
    wait_until(
        lambda: not ReportExport.objects.filter(pk__in=ids, status__in=[JobStatus.PENDING, JobStatus.RUNNING]).exists(),
        timeout=120,
        what="the exports finished or failed",
        log=worker.log_text,
    )
    return list(ReportExport.objects.filter(pk__in=ids).order_by("pk"))


def _files_open_on(disk: Path, worker: CeleryWorker) -> list[str]:
    """What the worker's processes (main process and pool) hold open on the disk, deleted or not."""
    assert worker.proc is not None
    held = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if os.getpgid(int(pid)) != worker.proc.pid:
                continue
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                # billiard's shared memory of the pool (a few pages, made when the worker starts) is not an export's
                if target.startswith(str(disk)) and not target.startswith(str(disk / "tmp" / "pymp-")):
                    held.append(f"{pid}: {target}")
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue  # a process that ended meanwhile
    return held


def _free(disk: Path) -> int:
    stat = os.statvfs(disk)
    return stat.f_bavail * stat.f_frsize


def test_exports_fail_on_a_full_disk_and_succeed_once_it_is_freed(
    worker: CeleryWorker,
    redis_server: OwnRedis,
    disk: Path,
    accountant: User,
    hand_table: Any,
    holdem: Any,
    dealer: User,
) -> None:
    day = current_gaming_day()
    insert_fee_rows(table_id=hand_table(holdem, dealer, players=0).pk, user_id=accountant.pk, day=day, rows=ROWS)
    filters = ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day)
    pid = worker.proc.pid if worker.proc else None
    empty = _free(disk)  # with the worker started, its pool's shared memory on the disk

    filler = disk / "filler"
    with filler.open("wb") as out:
        out.write(b"\0" * (empty - LEFT))
    for failed in _settled(_exports(redis_server, accountant, filters), worker):
        assert failed.status == JobStatus.FAILED, (failed.format, failed.status, failed.error)
        assert "No space left on device" in failed.error, (failed.format, failed.error)
    assert _files_open_on(disk, worker) == []

    filler.unlink()
    # Everything the failed attempts wrote is given back: nothing but the folders is left on the disk.
    assert empty - _free(disk) < 64 * 1024, f"{(empty - _free(disk)) // 1024} KiB still held"
    for done in _settled(_exports(redis_server, accountant, filters), worker):
        assert done.status == JobStatus.DONE, (done.format, done.status, done.error)
        assert ExportCompletion.objects.filter(export=done).count() == 1
    assert worker.alive() and worker.proc is not None and worker.proc.pid == pid and worker.starts == 1
    assert _files_open_on(disk, worker) == []
