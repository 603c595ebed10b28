"""Personas, service checks, the room's clock and the browser, for every app's tests.

Tests that need PostgreSQL, Redis, a Celery worker or Chromium run when the
service is reachable and skip with a reason when not, except under CI=true,
where a missing service fails the run.

The room's clock stands at ``PINNED_CLOCK`` (and runs on from there) unless a
test is marked ``real_clock``; Hypothesis runs under the profile of
``tests.profiles``.
"""

from __future__ import annotations

import importlib
import itertools
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db.backends.signals import connection_created
from django.test import Client
from django.urls import clear_url_caches
from django.utils import translation
from rest_framework.test import APIClient

from config.db import on_postgresql
from config.roles import Role
from games.services import scenarios
from rooms.models import Room
from rooms.services import room_create
from tables.models import Game, GameKind, Ring, SeatSession, Structure, Table
from tables.services import game_create
from tests import profiles  # noqa: F401  (loads the Hypothesis profile before any test module)
from tests.factories import PASSWORD, UserFactory, home_room

# Playwright's sync API runs an event loop in the test thread; the ORM calls
# made by live-server fixtures from that thread are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

IN_CI = os.environ.get("CI", "").lower() == "true"
ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# The worker the tests start and the app under test must share one broker.
TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL") or os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/15"


# Wednesday mid-afternoon in the room's time zone (Asia/Yerevan, UTC+4): eight hours from the 06:00
# gaming-day boundary either way, and the same date in UTC, so that no test flips with the hour it runs.
PINNED_CLOCK = datetime.fromisoformat("2026-06-17T14:00:00+04:00")


