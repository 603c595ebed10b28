"""The web workers' database sessions terminated (``pg_terminate_backend``) while two cashiers sell: every
answer is a 201 or the API's JSON 503 with Retry-After (never an HTML 500), the room recovers without a
restart, no sale is half-written, and replaying a refused sale with its key records it once (docs/production.md,
"When Redis or the database is down")."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection

from cashier.models import ChipTransaction
from config.models import IdempotencyKey
from config.unavailable import RETRY_AFTER_SECONDS
from tests.cashier.conftest import assert_ledger_ok, by_value, key
from tests.factories import api_key
from tests.servers import Reply, Server, gunicorn

pytestmark = [pytest.mark.faults, pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.real_clock]

SALE = "/api/v1/cashier/sales/create/"
SALES_PER_CASHIER = 40
TERMINATIONS = 12


@pytest.fixture
def server(on_postgres: None, transactional_db: None, tmp_path: Path) -> Iterator[Server]:
    with gunicorn(tmp_path, {}, workers=2) as found:
        yield found


def _terminate_web_sessions() -> int:
    """Every session of the test database but the test's own, ended from a connection of the maintenance
    database (the way a failover or an administrator ends them)."""
    params = {**connection.get_connection_params(), "dbname": "postgres"}
    with psycopg.connect(**params, autocommit=True) as other:
        rows = other.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> %s"
            " AND backend_type = 'client backend'",
            [connection.settings_dict["NAME"], connection.connection.info.backend_pid],
        ).fetchall()
    return len(rows)


def test_sales_through_terminated_sessions_answer_201_or_a_json_503_and_replay_once(
    server: Server, open_shift: Any, cashier: User, second_cashier: User, player: Any
) -> None:
    connection.ensure_connection()
    chips = [{"denomination": d, "count": n} for d, n in by_value({5_000: 1, 1_000: 1}).items()]
    body = {"amount": "6000", "method": "cash", "player": player.pk, "chips": chips}
    sent: list[tuple[str, str, Reply]] = []  # (token, idempotency key, reply)
    lock = threading.Lock()

    def sell(user: User, open_token: str) -> None:
        for _ in range(SALES_PER_CASHIER):
            k = key()
            headers = {"Authorization": f"Token {open_token}", "Idempotency-Key": k}
            reply = server.request("POST", SALE, body=body, headers=headers)
            with lock:
                sent.append((open_token, k, reply))

    for user in (cashier, second_cashier):
        open_shift(user)
    sellers = [threading.Thread(target=sell, args=(user, api_key(user))) for user in (cashier, second_cashier)]
    for thread in sellers:
        thread.start()
    terminated = 0
    for _ in range(TERMINATIONS):
        time.sleep(0.15)
        terminated += _terminate_web_sessions()
    for thread in sellers:
        thread.join(timeout=120)
    assert terminated > 0

    statuses = sorted({reply.status for _, _, reply in sent})
    assert set(statuses) <= {201, 503}, statuses
    refused = [(t, k, r) for t, k, r in sent if r.status == 503]
    for _, _, reply in refused:
        assert reply.headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
        assert reply.body["error"]["code"] == "unavailable", reply.body
    assert refused, "no request met a terminated session: the test proved nothing"

    # Recovery without a restart: the refused sales replayed with their keys, each recorded once.
    for token, k, _ in refused:
        headers = {"Authorization": f"Token {token}", "Idempotency-Key": k}
        assert server.request("POST", SALE, body=body, headers=headers).status == 201
    for token, k, reply in sent:  # a replay of an accepted sale returns it and records nothing more
        if reply.status == 201:
            again = server.request(
                "POST", SALE, body=body, headers={"Authorization": f"Token {token}", "Idempotency-Key": k}
            )
            assert (again.status, again.body["id"]) == (201, reply.body["id"])
            break
    assert ChipTransaction.objects.count() == len(sent) == IdempotencyKey.objects.count()
    assert_ledger_ok()
