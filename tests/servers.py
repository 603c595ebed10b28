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
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
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


@contextmanager
def own_redis(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A redis-server on a free port, and its URL: the test may stop or kill it, never the shared one."""
    binary = shutil.which("redis-server")
    require(binary is not None, "redis-server is not installed")
    assert binary is not None
    port = free_port()
    log = tmp_path / "redis.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_for("redis-server", port, proc, log, timeout=10)
        yield proc, f"redis://127.0.0.1:{port}/0"
    finally:
        _stop(proc)


def database_url() -> str:
    """The test database's URL, for a process of its own (the test's rows must be committed to be seen)."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
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


@contextmanager
def gunicorn(tmp_path: Path, env: dict[str, str]) -> Iterator[Server]:
    """One sync gunicorn worker (one thread, its connections kept between requests) over the test database,
    configured as in production: DEBUG off, so errors get the room's own pages (``tests.production_wsgi``).

    ``env`` adds to a clean environment (none of the test run's own ``DATABASE_*``, ``REDIS_*``,
    ``DJANGO_*``, ``CELERY_*``): whatever the test sets, such as ``REDIS_URL``.
    """
    port = free_port()
    log = tmp_path / "gunicorn.log"
    own = ("DATABASE_", "REDIS_", "DJANGO_", "CELERY_")
    full = {
        **{k: v for k, v in os.environ.items() if not k.startswith(own)},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_DEBUG": "false",
        # The test's: a session the test opens (``session_cookie``) is signed with it.
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": database_url(),
        **env,
    }
    app = "tests.production_wsgi:application"
    cmd = [sys.executable, "-m", "gunicorn", app, "-b", f"127.0.0.1:{port}", "-w", "1"]
    cmd += ["--timeout", "30", "--graceful-timeout", "5"]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=full, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for("gunicorn", port, proc, log, timeout=60)
        server = Server(port=port, log=log)
        _wait_for_worker(server, proc, timeout=60)
        yield server
    finally:
        _stop(proc)


def session_cookie(user: Any) -> dict[str, str]:
    """The header of a browser logged in as ``user`` (the session is in the database)."""
    browser = Client()
    browser.force_login(user)
    return {"Cookie": f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"}
