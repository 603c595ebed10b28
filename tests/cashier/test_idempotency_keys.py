"""Idempotency-Key on every money-moving call (controls B5-B9)."""

from __future__ import annotations

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from cashier.models import ChipTransaction
from config.models import IdempotencyKey
from ledger.models import JournalEntry
from tests.cashier.conftest import assert_ledger_ok, by_value, key
from tests.cashier.helpers import run_concurrently

SALE = "/api/v1/cashier/sales/create/"


def _body(amount: str = "15000") -> dict[str, object]:
    chips = by_value({10_000: 1, 5_000: 1}) if amount == "15000" else by_value({10_000: 2})
    return {"amount": amount, "method": "cash", "chips": [{"denomination": d, "count": n} for d, n in chips.items()]}


@pytest.mark.django_db
def test_same_key_same_body_replays_byte_identical_and_moves_nothing(shift, cashier, api_for):
    api, k = api_for(cashier), key()
    first = api.post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k)
    assert first.status_code == 201, first.content
    assert "Idempotent-Replayed" not in first.headers
    entries = JournalEntry.objects.count()
    again = api.post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k)
    assert again.status_code == 201
    assert again.content == first.content
    assert again.headers["Idempotent-Replayed"] == "true"
    assert ChipTransaction.objects.count() == 1
    assert JournalEntry.objects.count() == entries
    assert_ledger_ok()


@pytest.mark.django_db
def test_same_key_different_body_is_422_and_the_original_stands(shift, cashier, api_for):
    api, k = api_for(cashier), key()
    first = api.post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k)
    other = api.post(SALE, _body("20000"), format="json", HTTP_IDEMPOTENCY_KEY=k)
    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_key_reused"
    txn = ChipTransaction.objects.get()
    assert txn.amount == 15_000
    assert str(txn.pk) in first.content.decode()


@pytest.mark.django_db
def test_a_key_is_per_user(shift, cashier, second_cashier, open_shift, api_for):
    open_shift(second_cashier)
    k = key()
    assert api_for(cashier).post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k).status_code == 201
    assert api_for(second_cashier).post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k).status_code == 201
    assert ChipTransaction.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        SALE,
        "/api/v1/cashier/redemptions/create/",
        "/api/v1/cashier/shifts/open/",
        "/api/v1/cashier/shifts/1/close/",
        "/api/v1/cashier/slips/create/",
    ],
)
def test_a_money_moving_post_without_a_key_is_400_with_a_link_to_the_docs(shift, cashier, api_for, url, table):
    entries = JournalEntry.objects.count()
    body = _body() | {"cash": "0", "drawer": 1, "kind": "fill", "table": table.pk}
    response = api_for(cashier).post(url, body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "idempotency_key_required"
    assert error["details"]["docs"].startswith("/api/docs")
    assert JournalEntry.objects.count() == entries


@pytest.mark.django_db
def test_a_refused_request_stores_no_key_and_may_be_retried(shift, cashier, api_for):
    api, k = api_for(cashier), key()
    body = _body() | {"amount": "999999999"}  # anonymous, above the limit, chips do not match
    assert api.post(SALE, body, format="json", HTTP_IDEMPOTENCY_KEY=k).status_code == 400
    assert not IdempotencyKey.objects.exists()
    assert api.post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k).status_code == 201


@pytest.mark.django_db(transaction=True)
def test_a_crash_after_commit_then_a_retry_returns_the_committed_result(shift, cashier, monkeypatch):
    """Simulated: the response is lost after COMMIT; the retry with the same key replays it."""
    api = APIClient(raise_request_exception=True)
    api.force_authenticate(cashier)
    k = key()
    from config import idempotent as base

    real = base.HttpResponse

    def crash(*args, **kwargs):
        assert not transaction.get_connection().in_atomic_block  # the money is committed
        raise ConnectionResetError("client went away")

    monkeypatch.setattr(base, "HttpResponse", crash)
    with pytest.raises(ConnectionResetError):
        api.post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k)
    monkeypatch.setattr(base, "HttpResponse", real)
    assert ChipTransaction.objects.count() == 1
    retry = api.post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k)
    assert retry.status_code == 201
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert ChipTransaction.objects.count() == 1
    assert_ledger_ok()


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_the_same_key_sent_concurrently_executes_once(on_postgres, shift, cashier):
    k = key()

    def send(_i: int):
        api = APIClient()
        api.force_authenticate(cashier)
        return api.post(SALE, _body(), format="json", HTTP_IDEMPOTENCY_KEY=k)

    responses = run_concurrently(8, send)
    assert all(not isinstance(r, Exception) for r in responses), responses
    assert {r.status_code for r in responses} <= {201, 409}
    ok = [r for r in responses if r.status_code == 201]
    assert len({r.content for r in ok}) == 1
    assert sum(1 for r in ok if "Idempotent-Replayed" not in r.headers) == 1
    assert ChipTransaction.objects.count() == 1
    assert_ledger_ok()
