"""A web worker killed under load is back within 2 s (issue #25): gunicorn started from production's own
settings (config/gunicorn.conf.py, the application loaded once by the master), clients asking for /healthz
without a pause, one worker SIGKILLed.

The project's tests never time how fast the room is; this one holds a recovery to the bound the issue sets:
from the kill to the first answer given by the worker that replaced it. A killed sync worker takes with it
the one request it was answering, if any: that request, sent before the kill, may get no answer; every
other request is answered 200. The master, which forks the workers, holds no connection to the database or
Redis that a worker could inherit."""

from __future__ import annotations

import http.client
import itertools
import os
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import connection

from tests.servers import GUNICORN_SETTINGS, NO_ANSWER, OwnRedis, Server, gunicorn, tcp_peer_ports, wait_until

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.real_clock,
]

WORKERS = int(GUNICORN_SETTINGS["workers"])
# Seconds from the kill to the first answer of the worker that replaced the killed one (issue #25).
BOUND = 2.0
# Clients asking without a pause, one per worker: a worker that is ready finds a request waiting.
CLIENTS = WORKERS


@dataclass(frozen=True)
class Sent:
    n: int
    started: float
    ended: float
    status: int | None  # None: no answer (the connection was reset or closed before a response)


class Load:
    """``CLIENTS`` threads asking for /healthz?n=<n> one after the other, each on a new connection."""

    def __init__(self, server: Server) -> None:
        self.server, self.numbers, self.stopping = server, itertools.count(), threading.Event()
        self.sent: list[Sent] = []
        self.threads = [threading.Thread(target=self._client, daemon=True) for _ in range(CLIENTS)]

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=NO_ANSWER + 5)

    def _client(self) -> None:
        while not self.stopping.is_set():
            n = next(self.numbers)
            client = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=NO_ANSWER)
            started = time.monotonic()
            try:
                client.request("GET", f"/healthz?n={n}")
                response = client.getresponse()
                response.read()
                status: int | None = response.status
            except (OSError, http.client.HTTPException):  # reset, closed, refused or timed out: no answer
                status = None
            finally:
                client.close()
            self.sent.append(Sent(n, started, time.monotonic(), status))

    def ended(self, n: int) -> float | None:
        return next((sent.ended for sent in self.sent if sent.n == n), None)


def _replacement(server: Server, first: list[int]) -> int | None:
    """The worker that took the killed one's place, once the master has all its workers again."""
    now = server.workers()
    new = [pid for pid in now if pid not in first]
    return new[0] if len(now) == WORKERS and new else None


def _answered_by(access_log: Path, pid: int) -> int | None:
    """The number of the first request of the load the worker ``pid`` answered, from gunicorn's access log
    (lines ``<pid> /healthz n=<n> 200``; the server's own start-up request has no number)."""
    for line in access_log.read_text().splitlines():
        worker, _path, query, _status = line.split(" ")
        if worker == f"<{pid}>" and query.startswith("n="):
            return int(query.removeprefix("n="))
    return None


def test_a_killed_web_worker_is_replaced_and_answering_within_two_seconds(
    transactional_db: None, on_postgres: None, redis_server: OwnRedis, tmp_path: Path
) -> None:
    access_log = tmp_path / "access.log"
    with gunicorn(tmp_path, {"REDIS_URL": redis_server.url}, workers=WORKERS, access_log=access_log) as server:
        with Load(server) as load:
            # The master answers once its first worker does; the others fork after it (seconds on a busy machine).
            wait_until(lambda: len(server.workers()) == WORKERS, timeout=30, what=f"{WORKERS} workers up")
            first = server.workers()
            assert len(first) == WORKERS, first
            wait_until(
                lambda: all(_answered_by(access_log, pid) is not None for pid in first),
                timeout=30,
                what="every worker answering",
                log=server.log_text,
            )

            victim = first[0]
            killed = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            replaced = wait_until(
                lambda: _replacement(server, first),
                timeout=30,
                what="the killed worker replaced",
                log=server.log_text,
                every=0.01,
            )
            forked = time.monotonic() - killed
            n = wait_until(
                lambda: _answered_by(access_log, replaced),
                timeout=30,
                what="the new worker answering",
                log=server.log_text,
                every=0.01,
            )
            answered = wait_until(lambda: load.ended(n), timeout=NO_ANSWER, what="its answer read", every=0.01)
            time.sleep(1)  # the load goes on a moment with every worker

        master_peers = tcp_peer_ports(server.pid)
        worker_peers = [port for pid in server.workers() for port in tcp_peer_ports(pid)]

    recovery = answered - killed
    in_flight = [sent for sent in load.sent if sent.started < killed < sent.ended]
    unanswered = [sent for sent in load.sent if sent.status != 200]
    print(f"replaced {forked:.3f} s and answering {recovery:.3f} s after the kill; {len(load.sent)} requests")
    assert recovery <= BOUND, (
        f"the killed worker's replacement first answered {recovery:.2f} s after the kill "
        f"(forked after {forked:.2f} s), more than {BOUND:.0f} s:\n{server.log_text()[-3000:]}"
    )
    assert in_flight, "no request was in flight when the worker was killed: not under load"
    # The killed worker's request in flight, if it had one, is the only one without an answer.
    assert all(sent.status is None and sent.started < killed for sent in unanswered), unanswered
    assert len(unanswered) <= 1, unanswered

    database, redis = int(connection.settings_dict["PORT"] or 5432), redis_server.port
    assert database in worker_peers, worker_peers  # the workers' kept connections: what the check looks for
    assert database not in master_peers and redis not in master_peers, master_peers
