"""``make run`` is one command for the whole room: ``manage.py run_room`` serves the pages and runs the
periodic work beside them (beat, with tasks run in its own process: no broker server). Checked on a
room of its own (a fresh SQLite file): a task left in the outbox is published by beat's relay, and
stopping the server stops the periodic work too."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.servers import free_port, wait_until

pytestmark = pytest.mark.slow


def test_run_room_serves_and_runs_the_periodic_work(tmp_path: Path) -> None:
    database = tmp_path / "room.sqlite3"
    own = ("DATABASE_", "REDIS_", "CELERY_", "CARDROOM_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(own)}
    env |= {
        "DATABASE_URL": f"sqlite:///{database}",
        "CARDROOM_RELAY_SECONDS": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300)
    with sqlite3.connect(database) as db:
        db.execute(
            "INSERT INTO config_outboxmessage (task, args, kwargs, created_at, attempts, last_error)"
            " VALUES ('config.tasks.ping', '[\"left over\"]', '{}', '2026-01-01 00:00:00', 1, 'broker unreachable')"
        )

    port = free_port()
    log = tmp_path / "run_room.log"
    with log.open("wb") as out:
        room = subprocess.Popen(
            [sys.executable, "manage.py", "run_room", f"127.0.0.1:{port}", "--noreload"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:

        def relayed() -> bool:
            with sqlite3.connect(database) as db:
                return bool(db.execute("SELECT sent_at IS NOT NULL FROM config_outboxmessage").fetchone() == (1,))

        wait_until(relayed, timeout=90, what="the outbox relayed by beat", log=log.read_text)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/login/", timeout=15)
        assert page.status == 200
        assert "Scheduler: Sending due task outbox-relay" in log.read_text()
        pid = int(log.read_text().split("Periodic work: process ")[1].split()[0])
    finally:
        room.send_signal(signal.SIGKILL)  # no clean-up runs in the server: the child must still end
        room.wait(timeout=30)
    wait_until(lambda: not Path(f"/proc/{pid}").exists(), timeout=15, what="beat stopped with the server")
