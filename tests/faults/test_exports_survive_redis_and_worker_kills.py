"""Exports when a part dies mid-file: Redis killed while an export runs, then the whole worker killed
while another runs. After the restarts each export has one complete file and one completion record,
and nothing stays queued or running (docs/production.md, "Long work: exports")."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from config.gaming_day import current_gaming_day
from config.models import JobFailure, JobStatus
from config.services.jobs import LIVE, jobs_requeue
from rake.models import ExportCompletion, ReportExport
from rake.selectors import ReportFilters
from rake.services.exports import export_dir, export_file
from tables.models import Table
from tests.factories import api_key
from tests.rake.helpers import insert_fee_rows
from tests.servers import CeleryWorker, OwnRedis, Server, wait_until

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.real_clock,
]

# Seconds Redis stays down: longer than the worker's connection timeouts and first reconnection tries.
OUTAGE = 5
# Enough fee records that the Python writer (XLSX) takes several seconds: the kill lands mid-file.
ROWS = 60_000


@pytest.fixture
def worker(room: tuple[Server, CeleryWorker]) -> CeleryWorker:
    return room[1]


def _export(room: tuple[Server, CeleryWorker], accountant: User, filters: ReportFilters) -> ReportExport:
    """Asked for as the accountant's page or device does: the web process writes it and queues its task."""
    auth = {"Authorization": f"Token {api_key(accountant)}"}
    body = {"day_from": filters.day_from.isoformat(), "day_to": filters.day_to.isoformat()}
    reply = room[0].request(
        "POST", "/api/v1/fee-exports/", body={**body, "format": "xlsx", "content": "detail"}, headers=auth
    )
    assert reply.status == 202, reply.body
    return ReportExport.objects.get(pk=reply.body["id"])


def _fee_rows(table: Table, user: User) -> ReportFilters:
    day = current_gaming_day()
    insert_fee_rows(table_id=table.pk, user_id=user.pk, day=day, rows=ROWS)
    return ReportFilters(day_from=day, day_to=day)


def _under_way(export: ReportExport, worker: CeleryWorker) -> None:
    wait_until(
        lambda: ReportExport.objects.filter(pk=export.pk, status=JobStatus.RUNNING, done__gt=0).exists(),
        timeout=60,
        what="the export under way",
        log=worker.log_text,
        every=0.02,
    )


def _finished_once(export: ReportExport, worker: CeleryWorker) -> ExportCompletion:
    done = wait_until(
        lambda: ExportCompletion.objects.filter(export=export).first(),
        timeout=90,
        what=f"export {export.pk} completed",
        log=worker.log_text,
    )
    export.refresh_from_db()
    assert export.status == JobStatus.DONE and export.done == ROWS, (export.status, export.error)
    assert ExportCompletion.objects.filter(export=export).count() == 1
    assert done.rows == ROWS and export_file(done).stat().st_size == done.size
    others = [p.name for p in export_dir().iterdir() if f"-{export.pk}-" in p.name and p.name != done.file]
    assert others == [], others  # no second file, no partial file left
    return done


def test_redis_killed_then_the_whole_worker_killed_mid_export(
    room: tuple[Server, CeleryWorker],
    worker: CeleryWorker,
    redis_server: OwnRedis,
    accountant: User,
    hand_table: Any,
    holdem: Any,
    dealer: User,
) -> None:
    filters = _fee_rows(hand_table(holdem, dealer, players=0), accountant)

    # Redis dies under a running export and comes back empty (it keeps nothing on disk).
    first = _export(room, accountant, filters)
    _under_way(first, worker)
    redis_server.kill()  # the export's message is unacknowledged: the worker must live through the outage
    time.sleep(OUTAGE)
    assert worker.alive(), worker.log_text()
    redis_server.start()
    _finished_once(first, worker)
    assert worker.alive(), worker.log_text()

    # The whole worker (main process, pool and beat) dies under a running export and is restarted.
    second = _export(room, accountant, filters)
    _under_way(second, worker)
    worker.kill()
    second.refresh_from_db()
    assert second.status == JobStatus.RUNNING and second.done < ROWS
    worker.start()
    _finished_once(second, worker)
    second.refresh_from_db()
    assert second.attempts == 2 and second.requeues == 1  # taken over once its lease expired

    assert not ReportExport.objects.filter(status__in=LIVE).exists()


def test_work_no_worker_picks_up_is_requeued_then_failed_with_the_reason(
    worker: CeleryWorker, redis_server: OwnRedis, accountant: User
) -> None:
    """An export whose message Redis lost (written, never delivered) is re-queued by beat and completes;
    one that nothing ever takes is failed, with the reason, after the bounded number of re-queues."""
    day = current_gaming_day()
    filters = ReportFilters(day_from=day, day_to=day).as_json()
    past = timezone.now() - timedelta(minutes=1)

    def lost() -> ReportExport:
        return ReportExport.objects.create(
            format="csv", content="summary", filters=filters, deadline=past, created_at=past, created_by=accountant
        )

    found = lost()
    wait_until(lambda: ExportCompletion.objects.filter(export=found).exists(), timeout=60, what="re-queued")
    found.refresh_from_db()
    assert (found.status, found.requeues, found.attempts) == (JobStatus.DONE, 1, 1)

    worker.kill()  # and beat with it: the sweep runs here, as beat would, with nothing taking the work
    hopeless = lost()
    for _ in range(settings.CARDROOM_JOB_REQUEUES + 1):
        jobs_requeue(ReportExport, lambda pk: None)
        ReportExport.objects.filter(pk=hopeless.pk).update(deadline=past)
    hopeless.refresh_from_db()
    assert hopeless.status == JobStatus.FAILED and hopeless.requeues == settings.CARDROOM_JOB_REQUEUES
    assert hopeless.error == JobFailure.NO_PICKUP, hopeless.error
