"""Browser: the pot on the dealer's screen is split into main and side pots only once a player is all-in, and
the parts shown always add up to the total shown."""

from __future__ import annotations

import pytest

from games import services as hands
from tests.games.helpers import act, ev, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _pots(page) -> tuple[int, list[int], str]:
    total = int(page.get_attribute("#pots .pot-total", "data-amount"))
    parts = [int(a) for a in page.eval_on_selector_all("#pots .pot-part", "els => els.map(e => e.dataset.amount)")]
    return total, parts, page.inner_text("#pots")


def test_side_pots_only_with_an_all_in_and_their_parts_add_up(login_page, live_server, dealer, hand_table, holdem):
    table = hand_table(holdem, dealer, players=0)
    for seat, stack in ((1, 10_000), (2, 50_000), (3, 50_000)):
        hand_table.sit(table, seat, stack)
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand  # button 3, blinds 1 (500) and 2 (1,000)
    record(dealer, hand, ev("deal"), act(3, "raise", 3000))
    page = login_page(dealer)
    url = f"{live_server.url}/hands/tables/{table.pk}/deal/"
    page.goto(url)
    page.wait_for_selector("#pots .pot-total")
    # Nobody all-in: the bets in layers are not side pots; only the total is shown.
    assert _pots(page) == (4_500, [], "Pot 4,500")

    record(dealer, hand, act(1, "raise", 10_000), act(2, "call"), act(3, "raise", 30_000), act(2, "call"))
    page.goto(url)
    page.wait_for_selector("#pots .pot-part")
    total, parts, text = _pots(page)
    assert (total, parts) == (70_000, [30_000, 40_000]) and sum(parts) == total
    assert text == "Pot 70,000 = main 30,000 + side 40,000"

    record(dealer, hand, ev("board", cards="2s7c9d"), act(2, "bet", 5000))
    page.goto(url)
    page.wait_for_selector("#pots .pot-part")
    total, parts, text = _pots(page)
    assert total == 75_000 and sum(parts) == total
    assert text == "Pot 75,000 = main 30,000 + side 40,000 + not called yet 5,000"
