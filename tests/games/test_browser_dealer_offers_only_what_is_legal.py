"""Browser: the dealer's screen offers Misdeal only before substantial action (R18), and in an all-in
run-out the shows and mucks of every hand beside the board (R17, case 58)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MISDEAL = "#actions button:has-text('Misdeal')"


def test_dealer_screen_offers_misdeal_then_the_run_out_shows(login_page, live_server, dealer, holdem_table):
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{holdem_table.pk}/deal/")
    page.click("#actions button:has-text('Start hand')")
    page.wait_for_selector("#actions button:has-text('Deal')")
    assert page.locator(MISDEAL).count() == 1
    page.click("#actions button:has-text('Deal')")
    page.wait_for_selector("#seat-3.to-act")
    page.click("#actions button:has-text('All-in')")
    page.wait_for_selector("#seat-1.to-act")
    assert page.locator(MISDEAL).count() == 1  # one action: a misdeal is still taken
    page.click("#actions button:has-text('Fold')")
    page.wait_for_selector("#seat-2.to-act")
    assert page.locator(MISDEAL).count() == 0  # two actions, one putting chips in: substantial
    page.click("#actions button:has-text('Call')")
    # All in before the flop: every hand may be tabled now, beside the board still to deal.
    page.wait_for_selector("#actions button:has-text('Deal board')")
    labels = page.locator("#actions button").all_inner_texts()
    assert [t for t in labels if t.startswith(("Show", "Muck"))] == ["Show 3", "Muck 3", "Show 2", "Muck 2"]
    assert page.locator(MISDEAL).count() == 0
    for card in ("Kh", "Kd"):
        page.click(f"#picker button[data-card='{card}']")
    page.click("#actions button:has-text('Show 2')")
    page.wait_for_selector("#seat-2 .card-face:has-text('Kh')")
    assert page.locator("#actions button:has-text('Show 2')").count() == 0
    assert page.locator("#actions button:has-text('Show 3')").count() == 1
    assert page.locator("#actions button:has-text('Deal board')").count() == 1
