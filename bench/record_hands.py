"""Benchmark of hand recording behind gunicorn on PostgreSQL, side by side with the engine alone.

    .venv/bin/python bench/record_hands.py [--clients 8] [--hands 25] [--db benchhands]

Creates the database with psql (dropped first), migrates it, seeds 2 x clients
open Hold'em tables (6 players, 5% fee, one dealer each), starts gunicorn
with 2 workers on 127.0.0.1 and runs:

(a) ``clients`` concurrent clients, one per table, each recording hands event
    by event through the API as a dealer (token auth), with the sequence and a
    client event id, as the dealer's screen does;
(b) the same hands posted whole (one request per hand) at the other tables,
    which start from the same seats and stacks, so each hand is legal there too.

Between the two the tables' statistics are refreshed (``analyze``), as
autovacuum keeps them on a live server.

Then the engine alone replays the same hands. Prints events/s, hands/s and
p50/p99 latency for each, and the ratio (the cost of the web and database
layers). Targets on 2 cores: (a) >= 400 events/s with p99 < 50 ms; (b) >= 200 hands/s.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

from rooms.selectors import room_chosen
from rooms.services import staff_place

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# Sync workers by default: measured against ``--threads 4`` (gthread, kept connections, so each
# client stays on one worker and its engine-state cache) on this 2-core machine, sync gave more
# events/s and a far shorter p99 under a shared load (figures: bench/README.md): with 2 cores already
# busy, more threads only queue behind the GIL.
THREADS = 1


def _args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--hands", type=int, default=25, help="hands per client")
    parser.add_argument("--db", default="benchhands")
    parser.add_argument("--pg", default="postgres://root@127.0.0.1:5432")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes (the issue says 2)")
    parser.add_argument(
        "--threads", type=int, default=THREADS, help="threads per worker: gthread (keep-alive) when > 1, else sync"
    )
    return parser.parse_args()


def _psql(sql: str, pg: str) -> None:
    subprocess.run(["psql", f"{pg}/postgres", "-q", "-c", sql], check=True, capture_output=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def setup_database(args: argparse.Namespace) -> str:
    url = f"{args.pg}/{args.db}"
    _psql(f"DROP DATABASE IF EXISTS {args.db}", args.pg)
    _psql(f"CREATE DATABASE {args.db}", args.pg)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["AXES_ENABLED"] = "false"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


def seed(clients: int) -> tuple[list[int], list[int], dict[int, str]]:
    """Two sets of identical tables; returns (event tables, batch tables, token per table)."""
    from config.roles import Role
    from config.services import token_create, user_create
    from games.services import scenarios
    from tables import services as floor
    from tables.models import GameKind, Ring, Structure

    admin = user_create(username="bench-floor", password="bench-pass-123", roles=[Role.FLOOR_MANAGER])
    # Chips issued and sold to the players, as in a room that is open: each hand's fee then moves real
    # chips (chips outstanding -> the table's drop box) through the ledger, as production does.
    bank = user_create(username="bench-admin", password="bench-pass-123", roles=[Role.ADMIN])
    room = room_chosen(room_id=None)
    staff_place(actor=None, user=admin, room=room)
    staff_place(actor=None, user=bank, room=room)
    scenarios.issue_chips(actor=bank, room=room, pieces=200_000)
    game = floor.game_create(
        actor=admin,
        room=room,
        name="Bench Hold'em NL 500/1,000",
        kind=GameKind.TEXAS_HOLDEM,
        structure=Structure.NO_LIMIT,
        ring=Ring.SHORT_HANDED,
        small_blind=500,
        big_blind=1000,
        min_buy_in=40_000,
        max_buy_in=2_000_000,
        seat_limit=6,
    )
    tables: list[int] = []
    tokens: dict[int, str] = {}
    for k in range(2 * clients):
        dealer = user_create(username=f"bench-dealer-{k}", password="bench-pass-123", roles=[Role.DEALER])
        staff_place(actor=None, user=dealer, room=room)
        table = scenarios.open_table_with_dealer(
            actor=admin,
            room=room,
            game=game,
            dealer=dealer,
            number=900 + k,
            seats=6,
            fee=Decimal("0.05"),
        )
        scenarios.seat_players(actor=admin, table=table, stacks=[1_000_000] * 6, first_name="Bench")
        tables.append(table.pk)
        tokens[table.pk] = token_create(actor=admin, user=dealer)[1]
    return tables[:clients], tables[clients:], tokens


def start_gunicorn(url: str, port: int, workers: int, threads: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_POOL_MAX_SIZE": "4",
        "AXES_ENABLED": "false",
        "LOG_LEVEL": "WARNING",
    }
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "-w",
        str(workers),
        "-b",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        # The workers' heartbeat files on tmpfs: on a disk-backed /tmp each request waits on a file write.
        "--worker-tmp-dir",
        "/dev/shm" if Path("/dev/shm").is_dir() else "/tmp",
    ]
    if threads > 1:
        cmd += ["-k", "gthread", "--threads", str(threads)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("gunicorn did not start")


class Client:
    """One device: a kept HTTP connection (reopened when the server closes it, as a sync worker does)
    and a token, as the dealer's screen and an electronic table use; no session, no CSRF."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.headers = {"Content-Type": "application/json", "Authorization": f"Token {token}"}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any, float]:
        data = None if body is None else json.dumps(body).encode()
        t0 = time.perf_counter()
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, data, self.headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # The server closed a kept connection between two requests: reconnect and send again.
                self.conn.close()
                if attempt == 2:
                    raise
        elapsed = time.perf_counter() - t0
        if response.will_close:
            self.conn.close()
        return response.status, json.loads(raw or b"null"), elapsed

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any, float]:
        return self.request("POST", path, body)


