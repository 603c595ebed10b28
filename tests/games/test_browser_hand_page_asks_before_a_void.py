"""Browser: voiding a hand from its page asks first; declined, nothing is sent; accepted, the hand is void."""

from __future__ import annotations

import pytest

from games import services as hands
from games.models import Hand, HandStatus
from tests.games.helpers import HOLDEM_HAND, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_void_is_confirmed_before_it_is_sent(login_page, live_server, dealer, floor_manager, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    page = login_page(floor_manager)
    page.goto(f"{live_server.url}/hands/{hand.pk}/")
    asked: list[str] = []

    def decline(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", decline)
    page.fill("#void-reason", "dealt at the wrong table")
    page.click("#void-form button[type=submit]")
    page.wait_for_timeout(300)
    assert asked and asked[0].startswith("Void hand #1?")
    assert Hand.objects.get(pk=hand.pk).status == HandStatus.COMPLETE

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#void-form button[type=submit]")
    page.wait_for_selector("#hand-status.voided")
    assert Hand.objects.get(pk=hand.pk).status == HandStatus.VOIDED
    assert page.locator("#void-form").count() == 0
