"""Chip sales per second through the REST API vs the same rows written by raw psycopg.

    .venv/bin/python -m bench.cashier [--clients 8] [--sales 300] [--workers 2] [--threads 4]

Recreates the PostgreSQL database ``bench`` (``--db``), migrates it, stocks a
vault, opens one drawer per client, then starts gunicorn on 127.0.0.1 with
kept database connections and runs ``--clients`` concurrent HTTP clients, each
doing ``--sales`` chip sales (POST /api/v1/cashier/sales/create/ with a token
and an Idempotency-Key). The baseline runs the same number of transactions
from the same number of threads with raw psycopg, each writing the rows one
sale writes (receipt number, idempotency key, journal entry, four legs,
receipt, three balance updates) with no framework in between. Prints sales/s,
p50 and p99 latency for both, and the ratio.

First, before any server starts, it sells ``--in-process`` times through the
whole Django stack in this process (``django.test.Client``, no HTTP) and
prints the statements one sale sends and the CPU milliseconds it costs: the
figure to compare between versions on a busy machine, where wall-clock rates
are mostly noise.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def sh(cmd: list[str], env: dict[str, str]) -> None:
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def recreate_database(name: str, base_url: str) -> None:
    import psycopg

    with psycopg.connect(f"{base_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def prepare(clients: int, sales: int, in_process_sales: int = 0) -> list[dict[str, Any]]:
    """Runs in this process with DATABASE_URL set: users, tokens, stock and one open drawer each."""
    import django

    django.setup()
    from cashier.models import Drawer
    from cashier.services.drawers import drawer_shift_open
    from cashier.services.vault import vault_stock
    from config.roles import Role
    from config.services import token_create, user_create
    from ledger.models import Denomination
    from ledger.services.chips import denomination_create
    from rooms.selectors import room_chosen
    from rooms.services import staff_place

    admin = user_create(username="bench-admin", password=uuid.uuid4().hex, roles=[Role.ADMIN])
    room = room_chosen(room_id=None)
    staff_place(actor=None, user=admin, room=room)
    chip = Denomination.objects.filter(room=room, value=1_000).first() or denomination_create(
        room_id=room.pk, value=1_000, colour="b", label="1k"
    )
    per_drawer = 2 * sales + 20 + in_process_sales  # the API run, its warm-up, the raw run, the in-process run
    vault_stock(actor=admin, room=room, cash=0, chips={chip.pk: per_drawer * clients})
    out = []
    for i in range(clients):
        user = user_create(username=f"bench-cashier-{i}", password=uuid.uuid4().hex, roles=[Role.CASHIER])
        staff_place(actor=admin, user=user, room=room)
        drawer = Drawer.objects.create(room=room, name=f"Bench {i}")
        shift = drawer_shift_open(actor=user, drawer_id=drawer.pk, cash=0, chips={chip.pk: per_drawer})
        token = token_create(actor=admin, user=user)[1]
        out.append({"token": token, "user_id": user.pk, "shift_id": shift.pk, "account_id": shift.account_id})
    ids = {"chip": chip.pk}
    from ledger.models import Account, AccountKind, Balance
    from ledger.services.accounts import singleton_accounts

    accounts = singleton_accounts(AccountKind.OUTSTANDING, AccountKind.CASH_EXTERNAL, room_id=room.pk)
    outstanding = accounts[AccountKind.OUTSTANDING]
    ids["outstanding_balance"] = Balance.objects.get(account_id=outstanding, denomination_id=chip.pk).pk
    ids["outstanding"], ids["cash_external"] = outstanding, accounts[AccountKind.CASH_EXTERNAL]
    for row in out:
        row["cash_balance"] = Balance.objects.get(account_id=row["account_id"], denomination__isnull=True).pk
        row["chip_balance"] = Balance.objects.get(account_id=row["account_id"], denomination_id=chip.pk).pk
        row |= ids
    assert Account.objects.count() > 0
    return out


SALE_URL = "/api/v1/cashier/sales/create/"


def sale_body(row: dict[str, Any]) -> str:
    return json.dumps({"amount": "1000", "method": "cash", "chips": [{"denomination": row["chip"], "count": 1}]})


def in_process(row: dict[str, Any], sales: int) -> tuple[int, float]:
    """(statements one sale sends, CPU ms per sale) through the whole Django stack, in this process."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="127.0.0.1", HTTP_AUTHORIZATION=f"Token {row['token']}")
    body = sale_body(row)

    def sell() -> None:
        response = client.post(SALE_URL, body, content_type="application/json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
        if response.status_code != 201:
            raise SystemExit(f"in-process sale failed: {response.status_code} {response.content[:200]!r}")

    for _ in range(10):  # the process learns the chips and balance rows, as a long-running worker has
        sell()
    with CaptureQueriesContext(connection) as captured:
        sell()
    statements = len(captured.captured_queries)  # read now: the next request empties the log
    started = time.process_time()
    for _ in range(sales):
        sell()
    return statements, (time.process_time() - started) * 1000 / sales


def wait_for_port(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("gunicorn exited")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not start")


def api_client(port: int, row: dict[str, Any], sales: int, latencies: list[float], errors: list[str]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = sale_body(row)
    for _ in range(sales):
        headers = {
            "Authorization": f"Token {row['token']}",
            "Content-Type": "application/json",
            "Idempotency-Key": str(uuid.uuid4()),
        }
        started = time.perf_counter()
        conn.request("POST", SALE_URL, body=body, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        latencies.append(time.perf_counter() - started)
        if response.status != 201:
            errors.append(f"{response.status} {payload[:200]!r}")
    conn.close()


RAW_SALE = [
    ("UPDATE cashier_drawershift SET receipt_seq = receipt_seq + 1 WHERE id = %(shift)s RETURNING receipt_seq", None),
    (
        "INSERT INTO config_idempotencykey (user_id, key, scope, request_hash, created_at, content_type) "
        "VALUES (%(user)s, %(key)s, 'raw', %(key)s, now(), '') ON CONFLICT DO NOTHING RETURNING id",
        "idempotency",
    ),
    (
        "INSERT INTO ledger_journalentry (reason, gaming_day, memo, ref, created_at, created_by_id) "
        "VALUES ('sale', current_date, 'raw', '', now(), %(user)s) RETURNING id",
        "entry",
    ),
    (
        "INSERT INTO ledger_leg (entry_id, account_id, denomination_id, currency, amount) VALUES "
        "(%(entry)s, %(account)s, %(chip)s, 'AMD', -1000), (%(entry)s, %(outstanding)s, %(chip)s, 'AMD', 1000), "
        "(%(entry)s, %(cash_external)s, NULL, 'AMD', -1000), (%(entry)s, %(account)s, NULL, 'AMD', 1000)",
        None,
    ),
    (
        "INSERT INTO cashier_chiptransaction (kind, method, shift_id, receipt_no, amount, gaming_day, entry_id, "
        "created_at, created_by_id) VALUES ('sale', 'cash', %(shift)s, %(seq)s, 1000, current_date, %(entry)s, "
        "now(), %(user)s)",
        None,
    ),
    ("UPDATE ledger_balance SET amount = amount + 1000 WHERE id = %(cash_balance)s", None),
    ("UPDATE ledger_balance SET amount = amount - 1000 WHERE id = %(chip_balance)s AND amount >= 1000", None),
    ("UPDATE ledger_balance SET amount = amount + 1000 WHERE id = %(outstanding_balance)s", None),
    # By the id the claim returned, as the application does (a filter on the key alone scans the table).
    ("UPDATE config_idempotencykey SET status_code = 201, response_body = 'x' WHERE id = %(idempotency)s", None),
]


def raw_client(dsn: str, row: dict[str, Any], sales: int, latencies: list[float]) -> None:
    import psycopg

    with psycopg.connect(dsn) as conn:
        for _ in range(sales):
            params = {
                "shift": row["shift_id"],
                "user": row["user_id"],
                "account": row["account_id"],
                "key": str(uuid.uuid4()),
                **{k: row[k] for k in ("chip", "outstanding", "cash_external")},
                **{k: row[k] for k in ("cash_balance", "chip_balance", "outstanding_balance")},
            }
            started = time.perf_counter()
            with conn.transaction(), conn.cursor() as cur:
                for sql, keep in RAW_SALE:
                    cur.execute(sql, params)
                    if sql.startswith("UPDATE cashier_drawershift"):
                        params["seq"] = cur.fetchone()[0]  # type: ignore[index]
                    elif keep:
                        params[keep] = cur.fetchone()[0]  # type: ignore[index]
            latencies.append(time.perf_counter() - started)


def run_threads(target: Any, rows: list[dict[str, Any]]) -> tuple[float, list[float]]:
    """``target(row, latencies)`` in one thread per row; wall time and all latencies."""
    latencies: list[float] = []
    threads = [threading.Thread(target=target, args=(row, latencies)) for row in rows]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - started, latencies


def describe(label: str, count: int, elapsed: float, latencies: list[float]) -> float:
    rate = count / elapsed
    q = statistics.quantiles(latencies, n=100)
    p50, p99 = q[49] * 1000, q[98] * 1000
    print(f"{label:<28} {count:>7} sales {elapsed:7.2f} s {rate:9.1f} sales/s  p50 {p50:6.1f} ms  p99 {p99:6.1f} ms")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--sales", type=int, default=300, help="sales per client")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (gthread when > 1)")
    parser.add_argument("--server", default="postgres://root@127.0.0.1:5432", help="PostgreSQL server URL")
    parser.add_argument("--db", default="bench")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--in-process", type=int, default=200, help="sales timed in this process first (0: none)")
    args = parser.parse_args()

    dsn = f"{args.server}/{args.db}"
    env = {
        **os.environ,
        "DATABASE_URL": dsn,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "bench-" + "x" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_POOL_MAX_SIZE": "4",
        "DATABASE_CONN_MAX_AGE": "600",
        "LOG_LEVEL": "WARNING",
        "AXES_ENABLED": "false",
    }
    print(f"database {dsn}: recreate and migrate ...", flush=True)
    recreate_database(args.db, args.server)
    sh([PY, "manage.py", "migrate", "-v0"], env)
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    rows = prepare(args.clients, args.sales, args.in_process + 11)
    if args.in_process:
        statements, cpu_ms = in_process(rows[0], args.in_process)
        print(f"in-process (django.test.Client, no HTTP): {statements} statements, {cpu_ms:.2f} ms CPU per sale")
    from django.db import connections

    connections.close_all()

    cmd = [PY, "-m", "gunicorn", "config.wsgi", "-w", str(args.workers), "-b", f"127.0.0.1:{args.port}"]
    # The workers' heartbeat files on tmpfs: on a disk-backed /tmp each request waits on a file write.
    cmd += ["--log-level", "warning", "--worker-tmp-dir", "/dev/shm" if Path("/dev/shm").is_dir() else "/tmp"]
    if args.threads > 1:
        cmd += ["-k", "gthread", "--threads", str(args.threads)]
    server = subprocess.Popen(cmd, cwd=ROOT, env=env)
    try:
        wait_for_port(args.port, server)
        warm_errors: list[str] = []
        # Warm up: every worker opens its kept database connection.
        run_threads(lambda row, lat: api_client(args.port, row, 10, lat, warm_errors), rows)
        errors: list[str] = []
        elapsed, latencies = run_threads(lambda row, lat: api_client(args.port, row, args.sales, lat, errors), rows)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    count = args.clients * args.sales
    print(f"{args.clients} clients, gunicorn {args.workers} workers x {args.threads} threads, {os.cpu_count()} cores")
    api_rate = describe("REST API (Django + DRF)", count, elapsed, latencies)
    raw_elapsed, raw_latencies = run_threads(lambda row, lat: raw_client(dsn, row, args.sales, lat), rows)
    raw_rate = describe("raw psycopg transactions", count, raw_elapsed, raw_latencies)
    print(f"ratio raw/API: {raw_rate / api_rate:.2f}x (target <= 5x); API target >= 300 sales/s")
    if errors or warm_errors:
        print(f"{len(errors)} failed requests, e.g. {(errors or warm_errors)[0]}")
        raise SystemExit(1)
    _check_ledger()


def _check_ledger() -> None:
    from ledger.selectors.balances import ledger_check
    from rooms.selectors import room_chosen

    check = ledger_check(room_id=room_chosen(room_id=None).pk)
    print(
        f"ledger check after the run: {'ok' if check.ok else 'FAILED'} "
        f"(unbalanced {len(check.unbalanced_entries)}, negative {len(check.negative_balances)})"
    )


if __name__ == "__main__":
    main()
