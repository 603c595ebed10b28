"""Browser: a seat with no chips recorded no longer stops the dealer: the screen offers the buy-in right there,
and an add-on between hands is typed in the room's money format; both reach the stack ledger."""

from __future__ import annotations

import pytest

from games.models import Hand, SeatStack, StackKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_dealer_enters_the_missing_buy_in_then_starts(login_page, live_server, dealer, hand_table, holdem):
    table = hand_table(holdem, dealer, players=2)
    hand_table.sit(table, 3, None)
    page = login_page(dealer)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    page.click("#actions button:has-text('Start hand')")
    page.wait_for_selector("#message.error:has-text('has no chips recorded: enter the buy-in')")
    page.wait_for_selector("#chips-seat-3.needs-buy-in")
    # The buy-in field of that seat has the focus: the dealer types and presses Enter.
    assert page.evaluate("document.activeElement.id") == "chips-amount-3"
    page.keyboard.type("60000")
    page.keyboard.press("Enter")
    page.wait_for_selector("#chips-done:has-text('Seat 3: buy-in 60,000 recorded; stack 60,000.')")
    row = SeatStack.objects.filter(seat_number=3).get()
    assert (row.kind, row.stack) == (StackKind.BUY_IN, 60_000)
    page.click("#actions button:has-text('Start hand')")
    page.wait_for_selector("#actions button:has-text('Deal')")
    assert page.locator("#seat-3 .stack").inner_text() in ("60,000", "59,500", "59,000")
    assert Hand.objects.filter(table=table).count() == 1


def test_a_refused_add_on_is_shown_and_a_good_one_recorded(login_page, live_server, dealer, holdem_table):
    page = login_page(dealer)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{live_server.url}/hands/tables/{holdem_table.pk}/deal/")
    page.fill("#chips-amount-2", "1e3")
    page.click("#chips-seat-2 button")
    page.wait_for_selector("#chips-error")
    assert "is not an amount" in page.inner_text("#chips-error")
    assert page.input_value("#chips-amount-2") == "1e3"
    assert not SeatStack.objects.filter(kind=StackKind.ADD_ON).exists()
    page.fill("#chips-amount-2", "15000")
    page.click("#chips-seat-2 button")
    page.wait_for_selector("#chips-done")
    assert page.locator("#chips-seat-2 .stack").inner_text() == "115,000"
    assert SeatStack.objects.get(kind=StackKind.ADD_ON).change == 15_000
