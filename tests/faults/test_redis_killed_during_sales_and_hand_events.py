"""Redis killed while cashiers sell and dealers record hands: every committed write answers 2xx within
two seconds, and the outbox delivers every task once Redis is back (the large-cash check runs once per
sale), with the worker that lived through the outage (docs/production.md, "When Redis or the database is down")."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from cashier.models import ChipTransaction
from config.models import OutboxMessage
from games.models import Hand, HandEvent
from tables.models import Table
from tests.cashier.conftest import by_value, key
from tests.factories import api_key
from tests.servers import CeleryWorker, OwnRedis, Reply, Server, wait_until

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.real_clock,
]

BUDGET = 2.0
SALE = "/api/v1/cashier/sales/create/"
CHECK_RAN = "Task cashier.tasks.large_cash_check["


def _timed(reply: Reply, what: str) -> Reply:
    assert 200 <= reply.status < 300, (what, reply.status, reply.body)
    assert reply.seconds < BUDGET, f"{what} took {reply.seconds:.2f} s"
    return reply


def _sale(server: Server, token: str, player_id: int) -> int:
    chips = [{"denomination": d, "count": n} for d, n in by_value({5_000: 1, 1_000: 1}).items()]
    body = {"amount": "6000", "method": "cash", "player": player_id, "chips": chips}
    headers = {"Authorization": f"Token {token}", "Idempotency-Key": key()}
    return int(_timed(server.request("POST", SALE, body=body, headers=headers), "a sale").body["id"])


def _hand(server: Server, token: str, table_id: int) -> int:
    """A hand recorded event by event through the API, as the dealer's screen does: deal, then folds."""
    auth = {"Authorization": f"Token {token}"}
    state = _timed(server.request("POST", "/api/v1/hands/start/", body={"table_id": table_id}, headers=auth), "start")
    state = state.body
    events: list[dict[str, Any]] = [{"type": "deal"}]
    while events or state["to_act"] is not None:
        event = events.pop() if events else {"type": "action", "seat": state["to_act"], "kind": "fold", "amount": "0"}
        body = {"seq": state["seq"], "client_event_id": uuid.uuid4().hex, "event": event}
        path = f"/api/v1/hands/{state['hand_id']}/events/"
        state = _timed(server.request("POST", path, body=body, headers=auth), "a hand event").body["state"]
    return int(state["hand_id"])


def test_every_write_answers_and_every_task_arrives_after_redis_comes_back(
    room: tuple[Server, CeleryWorker],
    redis_server: OwnRedis,
    shift: Any,
    cashier: User,
    player: Any,
    dealer: User,
    holdem: Any,
    hand_table: Callable[..., Table],
) -> None:
    server, worker = room
    table = hand_table(holdem, dealer)
    cash, deal = api_key(cashier), api_key(dealer)

    sales = [_sale(server, cash, player.pk) for _ in range(3)]
    hands = [_hand(server, deal, table.pk)]
    wait_until(
        lambda: worker.log.read_text().count(CHECK_RAN) >= 3 * 2, timeout=30, what="checks run", log=worker.log_text
    )

    redis_server.kill()
    health = server.request("GET", "/healthz")
    assert (health.status, "redis" in health.body["failing"]) == (503, True), health.body
    assert health.seconds < 1.5, f"/healthz took {health.seconds:.2f} s"
    sales += [_sale(server, cash, player.pk) for _ in range(3)]
    hands += [_hand(server, deal, table.pk) for _ in range(2)]
    _timed(server.request("GET", f"/api/v1/hands/{hands[-1]}/", headers={"Authorization": f"Token {deal}"}), "a read")
    unsent = list(OutboxMessage.objects.filter(sent_at__isnull=True))
    assert sorted((m.task, m.args[0]) for m in unsent) == [
        ("cashier.tasks.large_cash_check", sale) for sale in sales[3:]
    ]

    redis_server.start()
    wait_until(
        lambda: not OutboxMessage.objects.filter(sent_at__isnull=True).exists(),
        timeout=60,
        what="the outbox relayed",
        log=worker.log_text,
    )
    wait_until(
        lambda: worker.log.read_text().count(CHECK_RAN) >= 6 * 2,
        timeout=30,
        what="every check run",
        log=worker.log_text,
    )
    assert worker.alive(), worker.log_text()

    # Every sale and hand committed once; each sale's check was queued once and ran once.
    assert ChipTransaction.objects.filter(pk__in=sales).count() == 6
    assert Hand.objects.filter(pk__in=hands, status="complete").count() == 3
    assert HandEvent.objects.filter(hand_id__in=hands).count() > 3
    messages = OutboxMessage.objects.filter(task="cashier.tasks.large_cash_check")
    assert sorted(m.args[0] for m in messages) == sorted(sales)
    log = worker.log.read_text()
    assert log.count(CHECK_RAN) == 6 * 2, log[-4000:]  # one "received" and one "succeeded" line per sale
