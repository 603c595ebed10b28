"""Exports through a REAL Celery worker over Redis on PostgreSQL (controls, test 28): a clean run, then a
worker SIGKILLed mid-export. The task (acks late, rejected on worker loss) is redelivered to a restarted
worker, runs again from scratch, and leaves exactly one complete file, identical to the clean run's.

The export streams by COPY, several times faster than the Python writer, so the worker is caught early:
a million rows, progress polled every 5 ms, and SIGKILL (as immediate as a SIGSTOP would be) the moment
50,000 rows are reported, with some 950,000 still to write."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import timezone

from config.gaming_day import current_gaming_day
from config.models import JobStatus
from rake.models import ExportCompletion, ReportExport
from rake.selectors import ReportFilters
from rake.services import export_create
from rake.services.exports import export_dir, export_file
from tests.factories import home_room
from tests.rake.helpers import insert_fee_rows
from tests.servers import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.celery_worker, pytest.mark.real_clock]

ROWS = 1_000_000


def _lines(path: Path) -> int:
    with path.open("rb") as f:
        return sum(block.count(b"\n") for block in iter(lambda: f.read(1 << 20), b""))


def test_an_export_survives_a_worker_killed_mid_export(rake_worker, accountant, open_table, holdem_ring) -> None:
    table = open_table(holdem_ring)
    day = current_gaming_day()
    insert_fee_rows(table_id=table.pk, user_id=accountant.pk, day=day, rows=ROWS)
    filters = ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day)

    clean = export_create(actor=accountant, format="csv", content="detail", filters=filters)
    clean_done = wait_until(
        lambda: ExportCompletion.objects.filter(export=clean).first(),
        timeout=120,
        what="the clean run",
        log=rake_worker.log,
    )
    assert clean_done.rows == ROWS

    killed = export_create(actor=accountant, format="csv", content="detail", filters=filters)
    wait_until(
        lambda: ReportExport.objects.filter(pk=killed.pk, status=JobStatus.RUNNING, done__gte=50_000).exists(),
        timeout=60,
        what="the export under way",
        log=rake_worker.log,
        every=0.005,
    )
    rake_worker.kill()
    killed.refresh_from_db()
    assert killed.status == JobStatus.RUNNING and killed.done < ROWS
    assert not ExportCompletion.objects.filter(export=killed).exists()
    assert list(export_dir().glob(f".fees-{killed.pk}-1.csv.part"))  # the dead attempt's temporary file
    # A delivery while the dead attempt's lease is live is a duplicate and does nothing (the beat's requeue
    # takes the job up after it ends): the redelivery under test comes after the lease, as a restart does.
    wait_until(
        lambda: ReportExport.objects.filter(pk=killed.pk, deadline__lt=timezone.now()).first(),
        timeout=30,
        what="the dead attempt's lease to end",
    )

    rake_worker.start()
    done = wait_until(
        lambda: ExportCompletion.objects.filter(export=killed).first(),
        timeout=180,
        what="the rerun",
        log=rake_worker.log,
    )
    killed.refresh_from_db()
    assert killed.status == JobStatus.DONE and killed.attempts >= 2
    assert ExportCompletion.objects.filter(export=killed).count() == 1
    assert (done.rows, done.sha256) == (ROWS, clean_done.sha256)  # no row lost, none twice
    assert _lines(export_file(done)) == ROWS + 1
    leftovers = sorted(
        p.name for p in export_dir().iterdir() if p.name.startswith((f"fees-{killed.pk}-", f".fees-{killed.pk}-"))
    )
    assert leftovers == [done.file]
