"""Fee fixtures: games, open tables with a dealer, seated players, versions set in the past."""

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

from config.roles import Role
from rake.models import FeeKind, FeePolicyVersion
from tables import services as floor
from tables.models import Game, Player, Ring, SeatSession, Table
from tests.conftest import nl_holdem
from tests.factories import UserFactory

_numbers = itertools.count(1)


@pytest.fixture
def make_game(floor_manager: User) -> Callable[[str], Game]:
    """A full-ring No-Limit Hold'em game 500/1,000 named ``name``."""

    def make(name: str) -> Game:
        return nl_holdem(floor_manager, name=name, ring=Ring.FULL_RING)

    return make


@pytest.fixture
def holdem(make_game: Callable[[str], Game]) -> Game:
    return make_game("Hold'em NL 500/1,000")


@pytest.fixture
def make_table(floor_manager: User) -> Callable[..., Table]:
    """A table of ``game``; open with a freshly clocked-in dealer unless ``open=False``."""

    def make(game: Game, *, open: bool = True, dealer: User | None = None) -> Table:
        table = floor.table_create(
            actor=floor_manager, number=next(_numbers) + 200, seats=game.seat_limit, game_id=game.pk
        )
        if not open:
            return table
        if dealer is None:
            dealer = UserFactory.create(roles=[Role.DEALER])
        floor.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[game.pk])
        floor.dealer_clock_in(actor=floor_manager, dealer_id=dealer.pk)
        floor.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
        return floor.table_open(actor=floor_manager, table_id=table.pk)

    return make


@pytest.fixture
def seat(floor_manager: User) -> Callable[..., SeatSession]:
    """Seat a new player at ``table``; ``since`` back-dates the session."""

    def make(table: Table, *, since: datetime | None = None) -> SeatSession:
        player: Player = floor.player_create(
            actor=floor_manager, first_name="Armen", last_name=f"Karapetyan{next(_numbers)}", allow_duplicate=True
        )
        session = floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk)
        if since is not None:
            SeatSession.objects.filter(pk=session.pk).update(started_at=since)
            session.refresh_from_db()
        return session

    return make


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
    from cashier.models import Denomination

    if Denomination.objects.exists():
        return dict(Denomination.objects.values_list("value", "pk"))
    from tests.rake.helpers import stock_chips

    return stock_chips()


# --- hands ------------------------------------------------------------------------------------------


@pytest.fixture
def hand_table(floor_manager: User) -> Callable[..., Table]:
    """An open table of ``game`` dealt by ``dealer`` at 5% (or ``fee``), ``players`` seated with ``stack`` each,
    ready for the hand recorder (``games.services``)."""
    from games import services as hands
    from rake.services import fee_policy_set

    def make(game: Game, dealer: User, *, players: int = 3, stack: int = 100_000, fee: Decimal = Decimal("0.05")):
        table = floor.table_create(
            actor=floor_manager, number=next(_numbers) + 500, seats=game.seat_limit, game_id=game.pk
        )
        floor.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[game.pk])
        if not dealer.dealer_shifts.filter(clock_out_at__isnull=True).exists():
            floor.dealer_clock_in(actor=floor_manager, dealer_id=dealer.pk)
        floor.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
        fee_policy_set(
            actor=floor_manager,
            kind="percentage",
            reason="house fee",
            table_id=table.pk,
            rate=fee,
            cap_per_hand=None,
            caps_by_players=[],
            min_pot=0,
            no_flop_no_drop=True,
            allocation="main_first",
        )
        table = floor.table_open(actor=floor_manager, table_id=table.pk)
        for seat_number in range(1, players + 1):
            player = floor.player_create(
                actor=floor_manager,
                first_name=f"P{seat_number}",
                last_name=f"Player{next(_numbers)}",
                allow_duplicate=True,
            )
            floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk, seat_number=seat_number)
            hands.seat_stack_add(actor=floor_manager, table_id=table.pk, seat_number=seat_number, amount=stack)
        return table

    return make


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
            # A redelivered export finds the killed attempt's lease expired (config.jobs).
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
