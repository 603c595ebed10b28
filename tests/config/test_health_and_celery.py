"""/healthz and a Celery round trip through a real worker over Redis."""

from __future__ import annotations

import pytest
from celery import Celery
from django.conf import settings
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def test_healthz_is_healthy(request: pytest.FixtureRequest) -> None:
    if settings.REDIS_URL and not settings.CELERY_TASK_ALWAYS_EAGER:
        request.getfixturevalue("celery_worker_url")
    response = Client().get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert body["checks"]["database"] == "ok"


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
