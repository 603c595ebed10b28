"""Browser at 1280x800: ten Hold'em seats and six Club Poker seats of five cards fit the felt without one seat box
over another, the seat to act is in sight and marked, and the page header's links stay clickable."""

from __future__ import annotations

from itertools import combinations

import pytest

from tables import services as floor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOXES = "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"
# Each control of the header: is the element at its centre the control itself (or inside it)?
HEADER_HIT = """els => els.map(e => {
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [e.textContent.trim() || e.id, !!hit && (hit === e || e.contains(hit))];
})"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(inner: list[float], outer: list[float]) -> bool:
    return (
        inner[0] >= outer[0] - 0.5
        and inner[1] >= outer[1] - 0.5
        and inner[2] <= outer[2] + 0.5
        and inner[3] <= outer[3] + 0.5
    )


def _check_layout(page, seats: int) -> None:
    boxes = page.eval_on_selector_all("#seats .seat", BOXES)
    assert len(boxes) == seats
    crossing = [(i + 1, j + 1) for (i, a), (j, b) in combinations(enumerate(boxes), 2) if _overlap(a, b)]
    assert crossing == [], f"seat boxes overlap: {crossing}"
    felt = page.eval_on_selector(
        "#felt", "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    )
    outside = [i + 1 for i, box in enumerate(boxes) if not _inside(box, felt)]
    assert outside == [], f"seat boxes leave the felt: {outside}"
    # Nothing on a seat spills out of its box (names are cut with an ellipsis, cards fit).
    for seat in page.locator("#seats .seat").all():
        box = seat.evaluate("e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")
        parts = seat.locator(".card-face, .stack, .bet").evaluate_all(BOXES)
        assert all(_inside(part, box) for part in parts), seat.get_attribute("id")
    # The board, pot and prompt are not under a seat.
    center = page.eval_on_selector_all("#board, #pots, #prompt", BOXES)
    assert [c for c in center for b in boxes if c[2] > c[0] and _overlap(c, b)] == []


def _check_to_act_and_header(page) -> None:
    acting = page.locator("#seats .seat.to-act")
    assert acting.count() == 1
    box = acting.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800 and box["x"] + box["width"] <= 1280
    page.evaluate("window.scrollTo(0, 0)")
    hits = page.eval_on_selector_all(".topbar a, .topbar select, .topbar button, .dealer-head a", HEADER_HIT)
    assert hits and all(clear for _, clear in hits), hits


def test_ten_holdem_seats_fit_at_1280x800(login_page, live_server, dealer, floor_manager, hand_table, holdem_full):
    table = hand_table(holdem_full, dealer, players=9, stack=1_234_567)
    long = floor.player_create(
        actor=floor_manager, first_name="Maximilianas-Konstantinas", last_name="Vanagas", allow_duplicate=True
    )
    floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=long.pk, seat_number=10)
    from games import services as hands

    hands.seat_stack_add(actor=floor_manager, table_id=table.pk, seat_number=10, amount=987_654)
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    page.click("#actions button:has-text('Start hand')")
    page.click("#actions button:has-text('Deal')")
    page.wait_for_selector("#seats .seat.to-act")
    _check_layout(page, 10)
    _check_to_act_and_header(page)
    # Each player calls in turn: the seat to act moves round the table and is always the one marked.
    for _ in range(4):
        seat = page.get_attribute("#seats .seat.to-act", "data-seat")
        page.click("#actions button:has-text('Call')")
        page.wait_for_selector(f"#seats .seat.to-act:not([data-seat='{seat}'])")
        _check_layout(page, 10)
        _check_to_act_and_header(page)


def test_six_club_poker_seats_of_five_cards_fit_at_1280x800(login_page, live_server, dealer, hand_table, club_poker):
    table = hand_table(club_poker, dealer, players=6, stack=250_000)
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    page.click("#actions button:has-text('Start hand')")
    page.click("#actions button:has-text('Deal')")
    page.wait_for_selector("#seats .seat.to-act")
    assert page.locator("#seats .seat .card-face").count() == 30
    _check_layout(page, 6)
    _check_to_act_and_header(page)
