"""The busiest path of the cage in as few round trips as the guarantees allow (issue #6).

A sale through the API on PostgreSQL: the token with its roles, BEGIN, the
Idempotency-Key claimed, the shift locked with its receipt number (and the
ids of the places the money moves between), entry with legs and the
closed-day check, the receipt, every balance row locked and changed, the
response stored, COMMIT.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from cashier.models import ChipTransaction
from ledger.models import Balance, Denomination
from ledger.services import posting
from ledger.services.chips import denomination_create
from ledger.services.posting import denomination_values
from tests.cashier.conftest import assert_ledger_ok, by_value, key
from tests.factories import api_key, home_room

SALE = "/api/v1/cashier/sales/create/"
REDEMPTION = "/api/v1/cashier/redemptions/create/"
# Token and roles, BEGIN, key, shift and receipt number, entry and legs, receipt, balances, response, COMMIT.
SALE_QUERIES = 9

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def _chips(counts: dict[int, int]) -> list[dict[str, int]]:
    return [{"denomination": d, "count": n} for d, n in by_value(counts).items()]


@pytest.fixture
def device(shift, cashier) -> APIClient:
    """The cashier's terminal: token authentication, as in the benchmark."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key(cashier)}")
    return client


def test_a_sale_takes_nine_queries_once_the_process_knows_the_chips(on_postgres, device, shift):
    body = {"amount": "6000", "method": "cash", "chips": _chips({5_000: 1, 1_000: 1})}
    assert device.post(SALE, body, format="json", HTTP_IDEMPOTENCY_KEY=key()).status_code == 201
    with CaptureQueriesContext(connection) as captured:
        response = device.post(SALE, body, format="json", HTTP_IDEMPOTENCY_KEY=key())
    assert response.status_code == 201, response.content
    statements = [q["sql"] for q in captured.captured_queries]
    assert len(statements) <= SALE_QUERIES, "\n".join(statements)
    assert not [s for s in statements if "ledger_denomination" in s]  # chip values are known by now
    five, one = by_value({5_000: 1, 1_000: 1})
    assert response.json()["chips"] == [
        {"denomination": five, "value": "5000", "count": 1, "amount": "5000"},
        {"denomination": one, "value": "1000", "count": 1, "amount": "1000"},
    ]
    drawer = dict(
        Balance.objects.filter(account_id=shift.account_id).values_list("denomination__value", "amount").order_by()
    )
    assert drawer[None] == 1_000_000 + 2 * 6_000
    assert drawer[5_000] == 100 * 5_000 - 2 * 5_000
    assert_ledger_ok()


def test_a_redemption_takes_as_many_queries_as_a_sale(on_postgres, device, shift):
    sale = {"amount": "10000", "method": "cash", "chips": _chips({5_000: 2})}
    assert device.post(SALE, sale, format="json", HTTP_IDEMPOTENCY_KEY=key()).status_code == 201
    body = {"chips": _chips({5_000: 1})}
    assert device.post(REDEMPTION, body, format="json", HTTP_IDEMPOTENCY_KEY=key()).status_code == 201
    with CaptureQueriesContext(connection) as captured:
        response = device.post(REDEMPTION, body, format="json", HTTP_IDEMPOTENCY_KEY=key())
    assert response.status_code == 201, response.content
    assert len(captured.captured_queries) <= SALE_QUERIES, [q["sql"] for q in captured.captured_queries]
    assert_ledger_ok()


def test_the_response_is_the_receipt_as_the_reads_show_it(on_postgres, device, shift):
    """The sale's response is built without reading back; the receipt read later says the same."""
    body = {"amount": "26000", "method": "card", "chips": _chips({25_000: 1, 1_000: 1})}
    sold = device.post(SALE, body, format="json", HTTP_IDEMPOTENCY_KEY=key()).json()
    from cashier.apis.serializers import TransactionOut

    again = json.loads(json.dumps(TransactionOut(ChipTransaction.objects.get(pk=sold["id"])).data))
    assert sold == again


def test_chip_values_read_by_a_rolled_back_transaction_are_not_remembered(on_postgres):
    with transaction.atomic():
        chip = denomination_create(value=7_000, colour="pink", label="7,000", room_id=home_room().pk)
        assert denomination_values([chip.pk]) == {chip.pk: 7_000}
        transaction.set_rollback(True)
    assert chip.pk not in posting._VALUES
    assert not Denomination.objects.filter(pk=chip.pk).exists()
    committed = denomination_create(value=8_000, colour="grey", label="8,000", room_id=home_room().pk)
    assert denomination_values([committed.pk]) == {committed.pk: 8_000}
    assert posting._VALUES[committed.pk] == 8_000
