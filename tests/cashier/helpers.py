"""Threads behind a barrier, for the PostgreSQL concurrency tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from django.db import connection, connections


def run_concurrently(n: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``n`` threads released together; returns results or the exceptions raised."""
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n

    def worker(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[i] = work(i)
        except Exception as exc:  # the test inspects what each thread got
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results


def wait_until_a_session_waits_on_a_lock(timeout: float = 20) -> bool:
    """Poll (on this thread's connection) until another session of this database waits on a lock."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return True
        time.sleep(0.02)
    return False
