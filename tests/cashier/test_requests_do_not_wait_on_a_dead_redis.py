"""A dead or hung Redis costs a request about a second, never the request (docs/production.md,
"When Redis or the database is down").

gunicorn reads the test database and a Redis of the test's own, configured from the environment as
in production: Celery publishes to Redis, the cache is Redis. Redis is first stopped (SIGSTOP: it
accepts connections and answers nothing, so only the timeouts end a wait), then killed (connections
refused). Each time ``/healthz`` answers 503 naming Redis, a cash sale (which queues the large-cash
check through the outbox) answers 201 with its row committed, and a page answers 200, each within ``BUDGET``.
"""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from cashier.models import ChipTransaction
from config.models import OutboxMessage
from tests.cashier.conftest import by_value, key
from tests.factories import api_key
from tests.servers import Reply, Server, gunicorn, own_redis, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.redis, pytest.mark.real_clock]

BUDGET = 2.0
SALE = "/api/v1/cashier/sales/create/"


@pytest.fixture
def redis_process(on_postgres: None, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    with own_redis(tmp_path) as found:
        yield found


@pytest.fixture
def server(
    transactional_db: None, redis_process: tuple[subprocess.Popen[bytes], str], tmp_path: Path
) -> Iterator[Server]:
    """Stopped before the test database is emptied."""
    with gunicorn(tmp_path, {"REDIS_URL": redis_process[1]}) as found:
        yield found


def _sale(server: Server, token: str, player_id: int) -> Reply:
    chips = [{"denomination": d, "count": n} for d, n in by_value({5_000: 1, 1_000: 1}).items()]
    body = {"amount": "6000", "method": "cash", "player": player_id, "chips": chips}
    headers = {"Authorization": f"Token {token}", "Idempotency-Key": key()}
    return server.request("POST", SALE, body=body, headers=headers)


def test_healthz_a_sale_and_a_page_answer_at_once_while_redis_hangs_then_dies(
    shift, cashier, player, redis_process, server
):
    token = api_key(cashier)
    browser = session_cookie(cashier)

    # Redis up: the worker's broker connection is open and pooled when Redis goes.
    reply = _sale(server, token, player.pk)
    assert reply.status == 201, reply.body
    assert server.request("GET", "/cashier/", headers=browser).status == 200

    for fault, sig in (("hung", signal.SIGSTOP), ("killed", signal.SIGKILL)):
        redis_process[0].send_signal(sig)
        reply = server.request("GET", "/healthz")
        assert reply.status == 503, (fault, reply.body)
        assert "redis" in reply.body["failing"], (fault, reply.body)
        assert reply.body["checks"]["database"] == "ok", (fault, reply.body)
        assert reply.seconds < BUDGET, f"Redis {fault}: /healthz took {reply.seconds:.2f} s"

        reply = _sale(server, token, player.pk)
        assert reply.status == 201, (fault, reply.body)
        assert reply.seconds < BUDGET, f"Redis {fault}: the sale took {reply.seconds:.2f} s"
        assert ChipTransaction.objects.filter(pk=reply.body["id"]).exists()

        reply = server.request("GET", "/cashier/", headers=browser)
        assert reply.status == 200, fault
        assert reply.seconds < BUDGET, f"Redis {fault}: the page took {reply.seconds:.2f} s"

    # The two sales' checks wait in the outbox for the relay, and the log says which.
    log = server.log_text()
    assert log.count("task cashier.tasks.large_cash_check (outbox ") == 2, log[-3000:]
    waiting = OutboxMessage.objects.filter(task="cashier.tasks.large_cash_check", sent_at__isnull=True)
    assert waiting.count() == 2