def require(available: bool, reason: str) -> None:
    """Skip when a service is missing, but fail under CI=true."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"CI=true and {reason}")
    pytest.skip(reason)


def port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture(autouse=True)
def _room_clock(request: pytest.FixtureRequest) -> Iterator[None]:
    """The clock stands at ``PINNED_CLOCK`` when the test starts and runs on in real time (timeouts,
    leases and waits still pass). Tests marked ``real_clock`` keep the machine's: those whose other
    processes (servers, workers, PostgreSQL's ``now()``) write times that the test compares with its own."""
    if request.node.get_closest_marker("real_clock"):
        yield
        return
    with time_machine.travel(PINNED_CLOCK, tick=True):
        yield


@pytest.fixture(autouse=True)
def _language_restored() -> Iterator[None]:
    """A page asked for through Django's test client is served in the test's thread, where the locale
    middleware leaves active the language it chose (a ``django_language`` cookie): the next test in the
    process would read every message in it."""
    before = translation.get_language()
    yield
    translation.activate(before)


@pytest.fixture(autouse=True)
def _tasks_run_in_process(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tasks a test sends run in the test's process and transaction.

    The PostgreSQL pass configures a broker, and a worker would read another
    database than the test's. Tests marked ``celery_worker`` go through a real
    worker instead (they start one that reads the test database).
    """
    from config.celery import app

    if request.node.get_closest_marker("celery_worker"):
        yield
        return
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def _media_in_tmp(settings: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Exports (fees, hands) are written under MEDIA_ROOT: a directory of the test's own, never the
    project's, so that parallel runs (xdist workers, two suites at once) do not meet each other's files."""
    settings.MEDIA_ROOT = tmp_path_factory.mktemp("media")


@pytest.fixture(params=[True, False], ids=["debug", "production"])
def debug_urls(request: pytest.FixtureRequest, settings: Any) -> Iterator[bool]:
    """The URLconf as a server builds it with DEBUG on (``make run``) or off: it is read once, at start-up.

    For the private files' tests: no URL may serve MEDIA_ROOT in either mode.
    """
    import config.urls

    before = settings.DEBUG
    settings.DEBUG = request.param
    importlib.reload(config.urls)
    clear_url_caches()
    yield request.param
    settings.DEBUG = before
    importlib.reload(config.urls)
    clear_url_caches()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    """Real hashers are slow on purpose (bench/README.md); tests create hundreds of users."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _logins_not_rate_limited(settings: Any) -> None:
    """Every test logs in from the same address at the same pinned minute, so the per-address limit
    (config.auth.login_rate_limited) would count the whole run; its own tests set it and an address."""
    settings.CARDROOM_LOGINS_PER_MINUTE = 100_000


def _allow_truncate(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Django empties tables with TRUNCATE after transactional tests; the product never may."""
    if on_postgresql(connection):
        with connection.cursor() as cursor:
            cursor.execute("SET cardroom.allow_truncate = 'on'")


connection_created.connect(_allow_truncate, dispatch_uid="tests-allow-truncate")

if on_postgresql():
    # The owner migrates the test database, the tests run as a role of their own.
    from tests.database_roles import django_db_setup
else:
    from tests.sqlite_template import django_db_setup  # noqa: F401  (replaces pytest-django's on SQLite)


# --- personas ---------------------------------------------------------------


@pytest.fixture
def floor_manager(db: None) -> User:
    return UserFactory(username="floor_manager", roles=[Role.FLOOR_MANAGER])


@pytest.fixture
def vilnius(db: None) -> Room:
    """The group's second room: Salon Neris, in Vilnius, in euros (the home room is in Yerevan, in drams)."""
    return room_create(
        code="vilnius", name="Salon Neris", time_zone="Europe/Vilnius", currency="EUR", currency_exponent=2
    )


@pytest.fixture
def vilnius_manager(vilnius: Room) -> User:
    return UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[vilnius])


@pytest.fixture
def vilnius_club_poker(vilnius: Room, vilnius_manager: User) -> Game:
    """The Vilnius room's Club Poker, in euro cents: a €10 ante, buy-ins of €200 to €2,000."""
    return club_poker_of(vilnius_manager, vilnius, name="Club Poker €10")


@pytest.fixture
def vilnius_holdem(vilnius: Room, vilnius_manager: User) -> Game:
    """The Vilnius room's full-ring Hold'em, NL €5/€10."""
    return nl_holdem(vilnius_manager, name="Hold'em NL €5/€10", ring=Ring.FULL_RING, room=vilnius)


@pytest.fixture
def dealer(db: None) -> User:
    return UserFactory(username="dealer", roles=[Role.DEALER])


@pytest.fixture
def cashier(db: None) -> User:
    return UserFactory(username="cashier", roles=[Role.CASHIER])


@pytest.fixture
def accountant(db: None) -> User:
    return UserFactory(username="accountant", roles=[Role.ACCOUNTANT])


@pytest.fixture
def admin_user(db: None) -> User:
    return UserFactory(username="admin_user", roles=[Role.ADMIN], is_staff=True)


@pytest.fixture
def outsider(db: None) -> User:
    """Logged in, but holds no role: must be refused everywhere."""
    return UserFactory(username="outsider")


# --- the game catalogue shared by the floor, hands and fees tests -------------


def club_poker_of(actor: User, room: Room, *, name: str) -> Game:
    """A Club Poker game of ``room``: an ante of 1,000 minor units, buy-ins of 20,000 to 200,000, six seats."""
    return game_create(
        actor=actor,
        room=room,
        name=name,
        kind=GameKind.CLUB_POKER,
        structure=Structure.POT_OR_NO_LIMIT,
        ante=1000,
        min_buy_in=20_000,
        max_buy_in=200_000,
        seat_limit=6,
    )


@pytest.fixture
def club_poker(floor_manager: User) -> Game:
    return club_poker_of(floor_manager, home_room(), name="Club Poker 1,000")


def nl_holdem(actor: User, *, name: str, ring: Ring, big_blind: int = 1000, room: Room | None = None) -> Game:
    """A No-Limit Hold'em game of ``room`` (the home room): small blind half the big, buy-ins of 40 to 200 big
    blinds, the ring's seats."""
    return game_create(
        actor=actor,
        room=room or home_room(),
        name=name,
        kind=GameKind.TEXAS_HOLDEM,
        structure=Structure.NO_LIMIT,
        ring=ring,
        small_blind=big_blind // 2,
        big_blind=big_blind,
        min_buy_in=40 * big_blind,
        max_buy_in=200 * big_blind,
        seat_limit=10 if ring == Ring.FULL_RING else 6,
    )


@pytest.fixture
def holdem_short(floor_manager: User) -> Game:
    return nl_holdem(floor_manager, name="Hold'em NL 500/1,000", ring=Ring.SHORT_HANDED)


@pytest.fixture
def holdem(holdem_short: Game) -> Game:
    """The Hold'em game of the hands', the floor's and the faults' tests: short-handed 500/1,000."""
    return holdem_short


@pytest.fixture
def holdem_full(floor_manager: User) -> Game:
    return nl_holdem(floor_manager, name="Hold'em NL 1,000/2,000", ring=Ring.FULL_RING, big_blind=2000)


# --- tables, dealers and seated players (games.services.scenarios) ------------------------------------------

# Table numbers the fixtures give, one sequence for the run: a test's tables never share a number, and
# stay clear of the low numbers tests choose themselves.
_table_numbers = itertools.count(101)
_player_numbers = itertools.count(1)


@pytest.fixture
def open_table(floor_manager: User) -> Callable[..., Table]:
    """``open_table(game, *, dealer=None, number=None, seats=None, open=True)``: a table of ``game``, open
    and dealt by ``dealer`` (a new dealer by default), or only created with ``open=False``. No fee
    policy of its own, nobody seated."""

    def make(
        game: Game,
        *,
        dealer: User | None = None,
        number: int | None = None,
        seats: int | None = None,
        open: bool = True,
    ) -> Table:
        number = number or next(_table_numbers)
        if not open:
            from tables.services import table_create

            return table_create(
                actor=floor_manager, room=home_room(), number=number, seats=seats or game.seat_limit, game_id=game.pk
            )
        dealer = dealer or UserFactory.create(roles=[Role.DEALER])
        return scenarios.open_table_with_dealer(
            actor=floor_manager, room=home_room(), game=game, dealer=dealer, number=number, seats=seats
        )

    return make


@pytest.fixture
def seat(floor_manager: User) -> Callable[..., SeatSession]:
    """``seat(table, *, number=None, stack=None, since=None)``: a new player seated at ``table`` (in seat
    ``number``, or the first free one) with ``stack`` chips recorded when given; ``since`` back-dates the
    session (the services refuse back-dating; the fee tests need history)."""

    def make(
        table: Table, *, number: int | None = None, stack: int | None = None, since: datetime | None = None
    ) -> SeatSession:
        session = scenarios.seat_player(
            actor=floor_manager,
            table=table,
            first_name=f"P{number}" if number else "Armen",
            last_name=f"Player{next(_player_numbers)}",
            seat=number,
            stack=stack,
        )
        if since is not None:
            SeatSession.objects.filter(pk=session.pk).update(started_at=since)
            session.refresh_from_db()
        return session

    return make


@pytest.fixture
def hand_table(floor_manager: User, seat: Callable[..., SeatSession]) -> Callable[..., Table]:
    """``hand_table(game, dealer, *, players=3, stack=100_000, fee=Decimal("0.05"), cap=None,
    no_flop_no_drop=True)``: an open table of ``game`` dealt by ``dealer``, with a percentage fee policy
    of its own (``fee=None``: none) and ``players`` seated in seats 1.. holding ``stack`` each, ready for
    the hand recorder. ``hand_table.sit(table, seat, stack)`` seats one more (``stack`` None: no chips
    recorded yet)."""

    def make(
        game: Game,
        dealer: User,
        *,
        players: int = 3,
        stack: int = 100_000,
        fee: Decimal | None = Decimal("0.05"),
        cap: int | None = None,
        no_flop_no_drop: bool = True,
    ) -> Table:
        table = scenarios.open_table_with_dealer(
            actor=floor_manager,
            room=home_room(),
            game=game,
            dealer=dealer,
            number=next(_table_numbers),
            fee=fee,
            cap=cap,
            no_flop_no_drop=no_flop_no_drop,
        )
        for number in range(1, players + 1):
            seat(table, number=number, stack=stack)
        return table

    def sit(table: Table, number: int, stack: int | None) -> SeatSession:
        return seat(table, number=number, stack=stack)

    make.sit = sit  # type: ignore[attr-defined]
    return make


@pytest.fixture
def client_for() -> Callable[[User | None], Client]:
    def make(user: User | None) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def page_client_for() -> Callable[[User], Client]:
    """A logged-in client that gets what a browser gets: a 500 page, not the view's exception."""

    def make(user: User) -> Client:
        client = Client(raise_request_exception=False)
        client.force_login(user)
        return client

    return make


@pytest.fixture
def api_for() -> Callable[[User | None], APIClient]:
    def make(user: User | None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


# --- services -----------------------------------------------------------------


@pytest.fixture
def on_postgres() -> None:
    """For tests that only mean something on PostgreSQL (locks, triggers)."""
    if not on_postgresql():
        pytest.skip("runs in the PostgreSQL pass (DATABASE_URL=postgres://...)")


@pytest.fixture
def as_database_owner(transactional_db: None) -> Iterator[None]:
    """A transactional test that does the owner's work (a migration's function, closing the database to
    sessions): on PostgreSQL its connection, and the processes it starts, are the owner's for the test;
    the tests run as the runtime role otherwise (``tests.database_roles``). SQLite has one user."""
    if not on_postgresql():
        yield
        return
    from tests.database_roles import OWNER, connected_as

    with connected_as(OWNER):
        yield


@pytest.fixture(scope="session")
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=1).ping()
        up = True
    except redis.RedisError:
        up = False
    require(up, f"Redis is not reachable at {TEST_REDIS_URL}")
    return TEST_REDIS_URL


@pytest.fixture(scope="module")
def celery_worker_url(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``celery worker`` process over Redis, for one test module.

    Not for the session: a worker left running would take tasks meant for
    another module's worker (they share the broker's queue).
    """
    log = tmp_path_factory.mktemp("celery") / "worker.log"
    env = {**os.environ, "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "config.settings"}
    cmd = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "-P",
        "solo",
        "-l",
        "info",
        "--without-gossip",
        "--without-mingle",
        "-n",
        f"test-{os.getpid()}@%h",
    ]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_for_worker(redis_url, proc, log)
        yield redis_url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _wait_for_worker(redis_url: str, proc: subprocess.Popen[Any], log: Path) -> None:
    from celery import Celery

    probe = Celery(broker=redis_url, backend=redis_url, set_as_current=False)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"celery worker exited: {log.read_text()[-2000:]}")
        if probe.control.ping(timeout=0.5):
            return
    pytest.fail(f"celery worker did not answer within 30 s: {log.read_text()[-2000:]}")


# --- browser ------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    require(Path(CHROMIUM).exists() or shutil.which("chromium") is not None, f"Chromium not found at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def log_in(page: Any, url: str, user: User) -> Any:
    """``user`` logs in on ``page`` through the real login form."""
    page.goto(f"{url}/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_load_state()
    return page


@pytest.fixture
def desk(browser: Any, live_server: Any) -> Iterator[Callable[[User], Any]]:
    """A logged-in page for a person, in a browser context of its own; confirmations are accepted."""
    contexts: list[Any] = []

    def sit_down(user: User) -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("dialog", lambda dialog: dialog.accept())
        return log_in(page, live_server.url, user)

    yield sit_down
    for context in contexts:
        context.close()


@pytest.fixture
def login_page(page: Any, live_server: Any) -> Callable[[User], Any]:
    """Log a persona in through the real login form."""

    return lambda user: log_in(page, live_server.url, user)
