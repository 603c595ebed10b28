"""Browser, Club Poker: the draw buttons show what the cards cost ("Draw 2 · 2,000"), a draw the stack cannot pay
is not offered, and a player who bought cards is told why they may not bet (club-poker.md)."""

from __future__ import annotations

import pytest

from games import services as hands
from tests.games.helpers import act, ev, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_draw_buttons_show_the_price_and_a_drawn_player_is_told_why_no_bet(
    login_page, live_server, dealer, hand_table, club_poker
):
    table = hand_table(club_poker, dealer, players=0)
    for seat, stack in ((1, 100_000), (2, 100_000), (3, 100_000)):
        hand_table.sit(table, seat, stack)
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    record(dealer, hand, ev("deal"), act(1, "check"), act(2, "bet", 2000), act(3, "fold"), act(1, "call"))
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    page.wait_for_selector("#actions button:has-text('Stand pat')")
    labels = page.locator("#actions button").all_inner_texts()
    assert labels[:4] == ["Stand pat", "Draw 1 · 1,000", "Draw 2 · 2,000", "Draw 3 · 3,000"]
    assert page.locator("#no-raise").is_hidden()
    page.click("#actions button:has-text('Draw 2 · 2,000')")
    page.wait_for_selector("#seat-2.to-act")
    page.click("#actions button:has-text('Stand pat')")
    page.wait_for_selector("#seat-1.to-act")
    note = page.locator("#no-raise")
    assert note.is_visible() and note.get_attribute("data-code") == "drew"
    assert note.inner_text() == (
        "Seat 1 bought cards: after a draw a player may only check, call or fold, not bet or raise (Club Poker rules)."
    )
    assert page.locator("#actions button:has-text('Bet')").count() == 0
    assert page.locator("#seat-1 .stack").inner_text() == "95,000"  # 1,000 ante, 2,000 called, 2,000 for cards
    page.click("#actions button:has-text('Check')")
    page.wait_for_selector("#seat-2.to-act")
    assert note.is_hidden() and page.locator("#actions button:has-text('Bet')").count() == 1


def test_a_draw_the_stack_cannot_pay_is_not_offered(login_page, live_server, dealer, hand_table, club_poker):
    table = hand_table(club_poker, dealer, players=0)
    for seat, stack in ((1, 4_000), (2, 100_000)):
        hand_table.sit(table, seat, stack)
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    record(dealer, hand, ev("deal"), act(1, "check"), act(2, "bet", 1000), act(1, "call"))
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    page.wait_for_selector("#seat-1.to-act")
    assert page.locator("#seat-1 .stack").inner_text() == "2,000"
    assert page.locator("#actions button:has-text('Draw 2 · 2,000')").is_enabled()
    assert page.locator("#actions button:has-text('Draw 3 · 3,000')").is_disabled()
