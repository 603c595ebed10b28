"""Browser: at the end of a hand the dealer's screen says who won which pot, how much, the fee and every final
stack, and keeps saying it (a reload too) until the next hand starts."""

from __future__ import annotations

import pytest

from games import services as hands
from tests.games.helpers import HOLDEM_HAND, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_result_of_a_hand_stays_until_the_next_one(login_page, live_server, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND[:-1])  # everything but seat 3 showing
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{holdem_table.pk}/deal/")
    assert page.locator("#summary").is_hidden()
    page.click("#actions button:has-text('Show 3')")
    page.wait_for_selector("#summary:not([hidden])")

    def check() -> None:
        pots = page.locator("#summary .pot-won").all_inner_texts()
        name = hand.seats.get(seat_number=2).player.masked_name
        assert pots == [f"Pot 14,500: seat 2 {name} wins 13,775 · fee 725"]
        assert page.inner_text("#summary .fee-total") == "Fee in all: 725"
        rows = page.locator("#summary .final-stacks tbody tr")
        finals = {r.get_attribute("data-seat"): r.locator("td.final").inner_text() for r in rows.all()}
        # Seat 1 lost its small blind; seat 2 put in 7,000 and won 13,775; seat 3 lost 7,000.
        assert finals == {"1": "99,500", "2": "106,775", "3": "93,000"}
        assert rows.nth(1).locator("td").last.inner_text() == "+6,775"
        assert "(complete)" in page.inner_text("#hand-label")

    check()
    # The chips panel is back between hands, with the stacks the hand left.
    page.wait_for_selector("#chips-seat-2:has-text('106,775')")
    page.reload()
    page.wait_for_selector("#summary:not([hidden])")
    check()
    page.click("#actions button:has-text('Next hand')")
    page.wait_for_selector("#actions button:has-text('Deal')")
    assert page.locator("#summary").is_hidden()
    assert page.locator("#chips").is_hidden()
