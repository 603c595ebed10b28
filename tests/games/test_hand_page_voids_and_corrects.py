"""A floor manager voids or corrects a hand from its page through the correction services: confirmation asked,
a reason required, refusals shown on the page and nothing changed; the page tells the hand in the room's words."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import reverse

from games import services as hands
from games.models import Hand, HandStatus, HandStatusChange
from tests.games.helpers import HOLDEM_HAND, act, ev, record, row_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(dealer, holdem_table) -> Hand:
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    assert hand.status == HandStatus.COMPLETE
    return hand


def _page(client: Any, hand: Hand) -> str:
    html: str = client.get(reverse("games:hand", args=[hand.pk])).content.decode()
    return html


def test_the_page_offers_void_and_correct_to_a_floor_manager_with_confirmation(page_client_for, floor_manager, played):
    html = _page(page_client_for(floor_manager), played)
    assert 'id="void-form"' in html and 'id="correct-form"' in html
    assert re.search(r'id="void-form"\s+data-confirm="Void hand', html)
    # The correction is a form over the recorded events, each offered by its number and its line in the log
    # (tests/games/test_hand_page_corrects_through_a_form.py follows it to the record).
    assert "<textarea" not in html
    assert '<option value="9">9. Seat 2 bets 4,000</option>' in html


def test_a_dealer_sees_no_void_or_correct_and_is_refused_by_the_pages(page_client_for, dealer, played):
    client = page_client_for(dealer)
    html = _page(client, played)
    assert 'id="void-form"' not in html and 'id="correct-form"' not in html
    response = client.post(reverse("games:hand_void", args=[played.pk]), {"reason": "wrong"})
    assert response.status_code == 403
    played.refresh_from_db()
    assert played.status == HandStatus.COMPLETE


def test_a_void_without_a_reason_is_refused_on_the_page_and_changes_nothing(page_client_for, floor_manager, played):
    before = row_counts()
    response = page_client_for(floor_manager).post(reverse("games:hand_void", args=[played.pk]), {"reason": "  "})
    assert response.status_code == 200
    assert 'id="void-error"' in response.content.decode() and "A reason is required." in response.content.decode()
    played.refresh_from_db()
    assert played.status == HandStatus.COMPLETE and row_counts() == before


def test_a_void_marks_the_hand_void_with_the_reason_and_is_not_offered_again(page_client_for, floor_manager, played):
    client = page_client_for(floor_manager)
    response = client.post(reverse("games:hand_void", args=[played.pk]), {"reason": "dealt at the wrong table"})
    assert response.status_code == 302 and response["Location"] == reverse("games:hand", args=[played.pk])
    played.refresh_from_db()
    assert played.status == HandStatus.VOIDED
    change = HandStatusChange.objects.get(hand=played, to_status=HandStatus.VOIDED)
    assert (change.to_status, change.reason, change.created_by_id) == (
        HandStatus.VOIDED,
        "dealt at the wrong table",
        floor_manager.pk,
    )
    html = client.get(response["Location"]).content.decode()
    assert "is void" in html and "dealt at the wrong table" in html
    assert 'id="void-form"' not in html and 'id="correct-form"' not in html
    # Sent again (a second tab): refused, shown, nothing more recorded.
    again = client.post(reverse("games:hand_void", args=[played.pk]), {"reason": "twice"})
    assert again.status_code == 200 and "is already voided" in again.content.decode()
    assert HandStatusChange.objects.filter(hand=played, to_status=HandStatus.VOIDED).count() == 1


def test_a_correction_supersedes_the_hand_with_a_new_record(page_client_for, floor_manager, played):
    events = [*HOLDEM_HAND[:-2], ev("show", seat=2, cards="KhKd"), ev("muck", seat=3)]
    events[1] = act(3, "raise", 4000)  # the raise was 4,000, not 3,000
    text = "\n".join(json.dumps(e) for e in events)
    response = page_client_for(floor_manager).post(
        reverse("games:hand_correct", args=[played.pk]), {"events": text, "reason": "raise misread"}
    )
    assert response.status_code == 302
    new = Hand.objects.get(corrects=played)
    assert response["Location"] == reverse("games:hand", args=[new.pk])
    played.refresh_from_db()
    assert played.status == HandStatus.SUPERSEDED and new.status == HandStatus.COMPLETE
    assert new.pot == 16_500 and new.revision == played.revision + 1


@pytest.mark.parametrize(
    ("events", "reason", "message"),
    [
        ("not json", "typo", "Line 1 is not an event"),
        ('{"type": "deal"}\n[1, 2]', "typo", "Line 2 is not an event"),
        ("", "typo", "Enter the corrected hand"),
        ('{"type": "deal"}', "typo", "is not finished"),
        ('{"type": "deal"}\n{"type": "action", "seat": 3, "kind": "fly"}', "typo", "Event 2 (Seat 3: fly)"),
        ("x" * 100_001, "typo", "longer than"),
        ('{"type": "deal"}', "", "A reason is required."),
    ],
)
def test_a_bad_correction_is_refused_on_the_page_with_what_was_typed(
    page_client_for, floor_manager, played, events, reason, message
):
    before = row_counts()
    response = page_client_for(floor_manager).post(
        reverse("games:hand_correct", args=[played.pk]), {"events": events, "reason": reason}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="correct-error"' in html and message in html, html[html.find("correct-error") :][:300]
    assert row_counts() == before
    played.refresh_from_db()
    assert played.status == HandStatus.COMPLETE


def test_the_page_shows_money_streets_and_names_in_words(page_client_for, floor_manager, dealer, played):
    dealer.first_name, dealer.last_name = "Daniel", "Dealer"
    dealer.save(update_fields=["first_name", "last_name"])
    html = _page(page_client_for(floor_manager), played)
    assert '<strong id="hand-pot">14,500</strong>' in html and '<strong id="hand-fee">725</strong>' in html
    assert '<strong id="hand-dealer">Daniel Dealer</strong>' in html
    headings = re.findall(r'<h3 data-street="(\w+)">([^<]+)</h3>', html)
    assert headings == [("preflop", "Preflop"), ("flop", "Flop"), ("turn", "Turn"), ("river", "River")]
    assert "Seat 3 raises to 3,000" in html and "Seat 2 bets 4,000" in html and "13,775" in html
