"""Malformed money is refused and nothing moves (controls D19)."""

from __future__ import annotations

import json

import pytest

from cashier.models import ChipTransaction
from cashier.services.sales import chip_redemption_create, chip_sale_create
from config.errors import DomainError
from config.models import IdempotencyKey
from ledger.models import JournalEntry
from tests.cashier.conftest import assert_ledger_ok, by_value, key

pytestmark = pytest.mark.django_db
SALE = "/api/v1/cashier/sales/create/"


def _post(api, raw: str):
    return api.post(SALE, raw, content_type="application/json", HTTP_IDEMPOTENCY_KEY=key())


def _chips(counts: dict[int, int]) -> str:
    return json.dumps([{"denomination": d, "count": n} for d, n in by_value(counts).items()])


@pytest.mark.parametrize(
    "amount",
    [
        "0.1",  # a float in JSON
        '"0.5"',  # more decimals than AMD has
        '"10000.001"',
        '"NaN"',
        "NaN",
        '"Infinity"',
        "Infinity",
        "-Infinity",
        "1e309",
        '"1e309"',
        '"-10000"',
        "-10000",
        '"0"',
        "true",
        "null",
        '"ten thousand"',
        "100000000000000000000000000000000000",
        '"99999999999999999999"',
    ],
)
def test_bad_amounts_are_refused(shift, cashier, api_for, amount):
    raw = f'{{"amount": {amount}, "method": "cash", "chips": {_chips({10_000: 1})}}}'
    response = _post(api_for(cashier), raw)
    assert response.status_code == 400, response.content
    assert "error" in response.json()
    assert not ChipTransaction.objects.exists()
    assert not IdempotencyKey.objects.exists()


@pytest.mark.parametrize(
    "breakdown",
    [
        '[{"denomination": 999999, "count": 1}]',  # unknown denomination
        '[{"denomination": "x", "count": 1}]',
        '[{"denomination": %(d)s, "count": 1.5}]',
        '[{"denomination": %(d)s, "count": "1"}]',
        '[{"denomination": %(d)s, "count": -1}]',
        '[{"denomination": %(d)s, "count": 10000000000}]',
        '[{"denomination": %(d)s, "count": true}]',
        '[{"denomination": %(d)s, "count": 1}, {"denomination": %(d)s, "count": 1}]',
        '[{"denomination": %(d)s, "count": 2}]',  # 20,000 for a 10,000 sale
        "[]",
        "{}",
    ],
)
def test_bad_chip_breakdowns_are_refused(shift, cashier, api_for, breakdown):
    d = next(iter(by_value({10_000: 1})))
    raw = f'{{"amount": "10000", "method": "cash", "chips": {breakdown % {"d": d}}}}'
    response = _post(api_for(cashier), raw)
    assert response.status_code in (400, 404), response.content
    assert not ChipTransaction.objects.exists()


def test_the_breakdown_must_match_the_total(shift, cashier, api_for):
    response = _post(api_for(cashier), f'{{"amount": "15000", "method": "cash", "chips": {_chips({10_000: 1})}}}')
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "breakdown_mismatch"


def test_an_unknown_payment_method_is_refused(shift, cashier, api_for):
    response = _post(api_for(cashier), f'{{"amount": "10000", "method": "iou", "chips": {_chips({10_000: 1})}}}')
    assert response.status_code == 400


@pytest.mark.parametrize(
    "call",
    [
        lambda u: chip_sale_create(actor=u, amount=0.1, method="cash", chips=by_value({100: 1})),
        lambda u: chip_sale_create(actor=u, amount=-100, method="cash", chips=by_value({100: 1})),
        lambda u: chip_sale_create(actor=u, amount=10**20, method="cash", chips=by_value({100: 1})),
        lambda u: chip_sale_create(actor=u, amount=100, method="cash", chips={10**9: 1}),
        lambda u: chip_sale_create(actor=u, amount=100, method="cash", chips=by_value({100: 1.0})),  # type: ignore[dict-item]
        lambda u: chip_sale_create(actor=u, amount=100, method="cash", chips=by_value({100: 10**12})),
        lambda u: chip_redemption_create(actor=u, chips=by_value({100: True})),
        lambda u: chip_redemption_create(actor=u, chips=by_value({100: 2}), amount=100),
    ],
)
def test_the_services_refuse_bad_money_too(shift, cashier, call):
    entries = JournalEntry.objects.count()
    with pytest.raises(DomainError):
        call(cashier)
    assert JournalEntry.objects.count() == entries
    assert_ledger_ok()
