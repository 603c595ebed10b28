"""Two runs of one periodic service that overlap for certain, for the PostgreSQL tests of beat tasks.

Two workers given the same beat tick (or a slow run and the next tick) race; a race left to the
scheduler overlaps only sometimes, and a test of it could pass on code that double counts. Here
the first run does all its work in a transaction it does not commit; the second starts then, and
the first commits only once the second waits on one of its locks (a row, or a unique index entry),
the worst moment for the second's reading of what is left to do.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections, transaction

from tests.cashier.helpers import wait_until_a_session_waits_on_a_lock

TIMEOUT = 30


def overlapping(run: Callable[[], Any]) -> tuple[Any, Any]:
    """What each of two overlapping ``run()`` returned (or raised), each in a thread with its own connection."""
    results: list[Any] = [None, None]
    first_wrote = threading.Event()
    commit = threading.Event()

    def first() -> None:
        try:
            with transaction.atomic():
                results[0] = run()
                first_wrote.set()
                if not commit.wait(TIMEOUT):
                    raise TimeoutError(f"the first run was not let commit within {TIMEOUT} s")
        except Exception as exc:  # the test reports what each run got
            results[0] = exc
        finally:
            first_wrote.set()
            connections.close_all()

    def second() -> None:
        try:
            results[1] = run()
        except Exception as exc:  # the test reports what each run got
            results[1] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    threads[0].start()
    try:
        assert first_wrote.wait(TIMEOUT), f"the first run did not finish its work within {TIMEOUT} s"
        threads[1].start()
        waited = wait_until_a_session_waits_on_a_lock(timeout=TIMEOUT)
    finally:
        commit.set()
        for thread in threads:
            if thread.ident is not None:
                thread.join(TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), f"a run did not end within {TIMEOUT} s: {results}"
    assert waited, f"the second run never waited on the first's locks, so they did not overlap: {results}"
    return results[0], results[1]
