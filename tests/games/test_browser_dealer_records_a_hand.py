"""Browser: a dealer records a full Hold'em hand on the dealer's screen with the buttons only."""

from __future__ import annotations

import pytest

from games.models import Hand, HandStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_dealer_records_a_holdem_hand_with_buttons(login_page, live_server, dealer, holdem_table):
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{holdem_table.pk}/deal/")
    page.click("#actions button:has-text('Start hand')")
    page.wait_for_selector("#actions button:has-text('Deal')")
    page.click("#actions button:has-text('Deal')")
    # Seat 3 faces the big blind: calling is offered, checking is not (illegal, so absent).
    page.wait_for_selector("#seat-3.to-act")
    assert page.locator("#actions button:has-text('Check')").count() == 0
    assert page.locator("#actions button:has-text('Call 1,000')").count() == 1
    page.click("#actions button:has-text('Call 1,000')")
    page.wait_for_selector("#seat-1.to-act")
    page.keyboard.press("c")  # the small blind completes with the keyboard shortcut
    page.wait_for_selector("#seat-2.to-act")
    page.click("#actions button:has-text('Check')")
    # The flop: pick three cards; used cards are greyed out.
    page.wait_for_selector("#picker button[data-card='As']")
    for card in ("As", "7c", "9d"):
        page.click(f"#picker button[data-card='{card}']")
    page.click("#actions button:has-text('Deal board')")
    for seat in (1, 2, 3):
        page.wait_for_selector(f"#seat-{seat}.to-act")
        page.click("#actions button:has-text('Check')")
    # The turn: the flop's cards are greyed out in the picker.
    page.wait_for_selector("#picker button[data-card='As']:disabled")
    assert page.locator("#picker button[data-card='7c']").is_disabled()
    page.click("#picker button[data-card='Kd']")
    page.click("#actions button:has-text('Deal board')")
    page.wait_for_selector("#seat-1.to-act")
    page.click("#actions button:has-text('Check')")
    page.wait_for_selector("#seat-2.to-act")
    page.click("#presets button:has-text('Pot')")
    page.click("#raise")
    page.wait_for_selector("#seat-3.to-act")
    page.click("#actions button:has-text('Fold')")
    page.wait_for_selector("#seat-1.to-act")
    page.click("#actions button:has-text('Fold')")
    page.wait_for_selector("#actions button:has-text('Next hand')")

    hand = Hand.objects.get()
    assert hand.status == HandStatus.COMPLETE
    assert (hand.pot, hand.fee) == (3000, 150)  # three big blinds; the pot bet came back uncalled
    page.click("#log-link")
    page.wait_for_selector("#hand-pot")
    assert page.inner_text("#hand-pot") == "3,000" and page.inner_text("#hand-fee") == "150"
    page.goto(f"{live_server.url}/hands/")
    row = page.locator(f"tr[data-hand='{hand.pk}']")
    assert row.locator(".pot").inner_text() == "3,000" and row.locator(".fee").inner_text() == "150"


def test_the_dealer_sees_an_away_player_sitting_out(login_page, live_server, dealer, club_table):
    from tables import services as floor
    from tables.models import SeatSession

    session = SeatSession.objects.get(table=club_table, seat_number=2, ended_at__isnull=True)
    floor.seat_away_start(actor=dealer, session_id=session.pk)
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{club_table.pk}/deal/")
    page.click("#actions button:has-text('Start hand')")
    page.wait_for_selector("#seat-2.sitting-out")
    assert "sitting out" in page.inner_text("#seat-2")
    assert page.locator("#seat-1:not(.sitting-out)").count() == 1
    assert page.locator("#seat-3:not(.sitting-out)").count() == 1
