"""Real processes for the outage tests: a Redis of the test's own, and gunicorn over the test database.

An outage is only what it is to a process that keeps its connections between
requests and runs Django's request cycle (connections checked and closed at
its edges), which the test client leaves out. Every wait is bounded, and every
process is stopped when its context ends.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import runpy
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from tests.conftest import ROOT, port_open, require

# Seconds a request may go unanswered before the test fails (a hung request, not a slow one).
NO_ANSWER = 15


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def children(pid: int) -> list[int]:
    """The ids of the processes ``pid`` started (a Celery worker's pool, gunicorn's workers), in order."""
    found: list[int] = []
    for thread in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (thread / "children").read_text().split()]
    return sorted(found)


def _wait_for(what: str, port: int, proc: subprocess.Popen[Any], log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"{what} exited with {proc.returncode}: {log.read_text()[-3000:]}")
        if port_open("127.0.0.1", port):
            return
        time.sleep(0.1)
    pytest.fail(f"{what} did not listen on port {port} within {timeout:.0f} s: {log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen[Any]) -> None:
    """SIGTERM, then after 10 s SIGKILL to the whole process group (gunicorn's worker with its master).

    Every process here starts in a session of its own, so its group is its own and its children's.
    """
    if proc.poll() is None:
        proc.send_signal(signal.SIGCONT)  # a stopped process acts on SIGTERM only once continued
        proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


class OwnRedis:
    """A redis-server of the test's own on a free port: the test may stop, kill and restart it (on the same
    port, empty, as a restarted Redis that keeps nothing on disk), never the shared one."""

    def __init__(self, tmp_path: Path) -> None:
        binary = shutil.which("redis-server")
        require(binary is not None, "redis-server is not installed")
        assert binary is not None
        self.binary, self.port, self.log = binary, free_port(), tmp_path / "redis.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        _wait_for("redis-server", self.port, self.proc, self.log, timeout=10)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None:
            _stop(self.proc)


@contextmanager
def own_redis(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A redis-server on a free port, and its URL: the test may stop or kill it, never the shared one."""
    redis = OwnRedis(tmp_path)
    redis.start()
    try:
        assert redis.proc is not None
        yield redis.proc, redis.url
    finally:
        redis.stop()


def database_url(*, user: str | None = None) -> str:
    """The test database's URL, for a process of its own (the test's rows must be committed to be seen): as
    the test's connection's user (the runtime role on PostgreSQL, ``tests.database_roles``), or ``user``."""
    db = connection.settings_dict
    auth = quote(user or db["USER"] or "") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{quote(db['NAME'])}"


@dataclass(frozen=True)
class Reply:
    status: int
    headers: Message
    body: Any  # the decoded JSON, or the text
    seconds: float  # to the last byte


@dataclass(frozen=True)
class Server:
    port: int
    log: Path
    pid: int  # gunicorn's master

    def workers(self) -> list[int]:
        """The master's worker processes, by process id."""
        return children(self.pid)

    def request(self, method: str, path: str, *, body: object = None, headers: dict[str, str] | None = None) -> Reply:
        client = http.client.HTTPConnection("127.0.0.1", self.port, timeout=NO_ANSWER)
        payload = None if body is None else json.dumps(body)
        sent = {"Content-Type": "application/json", **(headers or {})}
        started = time.monotonic()
        try:
            client.request(method, path, body=payload, headers=sent)
            response = client.getresponse()
            data = response.read()
        except TimeoutError:
            pytest.fail(f"{method} {path}: no answer within {NO_ANSWER} s")
        finally:
            client.close()
        seconds = time.monotonic() - started
        is_json = (response.getheader("Content-Type") or "").startswith("application/json")
        return Reply(response.status, response.headers, json.loads(data) if is_json else data.decode(), seconds)

    def log_text(self) -> str:
        return self.log.read_text()


