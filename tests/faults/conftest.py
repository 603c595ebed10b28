"""The faults group (``-m faults``): real processes of the test's own (Redis, gunicorn, a Celery worker
and beat) over the test database, with one part killed at a time. Each test checks what the clients
saw and what the database holds afterwards.

The cage's fixtures come from the cashier's test package (an open drawer); tables with a dealer
and seated players with chips.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.cashier.conftest import chips, open_shift, player, room_admin, second_cashier, shift, vault
from tests.servers import CeleryBeat, CeleryWorker, OwnRedis, Server, gunicorn

__all__ = ["chips", "open_shift", "player", "room_admin", "second_cashier", "shift", "vault"]


@pytest.fixture
def redis_server(on_postgres: None, tmp_path: Path) -> Iterator[OwnRedis]:
    redis = OwnRedis(tmp_path)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


@pytest.fixture
def fast_beat(redis_server: OwnRedis) -> dict[str, str]:
    """The environment of the room's processes: its own Redis, and beat's relay and lease sweep every
    second with a short lease, so that recovery shows within the test's minute."""
    return {
        "REDIS_URL": redis_server.url,
        "CARDROOM_RELAY_SECONDS": "1",
        "CARDROOM_JOB_LEASE": "5",
        "CARDROOM_JOB_PICKUP": "5",
    }


@pytest.fixture
def beat(transactional_db: None, fast_beat: dict[str, str], tmp_path: Path) -> Iterator[CeleryBeat]:
    """Beat as production runs it, a process of its own beside the worker; stopped before the test database
    is emptied."""
    beat = CeleryBeat(tmp_path, fast_beat)
    beat.start()
    try:
        yield beat
    finally:
        beat.stop()


@pytest.fixture
def room(
    transactional_db: None, beat: CeleryBeat, fast_beat: dict[str, str], tmp_path: Path
) -> Iterator[tuple[Server, CeleryWorker]]:
    """Two gunicorn workers and a Celery worker over the test database and the test's Redis, with ``beat``
    running beside them; stopped before the test database is emptied."""
    with gunicorn(tmp_path, fast_beat, workers=2) as server:
        worker = CeleryWorker(tmp_path, fast_beat)
        worker.start()
        try:
            yield server, worker
        finally:
            worker.stop()


@contextmanager
def small_disk(mount: Path, *, megabytes: int) -> Iterator[Path]:
    """A tmpfs of ``megabytes`` mounted at ``mount`` for as long as the context lasts: a real file system
    the test may fill. Mounting needs root (and, in a container, the right to mount): skipped otherwise,
    in CI too, with the reason."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mount.mkdir(parents=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", str(mount)], capture_output=True, text=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "--lazy", str(mount)], check=True)
