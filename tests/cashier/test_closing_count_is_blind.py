"""The closing count is blind: its cashier sees no expected figure until the count is recorded (controls:
counts). Closing asks for confirmation; afterwards the report shows expected against counted."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from cashier.models import ShiftStatus
from cashier.services.sales import chip_sale_create
from ledger.models import Denomination
from tests.cashier.conftest import VALUES, assert_ledger_ok, by_value

pytestmark = pytest.mark.django_db

# The fixture's drawer opens with 1,000,000 cash and 100 chips of each value; the sale takes in 10,000 cash
# and hands out one 10,000 chip.
EXPECTED_CASH = "1,010,000"
EXPECTED_TENS = "990,000"


@pytest.fixture
def sold(shift, cashier):
    chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    return shift


def _close_form(html: str) -> str:
    match = re.search(r'<form[^>]*id="close-form".*?</form>', html, re.S)
    assert match, "the close form is on the page"
    return match.group(0)


def test_before_the_count_the_cashier_sees_no_expected_amount(sold, cashier, client_for):
    screen = client_for(cashier).get(reverse("cashier:index")).content.decode()
    assert "Sell chips" in screen and EXPECTED_CASH not in screen  # no live drawer balance on the screen
    html = client_for(cashier).get(reverse("cashier:shift_report", args=[sold.pk])).content.decode()
    assert 'data-testid="blind-note"' in html
    assert EXPECTED_CASH not in html and EXPECTED_TENS not in html
    assert ">Expected<" not in html and ">Difference<" not in html and "The ledger expects" not in html
    assert "Sales, cash" not in html and "Fills issued" not in html  # totals would give the expected cash away
    form = _close_form(html)
    assert 'data-confirm="' in form  # closing is irreversible: it asks first
    assert 'value="0"' in form and "1,000,000" not in form  # no count is filled in for the cashier


def test_after_the_count_the_report_shows_expected_counted_and_difference(sold, cashier, client_for):
    client = client_for(cashier)
    counts = dict.fromkeys(VALUES, 100) | {10_000: 99, 100: 95}  # five 100 chips short
    form = {"idempotency_key": str(uuid.uuid4()), "cash": "1010000"}
    form |= {f"chip-{d}": str(n) for d, n in by_value(counts).items()}
    closed = client.post(reverse("cashier:shift_close", args=[sold.pk]), form, follow=True)
    sold.refresh_from_db()
    assert sold.status == ShiftStatus.CLOSED and sold.net_variance == -500
    html = closed.content.decode()
    assert ">Expected<" in html and ">Counted<" in html and ">Difference<" in html
    assert EXPECTED_CASH in html and EXPECTED_TENS in html
    assert "−500" in html  # the difference, signed
    assert 'data-testid="blind-note"' not in html and 'id="close-form"' not in html
    assert_ledger_ok()


def test_a_supervisor_reading_an_open_drawer_is_not_blind(sold, floor_manager, client_for):
    html = client_for(floor_manager).get(reverse("cashier:shift_report", args=[sold.pk])).content.decode()
    assert ">Expected<" in html and EXPECTED_CASH in html and 'id="close-form"' not in html


def test_the_close_form_lists_every_active_chip(sold, cashier, client_for):
    html = client_for(cashier).get(reverse("cashier:shift_report", args=[sold.pk])).content.decode()
    form = _close_form(html)
    assert all(f'name="chip-{d.pk}"' in form for d in Denomination.objects.filter(active=True))


def test_a_refused_count_comes_back_as_it_was_typed(sold, cashier, client_for):
    client = client_for(cashier)
    form = {"idempotency_key": str(uuid.uuid4()), "cash": "1,010,00"}  # a separator out of place
    form |= {f"chip-{d}": "77" for d in by_value(dict.fromkeys(VALUES, 1))}
    refused = client.post(reverse("cashier:shift_close", args=[sold.pk]), form, follow=True)
    sold.refresh_from_db()
    assert sold.status == ShiftStatus.OPEN
    html = refused.content.decode()
    assert "is not an amount" in html
    close = _close_form(html)
    assert 'value="1,010,00"' in close and close.count('value="77"') == len(VALUES)
    again = client.get(reverse("cashier:shift_report", args=[sold.pk])).content.decode()
    assert 'value="77"' not in _close_form(again)  # kept once, for the page that shows the refusal


def test_a_count_typed_as_the_room_writes_amounts_closes_the_drawer(sold, cashier, client_for):
    form = {"idempotency_key": str(uuid.uuid4()), "cash": "1,010,000"}
    form |= {f"chip-{d}": str(n) for d, n in by_value(dict.fromkeys(VALUES, 100) | {10_000: 99}).items()}
    client_for(cashier).post(reverse("cashier:shift_close", args=[sold.pk]), form)
    sold.refresh_from_db()
    assert sold.status == ShiftStatus.CLOSED and sold.net_variance == 0