def _wait_for_worker(server: Server, proc: subprocess.Popen[Any], timeout: float) -> None:
    """Until the worker has loaded the project and answers (the master listens before)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"gunicorn exited with {proc.returncode}: {server.log_text()[-3000:]}")
        client = http.client.HTTPConnection("127.0.0.1", server.port, timeout=max(deadline - time.monotonic(), 0.1))
        try:
            client.request("GET", "/login/")
            client.getresponse().read()
            return
        except OSError:
            time.sleep(0.1)
        finally:
            client.close()
    pytest.fail(f"gunicorn's worker did not answer within {timeout:.0f} s: {server.log_text()[-3000:]}")


def process_env(env: dict[str, str]) -> dict[str, str]:
    """A clean environment (none of the test run's own ``DATABASE_*``, ``REDIS_*``, ``DJANGO_*``, ``CELERY_*``,
    ``CARDROOM_*``) for a process over the test database, plus ``env``."""
    own = ("DATABASE_", "REDIS_", "DJANGO_", "CELERY_", "CARDROOM_")
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(own)},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_DEBUG": "false",
        # The test's: a session the test opens (``session_cookie``) is signed with it.
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": database_url(),
        "CARDROOM_MEDIA_ROOT": str(settings.MEDIA_ROOT),
        **env,
    }


# The web processes as docs/production.md ("The processes") starts them, from production's own settings;
# a server here adds its port, its application module (``tests.production_wsgi``) and its number of workers.
GUNICORN_COMMAND = "gunicorn -c config/gunicorn.conf.py"
GUNICORN_SETTINGS = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))


@contextmanager
def gunicorn(
    tmp_path: Path, env: dict[str, str], *, workers: int = 1, access_log: Path | None = None
) -> Iterator[Server]:
    """gunicorn as production runs it (``GUNICORN_COMMAND``: sync workers, one thread each, their connections
    kept between requests, the application loaded before the fork) over the test database, with DEBUG off
    so errors get the room's own pages (``tests.production_wsgi``), on a port of its own.

    ``env`` adds to a clean environment (``process_env``): whatever the test sets, such as ``REDIS_URL``.
    ``access_log`` is where each answer is written as ``<pid> path query status`` (the worker's pid).
    """
    port = free_port()
    log = tmp_path / "gunicorn.log"
    full = process_env(env)
    app = "tests.production_wsgi:application"
    cmd = [sys.executable, "-m", *GUNICORN_COMMAND.split(), app]  # in ROOT, where the config's path starts
    cmd += ["-b", f"127.0.0.1:{port}", "-w", str(workers)]
    if access_log is not None:
        cmd += ["--access-logfile", str(access_log), "--access-logformat", "%(p)s %(U)s %(q)s %(s)s"]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=full, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for("gunicorn", port, proc, log, timeout=60)
        server = Server(port=port, log=log, pid=proc.pid)
        _wait_for_worker(server, proc, timeout=60)
        yield server
    finally:
        _stop(proc)


def tcp_peer_ports(pid: int) -> list[int]:
    """The remote ports of the TCP connections process ``pid`` holds open (IPv4 and IPv6), from /proc."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        target = os.readlink(fd)
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    ports = []
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in inodes:  # local address, remote address (hex ip:port), ..., inode
                ports.append(int(fields[2].rsplit(":", 1)[1], 16))
    return sorted(ports)


def session_cookie(user: Any) -> dict[str, str]:
    """The header of a browser logged in as ``user`` (the session is in the database)."""
    browser = Client()
    browser.force_login(user)
    return {"Cookie": f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"}


# The worker and beat as docs/production.md ("The processes") starts them, beat a process of its own; the
# tests add only what makes a run theirs (a log, a beat schedule file, a fixed number of pool processes).
WORKER_COMMAND = "celery -A config worker -l info"
BEAT_COMMAND = "celery -A config beat -l info"

# A line of the worker's log about one task: "Task rake.tasks.report_export_run[<id>] received", then
# "succeeded in ...", "raised unexpected: ...", "retry: ..." when the pool process is done with it.
_TASK_LINE = re.compile(r"Task (\S+)\[([0-9a-f-]{36})\] (\w+)")
# The worker's log line each time its consumer connects to Redis.
CONNECTED = "Connected to "


class _CeleryProcess:
    """A ``celery`` command over the test database, in a process group of its own so that ``kill`` takes
    the whole of it (a worker's main process and pool) the way a crashed host or an OOM kill would."""

    name = ""
    command = ""
    ready = ""  # the log line that says it has started

    def __init__(self, tmp_path: Path, env: dict[str, str]) -> None:
        self.tmp_path, self.env = tmp_path, process_env(env)
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def log(self) -> Path:
        return self.tmp_path / f"{self.name}-{self.starts}.log"

    def arguments(self) -> list[str]:
        return []

    def start(self) -> None:
        self.starts += 1
        # ``python -m celery``: the virtualenv's, whatever PATH the test run has.
        cmd = [sys.executable, "-m", *self.command.split(), *self.arguments()]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + 60
        while self.ready not in self.log.read_text(errors="replace"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"celery {self.name} did not start: {self.log_text()}")
            time.sleep(0.1)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL to the whole group: nothing finishes, nothing is acknowledged, nothing is given back."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None:
            _stop(self.proc)

    def log_text(self) -> str:
        return "\n".join(
            f"--- {self.name} start {n} ---\n"
            + (self.tmp_path / f"{self.name}-{n}.log").read_text(errors="replace")[-4000:]
            for n in range(1, self.starts + 1)
        )


class CeleryWorker(_CeleryProcess):
    """``celery worker`` as production runs it (``WORKER_COMMAND``: prefork, with gossip, mingle and
    heartbeats), with two pool processes: production's default on the room's two-core machines, fixed so
    that the machine running the tests does not change what they test. Two is also the fewest at which one
    process can hold a task while the consumer waits on Redis for the other's next one."""

    name = "worker"
    command = WORKER_COMMAND
    ready = "ready."

    def arguments(self) -> list[str]:
        return ["--concurrency", "2"]

    def pids(self) -> tuple[int, list[int]]:
        """The main process and its pool processes: the same after an outage if the worker lived through it."""
        assert self.proc is not None
        return self.proc.pid, children(self.proc.pid)

    def holding(self) -> dict[str, str]:
        """The tasks the worker received since its consumer last connected to Redis and its pool has not
        finished, id to name, from its log. (A task that could not store its result during an outage leaves
        no line saying it finished, so the tasks of earlier connections are left out.)"""
        text = self.log.read_text(errors="replace")
        held: dict[str, str] = {}
        for name, task_id, what in _TASK_LINE.findall(text[text.rfind(CONNECTED) :]):
            if what == "received":
                held[task_id] = name
            else:
                held.pop(task_id, None)
        return held


class CeleryBeat(_CeleryProcess):
    """``celery beat`` as production runs it (``BEAT_COMMAND``): exactly one, a process of its own."""

    name = "beat"
    command = BEAT_COMMAND
    ready = "beat: Starting..."

    def arguments(self) -> list[str]:
        return ["-s", str(self.tmp_path / "beat-schedule")]


def wait_until[T](
    predicate: Callable[[], T | None],
    *,
    timeout: float,
    what: str,
    log: Callable[[], str] | None = None,
    every: float = 0.2,
) -> T:
    """Poll ``predicate`` until it returns something true; fail naming ``what`` (and the log) after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    pytest.fail(f"not {what} within {timeout:.0f} s" + (f"\n{log()}" if log else ""))
