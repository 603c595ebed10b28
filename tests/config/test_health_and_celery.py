"""/healthz (the parts it checks, and the periodic work that is late) and a Celery round trip through a real
worker over Redis."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from celery import Celery
from django.conf import settings
from django.test import Client, override_settings
from django.utils import timezone

from config.models import PeriodicRun
from config.selectors.periodic import GRACE, periodic_late
from config.services.periodic import periodic_run_record, periodic_tasks

pytestmark = pytest.mark.django_db


def _all_ran(at: datetime | None = None) -> None:
    for task in periodic_tasks():
        periodic_run_record(task=task, at=at)


def test_healthz_is_healthy() -> None:
    _all_ran()
    response = Client().get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert (body["status"], body["late"], body["checks"]["periodic"]) == ("ok", [], "ok")
    assert body["checks"]["database"] == "ok"


def test_healthz_reports_periodic_work_that_has_not_run_on_time_as_degraded() -> None:
    """Beat stopped (or no worker takes its tasks): the room serves, so 200, but degraded, naming the work."""
    _all_ran()
    relay = settings.CELERY_BEAT_SCHEDULE["outbox-relay"]
    periodic_run_record(task=str(relay["task"]), at=timezone.now() - timedelta(hours=1))
    body = Client().get("/healthz").json()
    assert (body["status"], body["failing"], body["late"]) == ("degraded", [], ["outbox-relay"]), body
    assert body["checks"]["periodic"].startswith("late: outbox-relay (last ran "), body

    PeriodicRun.objects.all().delete()  # a room whose beat never started
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert sorted(response.json()["late"]) == sorted(settings.CELERY_BEAT_SCHEDULE)


def test_periodic_work_is_on_time_until_it_misses_two_runs_and_the_grace() -> None:
    now = timezone.now()
    every = timedelta(seconds=float(str(settings.CELERY_BEAT_SCHEDULE["outbox-relay"]["schedule"])))
    _all_ran(now)
    assert periodic_late(now=now + 2 * every + GRACE) == []
    assert [late.entry for late in periodic_late(now=now + 2 * every + GRACE + timedelta(seconds=1))][:1] == [
        "outbox-relay"
    ]


def test_a_periodic_task_that_succeeds_records_its_run_and_other_tasks_do_not() -> None:
    from config.tasks import outbox_relay_task, ping

    ping.apply(args=["x"])
    assert not PeriodicRun.objects.exists()
    outbox_relay_task.apply()
    assert list(PeriodicRun.objects.values_list("task", flat=True)) == [outbox_relay_task.name]


@pytest.mark.redis
def test_healthz_asks_no_worker(redis_url: str) -> None:
    """Redis configured and tasks not eager, but no worker listens where the app publishes: /healthz is
    healthy all the same, as it reads the periodic work's last runs instead of pinging workers (a ping
    waits out its whole timeout for their replies, on every call)."""
    _all_ran()
    with override_settings(REDIS_URL=redis_url, CELERY_TASK_ALWAYS_EAGER=False):
        response = Client().get("/healthz")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "ok"


@override_settings(REDIS_URL="redis://127.0.0.1:1/0")
def test_healthz_is_503_naming_redis_when_redis_is_down() -> None:
    response = Client().get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert "redis" in body["failing"]
    assert body["checks"]["redis"].startswith("error:")
    assert body["checks"]["database"] == "ok"


@pytest.mark.celery_worker
def test_celery_round_trip_through_a_real_worker(celery_worker_url: str) -> None:
    client = Celery(broker=celery_worker_url, backend=celery_worker_url, set_as_current=False)
    result = client.send_task("config.tasks.ping", args=["table-7"])
    assert result.get(timeout=20) == "pong:table-7"


def test_celery_is_configured_to_survive_worker_loss() -> None:
    from config.celery import app

    assert app.conf.task_acks_late is True
    assert app.conf.task_reject_on_worker_lost is True
    assert app.conf.task_serializer == "json"
    assert app.conf.accept_content == ["json"]


def test_tasks_leave_only_on_commit(django_capture_on_commit_callbacks: object) -> None:
    from django.db import transaction

    from config.services.outbox import send_on_commit
    from config.tasks import ping

    with pytest.raises(RuntimeError), transaction.atomic():
        send_on_commit(ping.name, "lost")
        raise RuntimeError("rolled back")
    with django_capture_on_commit_callbacks() as callbacks:  # type: ignore[operator]
        send_on_commit(ping.name, "kept")
    assert len(callbacks) == 1
