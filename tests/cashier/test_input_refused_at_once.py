"""The cage refuses malformed input at once: money outside its grammar, huge numbers, doubled keys,
and ids that are missing or someone else's answer 404, never a traceback."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cashier.models import ChipTransaction
from cashier.services.sales import chip_sale_create
from config.models import IdempotencyKey
from tests.cashier.conftest import assert_ledger_ok, by_value, key

pytestmark = pytest.mark.django_db
SALE = "/api/v1/cashier/sales/create/"
HOSTILE = ["1e999999", "1e3", "1_000", "１０００", "9" * 5000]


def _sale(amount: object) -> dict[str, object]:
    chips = by_value({1_000: 1})
    return {"amount": amount, "method": "cash", "chips": [{"denomination": d, "count": n} for d, n in chips.items()]}


@pytest.mark.parametrize("amount", HOSTILE, ids=lambda v: v[:12])
def test_the_sale_api_refuses_an_amount_outside_the_grammar(shift, cashier, api_for, amount):
    response = api_for(cashier).post(SALE, _sale(amount), format="json", HTTP_IDEMPOTENCY_KEY=key())
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] in {"invalid", "bad_money"}
    assert not ChipTransaction.objects.exists()
    assert not IdempotencyKey.objects.exists()


@pytest.mark.parametrize("amount", HOSTILE, ids=lambda v: v[:12])
def test_the_sale_page_refuses_an_amount_outside_the_grammar(shift, cashier, client_for, amount):
    form = {"idempotency_key": key(), "amount": amount, "method": "cash"}
    form |= {f"chip-{d}": n for d, n in by_value({1_000: 1}).items()}
    response = client_for(cashier).post(reverse("cashier:sale"), form, follow=True)
    assert response.status_code == 200
    assert b"is not an amount" in response.content or b"larger than any amount" in response.content
    assert not ChipTransaction.objects.exists()


@pytest.mark.parametrize("amount", HOSTILE, ids=lambda v: v[:12])
def test_the_breakdown_query_parameter_refuses_an_amount_outside_the_grammar(shift, cashier, client_for, amount):
    part = client_for(cashier).get(reverse("cashier:hx_breakdown"), {"amount": amount}, HTTP_HX_REQUEST="true")
    assert part.status_code == 200
    assert b"is not an amount" in part.content or b"larger than any amount" in part.content
    [chip] = by_value({1_000: 1})
    assert f'name="chip-{chip}" inputmode="numeric" pattern="[0-9]*" value="1"'.encode() not in part.content


@pytest.mark.parametrize(
    "field",
    [{"player": "9" * 5000}, {"player": "²"}, {"player": str(2**63)}, {"chip": "9" * 5000}, {"chip": "²"}],
    ids=["5000-digit player", "superscript player", "player beyond bigint", "5000-digit count", "superscript count"],
)
def test_a_page_refuses_a_number_it_cannot_hold(shift, cashier, page_client_for, field):
    [(denomination, count)] = by_value({1_000: 1}).items()
    form = {"idempotency_key": key(), "amount": "1000", "method": "cash", f"chip-{denomination}": count}
    if "player" in field:
        form["player"] = field["player"]
    else:
        form[f"chip-{denomination}"] = field["chip"]
    response = page_client_for(cashier).post(reverse("cashier:sale"), form, follow=True)
    assert response.status_code == 200
    assert b"is not a" in response.content
    assert not ChipTransaction.objects.exists()


@pytest.mark.parametrize("header", ["k-1,k-2", "k-1, k-2"])
def test_two_idempotency_key_headers_are_refused_so_a_retry_cannot_sell_twice(shift, cashier, api_for, header):
    api = api_for(cashier)
    # Two header lines arrive joined with a comma (WSGI folds repeated headers).
    response = api.post(SALE, _sale("1000"), format="json", HTTP_IDEMPOTENCY_KEY=header)
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "bad_idempotency_key"
    assert api.post(SALE, _sale("1000"), format="json", HTTP_IDEMPOTENCY_KEY="k-1").status_code == 201
    assert ChipTransaction.objects.count() == 1
    assert_ledger_ok()


@pytest.mark.parametrize("name", ["cashier:receipt", "cashier:shift_report", "cashier:shift_export"])
@pytest.mark.parametrize("pk", [999_999, 2**63], ids=["missing", "beyond bigint"])
def test_a_missing_receipt_or_shift_is_404(shift, cashier, page_client_for, name, pk):
    assert page_client_for(cashier).get(reverse(name, args=[pk])).status_code == 404


def test_another_cashiers_receipt_and_shift_are_404(shift, cashier, second_cashier, open_shift, page_client_for):
    other = open_shift(second_cashier)
    sale = chip_sale_create(actor=second_cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
    client = page_client_for(cashier)
    assert client.get(reverse("cashier:receipt", args=[sale.pk])).status_code == 404
    assert client.get(reverse("cashier:shift_report", args=[other.pk])).status_code == 404
    assert client.get(reverse("cashier:shift_export", args=[other.pk])).status_code == 404
    assert page_client_for(second_cashier).get(reverse("cashier:receipt", args=[sale.pk])).status_code == 200
