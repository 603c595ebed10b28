"""A floor manager corrects a mis-keyed hand through the form on its page: pick the event, say what happened,
see the hand replayed with the change (stacks, pots, fee before and after), then record it with a reason. An
impossible correction is refused with the engine's reason in the reader's language, and nothing is stored."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

import pytest
from django.urls import reverse

from games import services as hands
from games.models import Hand, HandStatus, SeatStack, StackKind
from tests.games.helpers import HOLDEM_HAND, record, row_counts

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def played(dealer, holdem_table) -> Hand:
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    return hand


def _hidden(html: str, form_id: str) -> str:
    form = html[html.index(f'id="{form_id}"') :]
    found = re.search(r'name="events" value="([^"]*)"', form)
    assert found, f"no events in #{form_id}"
    return html_lib.unescape(found.group(1))


def _preview(client: Any, hand: Hand, html: str | None = None, **fields: str) -> Any:
    data = {"op": "change", **fields}
    if html is not None:  # a second change builds on the list the form carries
        data["events"] = _hidden(html, "correct-form")
    return client.post(reverse("games:hand_correct_preview", args=[hand.pk]), data, **HTMX)


def test_picking_an_event_fills_the_form_with_what_was_recorded(page_client_for, floor_manager, played):
    response = page_client_for(floor_manager).post(
        reverse("games:hand_correct_form", args=[played.pk]), {"index": "9", "kind": "fold"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html and html.lstrip().startswith('<div id="correct-editor"')
    assert '<option value="9" selected>9. Seat 2 bets 4,000</option>' in html
    assert '<option value="bet" selected>Bet</option>' in html and '<option value="2" selected>2</option>' in html
    assert 'value="4,000"' in html


def test_a_mis_keyed_bet_is_previewed_then_recorded_with_both_records_kept(page_client_for, floor_manager, played):
    client = page_client_for(floor_manager)
    before = row_counts()
    response = _preview(client, played, index="9", kind="bet", seat="2", amount="6,000")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html, html[:500]
    assert row_counts() == before  # a preview writes nothing
    assert re.search(r"<td>Seat 2 bets 4,000</td><td><strong>Seat 2 bets 6,000</strong>", html)
    seat3 = re.search(r'<tr data-seat="3" class="changed">(.*?)</tr>', html, re.S)
    assert seat3 and re.findall(r'<td class="num">([^<]+)</td>', seat3.group(1)) == ["93,000", "91,000", "−2,000"]
    assert '<span id="preview-pot">14,500 → <strong>18,500</strong></span>' in html
    assert '<span id="preview-fee">725 → <strong>925</strong></span>' in html
    assert 'id="correct-confirm"' in html and 'data-confirm="Correct hand #1?' in html

    answer = client.post(
        reverse("games:hand_correct", args=[played.pk]),
        {"events": _hidden(html, "correct-confirm"), "reason": "turn bet was 6,000"},
    )
    new = Hand.objects.get(corrects=played)
    assert answer.status_code == 302 and answer["Location"] == reverse("games:hand", args=[new.pk])
    played.refresh_from_db()
    assert played.status == HandStatus.SUPERSEDED and (new.pot, new.fee) == (18_500, 925)
    stacks = dict(SeatStack.objects.filter(hand=new, kind=StackKind.CORRECTION).values_list("seat_number", "stack"))
    assert stacks == {2: 108_575, 3: 91_000}
    page = client.get(answer["Location"]).content.decode()
    assert f'<a href="{reverse("games:hand", args=[played.pk])}">' in page  # "Corrects" the superseded record
    assert "91,000" in page and "Seat 2 bets 6,000" in page
    old_page = client.get(reverse("games:hand", args=[played.pk])).content.decode()
    assert 'id="corrected-by"' in old_page and "Seat 2 bets 4,000" in old_page and "turn bet was 6,000" in old_page


def test_a_second_change_builds_on_the_first(page_client_for, floor_manager, played):
    client = page_client_for(floor_manager)
    first = _preview(client, played, index="9", kind="bet", seat="2", amount="6,000").content.decode()
    second = _preview(client, played, first, index="15", kind="muck", seat="3").content.decode()
    assert 'id="correct-error"' not in second, second[:600]
    assert "Seat 2 bets 6,000" in second and re.search(r"<strong>Seat 3 mucks</strong>", second)
    assert '<span id="preview-pot">14,500 → <strong>18,500</strong></span>' in second


def test_an_event_is_inserted_and_a_refused_change_is_kept_to_mend(page_client_for, floor_manager, played):
    client = page_client_for(floor_manager)
    before = row_counts()
    # Seat 2 bet 2,000 on the flop (after event 5, the flop): seat 2's check that follows is now refused...
    first = _preview(client, played, index="5", op="insert", kind="bet", seat="2", amount="2,000").content.decode()
    assert "Event 7 (Seat 2 checks): seat 2 is not to act: seat 3 is." in first
    assert '<option value="7" selected>7. Seat 2 checks</option>' in first  # the refused event, picked
    pending = first[first.index('id="pending-changes"') :]
    assert re.search(r'<td class="num">6</td><td>—</td><td><strong>Seat 2 bets 2,000</strong>', pending)
    # ...and mended by the next changes: seat 3 called it; seat 3's check after that is refused, then removed.
    second = _preview(client, played, first, index="7", kind="call", seat="3").content.decode()
    assert "Event 8 (Seat 3 checks): no betting round is open now." in second
    third = _preview(client, played, second, index="8", op="remove").content.decode()
    assert 'id="correct-error"' not in third, third[:600]
    assert '<span id="preview-pot">14,500 → <strong>18,500</strong></span>' in third
    assert row_counts() == before


@pytest.mark.parametrize(
    ("fields", "shown"),
    [
        (
            {"index": "9", "kind": "bet", "seat": "2", "amount": "200,000"},
            "Event 9 (Seat 2 bets 200,000): seat 2 has not got 200,000: all-in is 97,000.",
        ),
        (
            {"index": "8", "kind": "board", "cards": "Kh"},
            "Event 8 (Board Kh): Kh is already in this hand: each card is dealt once.",
        ),
        ({"index": "15", "op": "remove"}, "The corrected hand is not finished after 14 events"),
        ({"index": "9", "kind": "bet", "seat": "2", "amount": "1e3"}, "Amount: &#x27;1e3&#x27; is not an amount"),
        ({"index": "9", "kind": "bet", "seat": ""}, "Choose the seat."),
        ({"index": "99", "kind": "fold", "seat": "2"}, "Choose one of the hand"),
    ],
)
def test_an_impossible_correction_is_refused_with_its_reason_and_nothing_is_stored(
    page_client_for, floor_manager, played, fields, shown
):
    before = row_counts()
    response = _preview(page_client_for(floor_manager), played, **fields)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="correct-error"' in html
    assert shown in html, html[html.find("correct-error") :][:300]
    assert 'id="correct-confirm"' not in html
    assert row_counts() == before
    played.refresh_from_db()
    assert played.status == HandStatus.COMPLETE


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("hy", "Իրադարձություն 9"),
        ("lt", "Įvykis 9"),
    ],
)
def test_the_refusal_is_in_the_readers_language(page_client_for, floor_manager, played, language, shown):
    client = page_client_for(floor_manager)
    client.cookies["django_language"] = language
    html = _preview(client, played, index="9", kind="bet", seat="2", amount="200,000").content.decode()
    refusal = re.search(r'id="correct-error">([^<]+)<', html)
    assert refusal and refusal.group(1).startswith(shown), refusal
    assert "200,000" in refusal.group(1) and "97,000" in refusal.group(1)
    assert "more than" not in refusal.group(1) and "all-in is" not in refusal.group(1)


def test_without_htmx_the_preview_is_the_hands_page(page_client_for, floor_manager, played):
    response = page_client_for(floor_manager).post(
        reverse("games:hand_correct_preview", args=[played.pk]),
        {"index": "9", "op": "change", "kind": "bet", "seat": "2", "amount": "6000"},
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html and 'id="correct-confirm"' in html
    assert '<span id="preview-fee">725 → <strong>925</strong></span>' in html


def test_a_club_poker_hand_offers_draws_and_no_board(page_client_for, floor_manager, dealer, club_table):
    from tests.games.helpers import ev

    hand = hands.hand_start(actor=dealer, table_id=club_table.pk).hand
    record(dealer, hand, ev("deal"), *[{"type": "action", "seat": s, "kind": "fold", "amount": 0} for s in (1, 2)])
    html = page_client_for(floor_manager).get(reverse("games:hand", args=[hand.pk])).content.decode()
    assert '<option value="draw">Draw</option>' in html and 'id="correct-discards"' in html
    assert '<option value="board">' not in html
