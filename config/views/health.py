"""``/healthz``: the database always; Redis and a Celery worker when configured."""

from __future__ import annotations

from collections.abc import Callable

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app as celery_app


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def _redis() -> str:
    timeout = settings.REDIS_TIMEOUT
    client = redis.Redis.from_url(str(settings.REDIS_URL), socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        client.ping()
    finally:
        client.close()
    return "ok"


def _celery() -> str:
    replies = celery_app.control.ping(timeout=1.0)
    if not replies:
        raise RuntimeError("no worker answered a ping within 1 s")
    return f"ok ({len(replies)} worker{'s' if len(replies) != 1 else ''})"


# A part reached through another is not checked while that one fails: its check would only wait
# out the same dead connection again (the workers are pinged through Redis), and /healthz must
# answer within about one timeout.
_REACHED_THROUGH = {"celery": "redis"}


def checks() -> dict[str, Callable[[], str]]:
    found: dict[str, Callable[[], str]] = {"database": _database}
    if settings.REDIS_URL:
        found["redis"] = _redis
        if not settings.CELERY_TASK_ALWAYS_EAGER:
            found["celery"] = _celery
    return found


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    results: dict[str, str] = {}
    failing: list[str] = []
    for name, check in checks().items():
        through = _REACHED_THROUGH.get(name)
        if through in failing:
            results[name] = f"error: not checked, {through} is failing"
            failing.append(name)
            continue
        try:
            results[name] = check()
        except Exception as exc:
            results[name] = f"error: {exc}"
            failing.append(name)
    body = {"status": "fail" if failing else "ok", "failing": failing, "checks": results}
    return JsonResponse(body, status=503 if failing else 200)
