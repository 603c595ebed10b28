"""Exports when a part dies mid-file: Redis killed while an export runs, then the whole worker killed
while another runs. The worker lives through Redis's death and serves the work sent once Redis is back,
with the same processes; after the worker's own kill and restart each export has one complete file and
one completion record, and nothing stays queued or running (docs/production.md, "The worker and beat"
and "Long work: exports")."""

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
from tests.factories import api_key, home_room
from tests.rake.helpers import insert_fee_rows
from tests.servers import CONNECTED, CeleryBeat, CeleryWorker, OwnRedis, Server, wait_until

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.real_clock,
]

# Seconds Redis stays down: longer than the worker's connection timeouts and first reconnection tries.
OUTAGE = 3
# Times Redis is killed, each time under an export of its own. Which of the worker's connections to Redis
# (the one waiting for tasks, the one for broadcasts) reads its death first is a matter of chance; only when
# the broadcasts' did, did the close end the worker (config/broker.py): eight kills in nine before the
# repair, so three all but always find it.
KILLS = 3
# Enough fee records that the Python writer (XLSX) takes several seconds: the kill lands mid-file.
ROWS = 15_000
EXPORT_TASK = "rake.tasks.report_export_run"


@pytest.fixture
def worker(room: tuple[Server, CeleryWorker]) -> CeleryWorker:
    return room[1]


def _export(
    room: tuple[Server, CeleryWorker], accountant: User, filters: ReportFilters, *, fmt: str = "xlsx"
) -> ReportExport:
    """Asked for as the accountant's page or device does: the web process writes it and queues its task."""
    auth = {"Authorization": f"Token {api_key(accountant)}"}
    body = {"day_from": filters.day_from.isoformat(), "day_to": filters.day_to.isoformat()}
    reply = room[0].request(
        "POST", "/api/v1/fee-exports/", body={**body, "format": fmt, "content": "detail"}, headers=auth
    )
    assert reply.status == 202, reply.body
    return ReportExport.objects.get(pk=reply.body["id"])


def _fee_rows(table: Table, user: User) -> ReportFilters:
    day = current_gaming_day()
    insert_fee_rows(table_id=table.pk, user_id=user.pk, day=day, rows=ROWS)
    return ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day)


def _under_way(export: ReportExport, worker: CeleryWorker) -> None:
    wait_until(
        lambda: ReportExport.objects.filter(pk=export.pk, status=JobStatus.RUNNING, done__gt=0).exists(),
        timeout=60,
        what="the export under way",
        log=worker.log_text,
        every=0.02,
    )


def _holds_only_the_export(worker: CeleryWorker, export: ReportExport) -> bool:
    """The worker runs the export and holds no other task, and still does a moment later (a task whose line
    says it finished is acknowledged a few milliseconds after): its other pool process is free, so its
    consumer is waiting on Redis for the next task. A connection that dies then, under the unacknowledged
    export, is the one kombu's close turned into ``AttributeError: 'NoneType' object has no attribute
    'hostname'``, which ended the worker (``config/broker.py``). The periodic tasks beat sends every second
    take that process now and then; a kill that lands then does not show it."""
    held = worker.holding()
    if set(held.values()) - {EXPORT_TASK} or not _running(export):
        return False
    time.sleep(0.2)
    return worker.holding() == held and _running(export)


def _running(export: ReportExport) -> bool:
    return ReportExport.objects.filter(pk=export.pk, status=JobStatus.RUNNING).exists()


def _redis_killed_under(export: ReportExport, worker: CeleryWorker, redis_server: OwnRedis) -> None:
    """Redis killed while the worker runs ``export`` and holds nothing else, and started again (empty)
    ``OUTAGE`` seconds later: the worker must live through it and connect to Redis again by itself."""
    wait_until(
        lambda: _holds_only_the_export(worker, export),
        timeout=30,
        what="the export the only task held",
        log=worker.log_text,
    )
    connected = worker.log.read_text().count(CONNECTED)
    redis_server.kill()  # the export's message is unacknowledged
    time.sleep(OUTAGE)
    redis_server.start()
    wait_until(
        lambda: worker.log.read_text().count(CONNECTED) > connected,
        timeout=30,
        what="the worker connected to Redis again",
        log=worker.log_text,
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
    started = worker.pids()

    # Redis dies under a running export and comes back empty (it keeps nothing on disk), three times; each
    # export after the first is work sent once Redis was back, taken by the worker that lived through it.
    for _ in range(KILLS):
        export = _export(room, accountant, filters)
        _under_way(export, worker)
        _redis_killed_under(export, worker, redis_server)
        _finished_once(export, worker)

    # So is the work sent after the last outage, and by the same processes: the worker's main process and
    # its pool processes, none of them started again.
    _finished_once(_export(room, accountant, filters, fmt="csv"), worker)
    assert (worker.pids(), worker.starts) == (started, 1), worker.log_text()

    # The whole worker (main process and pool) dies under a running export and is restarted.
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
    worker: CeleryWorker, beat: CeleryBeat, redis_server: OwnRedis, accountant: User
) -> None:
    """An export whose message Redis lost (written, never delivered) is re-queued by beat and completes;
    one that nothing ever takes is failed, with the reason, after the bounded number of re-queues."""
    day = current_gaming_day()
    filters = ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day).as_json()
    past = timezone.now() - timedelta(minutes=1)

    def lost() -> ReportExport:
        return ReportExport.objects.create(
            format="csv", content="summary", filters=filters, deadline=past, created_at=past, created_by=accountant
        )

    found = lost()
    wait_until(lambda: ExportCompletion.objects.filter(export=found).exists(), timeout=60, what="re-queued")
    found.refresh_from_db()
    assert (found.status, found.requeues, found.attempts) == (JobStatus.DONE, 1, 1)

    worker.kill()
    beat.kill()  # the sweep runs here, as beat would, with nothing taking the work
    hopeless = lost()
    for _ in range(settings.CARDROOM_JOB_REQUEUES + 1):
        jobs_requeue(ReportExport, lambda pk: None)
        ReportExport.objects.filter(pk=hopeless.pk).update(deadline=past)
    hopeless.refresh_from_db()
    assert hopeless.status == JobStatus.FAILED and hopeless.requeues == settings.CARDROOM_JOB_REQUEUES
    assert hopeless.error == JobFailure.NO_PICKUP, hopeless.error