def api_event(event: dict[str, Any]) -> dict[str, Any]:
    """An engine event as the hand API takes it: the amount in major units, a decimal string like every amount."""
    from config.api import money_out

    return {**event, "amount": money_out(event["amount"])} if "amount" in event else event


def record_event_by_event(port: int, table_id: int, token: str, hands: int, seed_: int, out: dict[str, Any]) -> None:
    from games.engine import Hand, event_from_dict
    from games.engine.autoplay import AutoPlayer
    from games.models import Hand as HandRow
    from games.models.setup import setup_from_dict

    # Folds as at a live six-handed table: about twenty events a hand, as the issue describes them.
    client, player = Client(port, token), AutoPlayer(seed_, fold=0.45)
    latencies: list[float] = []
    recorded: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for _ in range(hands):
        status, state, _ = client.post("/api/v1/hands/start/", {"table_id": table_id})
        assert status == 201, state
        setup = HandRow.objects.get(pk=state["hand_id"]).setup
        local = Hand.start(setup_from_dict(setup))
        events: list[dict[str, Any]] = []
        while not local.is_over:
            event = player.next_event(local)
            body = {
                "seq": local.seq,
                "client_event_id": f"{table_id}-{state['hand_id']}-{local.seq}",
                "event": api_event(event),
            }
            status, answer, elapsed = client.post(f"/api/v1/hands/{state['hand_id']}/events/", body)
            assert status == 201, answer
            latencies.append(elapsed)
            local = local.apply(event_from_dict(event))
            events.append(event)
        recorded.append((setup, events))
    out["latencies"], out["hands"] = latencies, recorded


def record_whole(port: int, table_id: int, token: str, hands: list[Any], out: dict[str, Any]) -> None:
    client = Client(port, token)
    latencies = []
    for k, (_, events) in enumerate(hands):
        status, answer, elapsed = client.post(
            "/api/v1/hands/record/",
            {
                "table_id": table_id,
                "client_hand_id": f"bench-{table_id}-{k}",
                "events": [api_event(e) for e in events],
            },
        )
        assert status == 201, answer
        latencies.append(elapsed)
    out["latencies"] = latencies


def _run(targets: list[threading.Thread]) -> float:
    t0 = time.perf_counter()
    for t in targets:
        t.start()
    for t in targets:
        t.join()
    return time.perf_counter() - t0


def engine_alone(hands: list[Any]) -> tuple[float, list[float], list[float]]:
    """Replays every hand through the engine: total seconds, per-event and per-hand seconds."""
    from games.engine import Hand, event_from_dict
    from games.models.setup import setup_from_dict

    per_event: list[float] = []
    per_hand: list[float] = []
    t0 = time.perf_counter()
    for setup, events in hands:
        h0 = time.perf_counter()
        state = Hand.start(setup_from_dict(setup))
        for event in events:
            e0 = time.perf_counter()
            state = state.apply(event_from_dict(event))
            per_event.append(time.perf_counter() - e0)
        assert state.is_over
        per_hand.append(time.perf_counter() - h0)
    return time.perf_counter() - t0, per_event, per_hand


def warm_up(port: int, tables: list[int], tokens: dict[int, str]) -> None:
    """A few requests on every connection so each worker has imported the URLs and opened its kept
    database connection before the clock starts (as a server that has been up for a while)."""

    def one(table_id: int) -> None:
        client = Client(port, tokens[table_id])
        for _ in range(6):
            status, _, _ = client.request("GET", f"/api/v1/hands/tables/{table_id}/current/")
            assert status in (200, 204), status

    _run([threading.Thread(target=one, args=(t,)) for t in tables])


def analyze() -> None:
    """Statistics of the tables as they are now, as autovacuum keeps them on a live server.

    The bench's database is seconds old: without this, the statements the
    workers prepared while the hand tables were nearly empty keep their
    first plans (a scan of all of a table's rows where an index lookup is
    due) until autovacuum's next round, up to a minute later, which then
    replans them. A room's database has its statistics; ANALYZE gives them
    here, between the phases, and the workers' prepared statements are
    planned again from them.
    """
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _cpu(pids: list[int]) -> dict[int, float]:
    """CPU seconds used so far by each of the processes ``pids`` (user + system), from /proc."""
    used = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return used


