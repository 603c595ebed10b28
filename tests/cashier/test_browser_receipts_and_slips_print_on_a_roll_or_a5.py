"""In Chromium: a receipt and a fill slip print on one page of an 80 mm roll (or on A5), with the amounts in the
room's currency and the signature lines (cashier and player; cashier, dealer and security)."""

from __future__ import annotations

import re

import pytest

from cashier.services.sales import chip_sale_create
from cashier.services.slips import slip_request, slip_void_confirm, slip_void_request
from tests.cashier.conftest import by_value

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MM = 72 / 25.4  # PDF points per millimetre


def _pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """Width and height (points) of each page of a PDF Chromium wrote (its page objects are not compressed)."""
    assert pdf.startswith(b"%PDF")
    count = re.search(rb"/Type\s*/Pages\b.*?/Count\s+(\d+)", pdf, re.S)
    assert count
    boxes = [tuple(float(v) for v in box.split()) for box in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", pdf)]
    assert len(boxes) == int(count.group(1))
    return [(box[2] - box[0], box[3] - box[1]) for box in boxes]


def _printed_text(page) -> str:
    page.emulate_media(media="print")
    text = str(page.locator(".printout").inner_text())
    assert not page.locator("[data-print]").is_visible()  # the buttons do not print
    assert not page.locator("[data-testid=paper-choice]").is_visible()
    return text


def test_a_receipt_prints_on_one_80mm_page_with_currency_and_signatures(
    login_page, live_server, cashier, shift, player
):
    txn = chip_sale_create(
        actor=cashier,
        amount=136_000,
        method="cash",
        chips=by_value({100_000: 1, 25_000: 1, 10_000: 1, 1_000: 1}),
        player_id=player.pk,
    )
    page = login_page(cashier)
    page.goto(f"{live_server.url}/cashier/receipts/{txn.pk}/?paper=80mm")
    pages = _pdf_pages(page.pdf(prefer_css_page_size=True))
    assert len(pages) == 1
    width, _height = pages[0]
    assert abs(width - 80 * MM) < 1.5, width
    text = _printed_text(page)
    assert "136,000 AMD" in text and "(AMD)" in text
    signatures = page.locator("[data-testid=signature]")
    assert signatures.count() == 2
    assert signatures.nth(0).inner_text().startswith("Cashier") and signatures.nth(1).inner_text().startswith("Player")
    assert player.full_name in signatures.nth(1).inner_text()
    line = page.locator(".signature-line").first.bounding_box()
    assert line and line["width"] > 100  # a line long enough to sign on


def test_the_paper_is_chosen_on_the_page_and_kept(login_page, live_server, cashier, shift):
    first = chip_sale_create(actor=cashier, amount=5_000, method="cash", chips=by_value({5_000: 1}))
    second = chip_sale_create(actor=cashier, amount=1_000, method="card", chips=by_value({1_000: 1}))
    page = login_page(cashier)
    page.goto(f"{live_server.url}/cashier/receipts/{first.pk}/")
    page.click("[data-paper=a5]")
    page.wait_for_url("**?paper=a5")
    ((width, height),) = _pdf_pages(page.pdf(prefer_css_page_size=True))
    assert abs(width - 148 * MM) < 1.5 and abs(height - 210 * MM) < 1.5
    page.goto(f"{live_server.url}/cashier/receipts/{second.pk}/")  # the window's printer does not change
    ((width, _height),) = _pdf_pages(page.pdf(prefer_css_page_size=True))
    assert abs(width - 148 * MM) < 1.5


def test_a_fill_slip_prints_with_cashier_dealer_and_security_lines(
    login_page, live_server, cashier, shift, floor_manager, table
):
    slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({25_000: 4, 1_000: 20}))
    page = login_page(cashier)
    page.goto(f"{live_server.url}/cashier/slips/")
    page.click(f"a[href='/cashier/slips/{slip.pk}/print/']")
    page.wait_for_url(f"**/cashier/slips/{slip.pk}/print/")
    assert len(_pdf_pages(page.pdf(prefer_css_page_size=True))) == 1
    text = _printed_text(page)
    assert slip.label in text and "120,000 AMD" in text and "Table 1" in text
    roles = [r.split("\n")[0] for r in page.locator("[data-testid=signature]").all_inner_texts()]
    assert roles == ["Cashier's signature", "Dealer's signature", "Security's signature"]


def test_a_void_slip_prints_marked_void_with_its_reason(login_page, live_server, cashier, shift, floor_manager, table):
    slip = slip_request(actor=floor_manager, kind="credit", table_id=table.pk, chips=by_value({5_000: 2}))
    slip_void_request(actor=cashier, slip_id=slip.pk, reason="wrong table")
    slip_void_confirm(actor=floor_manager, slip_id=slip.pk)
    page = login_page(cashier)
    page.goto(f"{live_server.url}/cashier/slips/{slip.pk}/print/?paper=a5")
    text = _printed_text(page)
    assert "VOID — wrong table" in text
    roles = [r.split("\n")[0] for r in page.locator("[data-testid=signature]").all_inner_texts()]
    assert roles == [
        "Dealer's signature",
        "Cashier's signature",
        "Security's signature",
    ]  # a credit leaves the table for the cage
