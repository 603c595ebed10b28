"""In Chromium: a cashier sells chips with the keyboard and prints the receipt."""

from __future__ import annotations

import pytest

from cashier.models import ChipTransaction
from ledger.models import Denomination
from tests.cashier.conftest import assert_ledger_ok

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_cashier_sells_chips_and_prints_the_receipt(login_page, live_server, cashier, shift):
    from playwright.sync_api import expect

    page = login_page(cashier)
    page.goto(f"{live_server.url}/cashier/")
    amount = page.locator("#sale-amount")
    assert amount.evaluate("el => el === document.activeElement")  # keyboard first: focus starts here
    amount.type("36000")
    ten = Denomination.objects.get(value=10_000)
    # The proposed breakdown arrives over htmx: largest chips first. (Not page.wait_for_function: it evaluates
    # a string in the page, which the Content Security Policy refuses.)
    expect(page.locator(f"#sale-chip-{ten.pk}")).to_have_value("1")
    page.evaluate("window.__printed = false; window.print = () => { window.__printed = true; }")
    amount.press("Enter")
    page.wait_for_url("**/cashier/receipts/*/")
    txn = ChipTransaction.objects.get()
    assert page.locator("[data-testid=receipt-number]").inner_text() == txn.receipt_label
    assert page.locator("[data-testid=receipt-amount]").inner_text() == "36,000"
    page.evaluate("window.__printed = false; window.print = () => { window.__printed = true; }")
    page.click("#print-receipt")
    assert page.evaluate("window.__printed") is True
    page.emulate_media(media="print")
    assert not page.locator("#print-receipt").is_visible()  # the receipt prints without the buttons
    assert_ledger_ok()