def _used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds between two readings, over the processes present in both."""
    return sum(after[pid] - before[pid] for pid in before.keys() & after.keys())


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def _pg_backends(db: str) -> list[int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [db])
        return [int(pid) for (pid,) in cursor.fetchall()]


class Phase:
    """Wall time and the CPU seconds the client, the gunicorn workers and PostgreSQL used in one phase."""

    def __init__(self, server: int, db: str) -> None:
        self.server, self.db = server, db

    def run(self, threads: list[threading.Thread]) -> None:
        workers = _children(self.server)
        backends = _pg_backends(self.db)  # the workers' kept connections, opened by the warm-up
        before = (os.times(), _cpu(workers), _cpu(backends))
        self.load_before = _load()
        self.seconds = _run(threads)
        after = (os.times(), _cpu(workers), _cpu(backends + _pg_backends(self.db)))
        self.client = (after[0].user + after[0].system) - (before[0].user + before[0].system)
        self.gunicorn = _used(before[1], after[1])
        self.postgres = _used(before[2], after[2])  # backends open before and after the phase
        self.load_after = _load()

    def cpu(self) -> str:
        return (
            f"{self.seconds:6.1f} s wall; CPU s: client {self.client:5.1f}, gunicorn {self.gunicorn:5.1f}, "
            f"postgres {self.postgres:5.1f} (of {2 * self.seconds:.1f} core-s); "
            f"load {self.load_before} -> {self.load_after}"
        )


def main() -> int:
    args = _args()
    url = setup_database(args)
    event_tables, batch_tables, tokens = seed(args.clients)
    port = args.port or _free_port()
    server = start_gunicorn(url, port, args.workers, args.threads)
    a, b = Phase(server.pid, args.db), Phase(server.pid, args.db)
    try:
        warm_up(port, event_tables + batch_tables, tokens)
        results: list[dict[str, Any]] = [{} for _ in event_tables]
        a.run(
            [
                threading.Thread(
                    target=record_event_by_event, args=(port, t, tokens[t], args.hands, 1000 + k, results[k])
                )
                for k, t in enumerate(event_tables)
            ]
        )
        analyze()
        batch: list[dict[str, Any]] = [{} for _ in batch_tables]
        b.run(
            [
                threading.Thread(target=record_whole, args=(port, t, tokens[t], results[k]["hands"], batch[k]))
                for k, t in enumerate(batch_tables)
            ]
        )
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
    hands = [h for r in results for h in r["hands"]]
    events = sum(len(e) for _, e in hands)
    lat_a = [x for r in results for x in r["latencies"]]
    lat_b = [x for r in batch for x in r["latencies"]]
    engine_seconds, per_event, per_hand = engine_alone(hands)
    rows = [
        ("(a) event by event", events / a.seconds, len(hands) / a.seconds, _pct(lat_a, 0.5), _pct(lat_a, 0.99)),
        ("(b) whole hands", events / b.seconds, len(hands) / b.seconds, _pct(lat_b, 0.5), _pct(lat_b, 0.99)),
        (
            "engine alone",
            events / engine_seconds,
            len(hands) / engine_seconds,
            _pct(per_event, 0.5),
            _pct(per_event, 0.99),
        ),
    ]
    per = events / len(hands)
    kind = f"gthread x {args.threads} threads" if args.threads > 1 else "sync"
    print(
        f"{args.clients} clients, {len(hands)} hands, {events} events ({per:.1f} per hand), "
        f"gunicorn -w {args.workers} ({kind}), {os.cpu_count()} cores"
    )
    print(f"{'':22}{'events/s':>12}{'hands/s':>10}{'p50 ms':>10}{'p99 ms':>10}")
    for name, eps, hps, p50, p99 in rows:
        print(f"{name:22}{eps:12.0f}{hps:10.1f}{p50:10.2f}{p99:10.2f}")
    print(f"engine/web ratio: (a) {rows[2][1] / rows[0][1]:.0f}x events/s, (b) {rows[2][2] / rows[1][2]:.0f}x hands/s")
    print(f"engine per hand p50 {_pct(per_hand, 0.5):.3f} ms (latencies above: per request for (a) and (b))")
    print(f"(a) {a.cpu()}")
    print(f"(b) {b.cpu()}")
    ok_a = rows[0][1] >= 400 and rows[0][4] < 50
    ok_b = rows[1][2] >= 200
    print(f"targets: (a) >= 400 events/s, p99 < 50 ms: {'met' if ok_a else 'NOT met'}; "
          f"(b) >= 200 hands/s: {'met' if ok_b else 'NOT met'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
