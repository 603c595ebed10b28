"""Browser: a floor manager corrects a mis-keyed bet amount through the hand page's form: picks the event (its
recorded fields fill in), types the right amount, sees the hand replayed with the change, confirms with a
reason, and lands on the new record, which shows the corrected stacks and links the one it corrects."""

from __future__ import annotations

import pytest

from games import services as hands
from games.models import Hand, HandStatus
from tests.games.helpers import HOLDEM_HAND, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_mis_keyed_bet_is_corrected_through_the_form(login_page, live_server, dealer, floor_manager, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    page = login_page(floor_manager)
    page.goto(f"{live_server.url}/hands/{hand.pk}/")

    page.select_option("#correct-index", "9")  # "9. Seat 2 bets 4,000": htmx fills in what was recorded
    page.wait_for_selector("#correct-amount[value='4,000']")  # no script is evaluated under the policy
    assert page.input_value("#correct-kind") == "bet" and page.input_value("#correct-seat") == "2"
    page.fill("#correct-amount", "6,000")
    page.click("#correct-form button[type=submit]")

    page.wait_for_selector("#correction-preview")
    assert page.inner_text("#preview-pot") == "14,500 → 18,500"
    assert page.inner_text("#preview-fee") == "725 → 925"
    assert "91,000" in page.inner_text("#preview-stacks tr[data-seat='3']")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280  # no sideways scrolling at 1280x800
    assert Hand.objects.count() == 1  # the preview recorded nothing

    page.fill("#correct-reason", "turn bet was 6,000")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#correct-confirm button[type=submit]")
    new = Hand.objects.exclude(pk=hand.pk)
    page.wait_for_url(f"{live_server.url}/hands/*/")
    [corrected] = new
    assert page.url == f"{live_server.url}/hands/{corrected.pk}/"
    assert page.inner_text("#hand-pot") == "18,500" and page.inner_text("#hand-fee") == "925"
    assert "91,000" in page.inner_text("section.card table.list")
    page.click(f"a[href='/hands/{hand.pk}/']")  # "Corrects": the record corrected, kept and marked
    page.wait_for_selector("#hand-status.superseded")
    assert "turn bet was 6,000" in page.inner_text("#status-changes")
    assert Hand.objects.get(pk=hand.pk).status == HandStatus.SUPERSEDED
