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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--hands", type=int, default=25, help="hands per client")
    parser.add_argument("--db", default="benchhands")
    parser.add_argument("--pg", default="postgres://root@127.0.0.1:5432")
    parser.add_argument("--port", type=int, default=0)
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
    from rest_framework.authtoken.models import Token

    from config.roles import Role
    from config.services import user_create
    from games.services import seat_stack_add
    from rake.services import fee_policy_set
    from tables import services as floor
    from tables.models import GameKind, Ring, Structure

    admin = user_create(username="bench-floor", password="bench-pass-123", roles=[Role.FLOOR_MANAGER])
    game = floor.game_create(
        actor=admin,
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
        floor.dealer_profile_set(actor=admin, user_id=dealer.pk, game_ids=[game.pk])
        floor.dealer_clock_in(actor=admin, dealer_id=dealer.pk)
        table = floor.table_create(actor=admin, number=900 + k, seats=6, game_id=game.pk)
        floor.dealer_assign(actor=admin, table_id=table.pk, dealer_id=dealer.pk)
        fee_policy_set(
            actor=admin,
            kind="percentage",
            reason="bench",
            table_id=table.pk,
            rate=Decimal("0.05"),
            caps_by_players=[],
            min_pot=0,
            no_flop_no_drop=True,
            allocation="main_first",
        )
        floor.table_open(actor=admin, table_id=table.pk)
        for seat in range(1, 7):
            player = floor.player_create(
                actor=admin, first_name="Bench", last_name=f"Player{k}-{seat}", allow_duplicate=True
            )
            floor.seat_player(actor=admin, table_id=table.pk, player_id=player.pk, seat_number=seat)
            seat_stack_add(actor=admin, table_id=table.pk, seat_number=seat, amount=1_000_000)
        tables.append(table.pk)
        tokens[table.pk] = Token.objects.create(user=dealer).key
    return tables[:clients], tables[clients:], tokens


def start_gunicorn(url: str, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "AXES_ENABLED": "false",
        "LOG_LEVEL": "WARNING",
    }
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "-w",
        "2",
        "-b",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
    ]
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
    def __init__(self, port: int, token: str) -> None:
        self.port, self.token = port, token

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any, float]:
        data = json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "Authorization": f"Token {self.token}"}
        t0 = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("POST", path, data, headers)
        response = conn.getresponse()
        payload = json.loads(response.read() or b"null")
        elapsed = time.perf_counter() - t0
        conn.close()
        return response.status, payload, elapsed


def record_event_by_event(port: int, table_id: int, token: str, hands: int, seed_: int, out: dict[str, Any]) -> None:
    from games.autoplay import AutoPlayer
    from games.engine import Hand, event_from_dict
    from games.models import Hand as HandRow
    from games.services.setup import setup_from_dict

    client, player = Client(port, token), AutoPlayer(seed_)
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
            body = {"seq": local.seq, "client_event_id": f"{table_id}-{state['hand_id']}-{local.seq}", "event": event}
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
            "/api/v1/hands/record/", {"table_id": table_id, "client_hand_id": f"bench-{table_id}-{k}", "events": events}
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
    from games.services.setup import setup_from_dict

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


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> int:
    args = _args()
    url = setup_database(args)
    event_tables, batch_tables, tokens = seed(args.clients)
    port = args.port or _free_port()
    server = start_gunicorn(url, port)
    try:
        results: list[dict[str, Any]] = [{} for _ in event_tables]
        threads = [
            threading.Thread(target=record_event_by_event, args=(port, t, tokens[t], args.hands, 1000 + k, results[k]))
            for k, t in enumerate(event_tables)
        ]
        seconds_a = _run(threads)
        batch: list[dict[str, Any]] = [{} for _ in batch_tables]
        threads = [
            threading.Thread(target=record_whole, args=(port, t, tokens[t], results[k]["hands"], batch[k]))
            for k, t in enumerate(batch_tables)
        ]
        seconds_b = _run(threads)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
    hands = [h for r in results for h in r["hands"]]
    events = sum(len(e) for _, e in hands)
    lat_a = [x for r in results for x in r["latencies"]]
    lat_b = [x for r in batch for x in r["latencies"]]
    engine_seconds, per_event, per_hand = engine_alone(hands)
    rows = [
        ("(a) event by event", events / seconds_a, len(hands) / seconds_a, _pct(lat_a, 0.5), _pct(lat_a, 0.99)),
        ("(b) whole hands", events / seconds_b, len(hands) / seconds_b, _pct(lat_b, 0.5), _pct(lat_b, 0.99)),
        (
            "engine alone",
            events / engine_seconds,
            len(hands) / engine_seconds,
            _pct(per_event, 0.5),
            _pct(per_event, 0.99),
        ),
    ]
    per = events / len(hands)
    print(f"{args.clients} clients, {len(hands)} hands, {events} events ({per:.1f} per hand), gunicorn -w 2")
    print(f"{'':22}{'events/s':>12}{'hands/s':>10}{'p50 ms':>10}{'p99 ms':>10}")
    for name, eps, hps, p50, p99 in rows:
        print(f"{name:22}{eps:12.0f}{hps:10.1f}{p50:10.2f}{p99:10.2f}")
    print(f"engine/web ratio: (a) {rows[2][1] / rows[0][1]:.0f}x events/s, (b) {rows[2][2] / rows[1][2]:.0f}x hands/s")
    print(f"engine per hand p50 {_pct(per_hand, 0.5):.3f} ms")
    ok_a = rows[0][1] >= 400 and rows[0][4] < 50
    ok_b = rows[1][2] >= 200
    print(f"targets: (a) >= 400 events/s, p99 < 50 ms: {'met' if ok_a else 'NOT met'}; "
          f"(b) >= 200 hands/s: {'met' if ok_b else 'NOT met'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
