"""Fee fixtures: games, fee policy versions set in the past, chips in play, finished hands, a real worker
(open tables, seated players and tables ready for hands: tests/conftest.py)."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from rake.models import FeeKind, FeePolicyVersion
from tables.models import Game, Ring, Table
from tests.conftest import nl_holdem

_numbers = itertools.count(1)


@pytest.fixture
def make_game(floor_manager: User) -> Callable[[str], Game]:
    """A full-ring No-Limit Hold'em game 500/1,000 named ``name``."""

    def make(name: str) -> Game:
        return nl_holdem(floor_manager, name=name, ring=Ring.FULL_RING)

    return make


@pytest.fixture
def holdem_ring(make_game: Callable[[str], Game]) -> Game:
    """Full-ring Hold'em 500/1,000 (the floor's and hands' ``holdem`` is short-handed)."""
    return make_game("Hold'em NL 500/1,000")


@pytest.fixture
def past_version(floor_manager: User) -> Callable[..., FeePolicyVersion]:
    """A version in force from a past moment (services refuse back-dating; tests need history)."""

    def make(
        *, effective_from: datetime, table: Table | None = None, game: Game | None = None, **fields: Any
    ) -> FeePolicyVersion:
        kind = fields.pop("kind", FeeKind.HOURLY if "amount_per_hour" in fields else FeeKind.PERCENTAGE)
        defaults: dict[str, Any]
        if kind == FeeKind.PERCENTAGE:
            defaults = {
                "rate": Decimal("0.05"),
                "caps_by_players": [],
                "min_pot": 0,
                "no_flop_no_drop": True,
                "allocation": "main_first",
            }
        else:
            defaults = {"unit": "hour", "collect_every_minutes": 60, "charge_away": False}
        version = FeePolicyVersion(
            table=table,
            game=game,
            kind=kind,
            effective_from=effective_from,
            reason="test history",
            created_at=timezone.now(),
            created_by=floor_manager,
            **{**defaults, **fields},
        )
        version.full_clean()
        version.save()
        return version

    return make


# --- chips in the ledger ------------------------------------------------------------------------

DB_FIXTURES = {"db", "transactional_db", "django_db_setup"}


@pytest.fixture(autouse=True)
def _chips_in_play(request: pytest.FixtureRequest) -> None:
    """Every database test of the fee app starts with chips issued and in the players' hands: a fee
    moves real chips (chips outstanding -> the table's drop box) through the ledger."""
    marker = request.node.get_closest_marker("django_db")
    if not (DB_FIXTURES & set(request.fixturenames)) and marker is None:
        return
    transactional = "transactional_db" in request.fixturenames or bool(marker and marker.kwargs.get("transaction"))
    request.getfixturevalue("transactional_db" if transactional else "db")
    request.getfixturevalue("chips_in_play")


@pytest.fixture
def chips_in_play(django_db_blocker: Any, request: pytest.FixtureRequest) -> dict[int, int]:
    """``{value: denomination_id}``: the vault stocked, and chips of each value sold to the players."""
    from ledger.models import Denomination

    if Denomination.objects.exists():
        return dict(Denomination.objects.values_list("value", "pk"))
    from tests.rake.helpers import stock_chips

    return stock_chips()


# --- hands ------------------------------------------------------------------------------------------


@pytest.fixture
def quick_hand(floor_manager: User) -> Callable[..., Any]:
    """A finished hand row written straight to the table (no events): for summaries and closes, where only
    the head counts (table, game, gaming day, dealer, pot, fee, status)."""
    from games.models import Hand, HandStatus

    def make(
        table: Table,
        *,
        pot: int,
        fee: int,
        dealer: User | None = None,
        gaming_day: Any = None,
        status: str = HandStatus.COMPLETE,
    ):
        from config.gaming_day import current_gaming_day

        day = gaming_day or current_gaming_day()
        now = timezone.now()
        number = (Hand.objects.filter(table=table, gaming_day=day).count() or 0) + 1
        return Hand.objects.create(
            table=table,
            game_id=table.game_id,
            gaming_day=day,
            number=number,
            dealer=dealer,
            setup={},
            button=1,
            status=status,
            pot=pot,
            fee=fee,
            ended_at=now,
            created_at=now,
            created_by=floor_manager,
        )

    return make


# --- a real Celery worker on the test database -------------------------------------------------------

VISIBILITY_TIMEOUT = 6


class Worker:
    """A ``celery worker`` process over Redis that reads and writes the *test* database and media root."""

    def __init__(self, redis_url: str, database_url: str, media_root: str, log_dir: Any) -> None:
        self.env = {
            **os.environ,
            "REDIS_URL": redis_url,
            "DATABASE_URL": database_url,
            "CARDROOM_MEDIA_ROOT": media_root,
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            # A redelivered export finds the killed attempt's lease expired (config.services.jobs).
            "CARDROOM_JOB_LEASE": "3",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        self.redis_url = redis_url
        self.log_dir = log_dir
        self.proc: subprocess.Popen[Any] | None = None
        self.starts = 0

    def start(self) -> None:
        from tests.conftest import ROOT, _wait_for_worker

        self.starts += 1
        log = self.log_dir / f"worker-{self.starts}.log"
        cmd = [
            sys.executable,
            "-m",
            "tests.rake.celery_worker_main",
            "worker",
            "-P",
            "solo",
            "-l",
            "info",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-n",
            f"rake-{os.getpid()}-{self.starts}@%h",
        ]
        with log.open("w") as out:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        _wait_for_worker(self.redis_url, self.proc, log)

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, the task in progress is neither finished nor acknowledged."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def log(self) -> str:
        return "\n".join(p.read_text()[-3000:] for p in sorted(self.log_dir.glob("worker-*.log")))


@pytest.fixture
def rake_worker(
    on_postgres: None, redis_url: str, transactional_db: None, settings: Any, tmp_path: Any
) -> Iterator[Worker]:
    """A worker whose DATABASE_URL names the test database (the default worker would use the real one)."""
    import redis
    from django.db import connection

    redis.Redis.from_url(redis_url).flushdb()  # no message left over from an earlier run
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    url = f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    worker = Worker(redis_url, url, str(settings.MEDIA_ROOT), tmp_path)
    worker.start()
    try:
        yield worker
    finally:
        worker.stop()
