"""``/healthz``: the database and, when configured, Redis; and whether the periodic work runs on time.

A failing part answers 503. Periodic work that has not run on time (beat stopped, or no worker takes its
tasks) answers 200 with ``"status": "degraded"`` and the late entries: the room serves, but its relay,
lease sweep and expiries wait. The check is one query of the last runs that beat's tasks record
(``config.selectors.periodic``), never a broadcast to the workers: a Celery ping waits out its whole
timeout for replies (a second, on every call), and /healthz answers within a few milliseconds when the
room is healthy.
"""

from __future__ import annotations

from collections.abc import Callable

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from config.selectors.periodic import Late, periodic_late


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


def checks() -> dict[str, Callable[[], str]]:
    found: dict[str, Callable[[], str]] = {"database": _database}
    if settings.REDIS_URL:
        found["redis"] = _redis
    return found


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    results: dict[str, str] = {}
    failing: list[str] = []
    for name, check in checks().items():
        try:
            results[name] = check()
        except Exception as exc:
            results[name] = f"error: {exc}"
            failing.append(name)
    late: list[Late] = []
    if "database" in failing:  # the last runs are in the database: their query would only fail again
        results["periodic"] = "not checked, database is failing"
    else:
        late = periodic_late()
        results["periodic"] = "late: " + "; ".join(map(str, late)) if late else "ok"
    status = "fail" if failing else "degraded" if late else "ok"
    body = {"status": status, "failing": failing, "late": [entry.entry for entry in late], "checks": results}
    return JsonResponse(body, status=503 if failing else 200)
