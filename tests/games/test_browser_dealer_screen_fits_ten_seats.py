"""Browser at 1280x800: ten Hold'em seats and six Club Poker seats of five cards fit the felt without one seat box
over another, the seat to act is in sight and marked, and the page header's links stay clickable; with 2, 6 and 10
seats nothing is wider than its box in English, Armenian or Lithuanian, the end of a hand's result included."""

from __future__ import annotations

from itertools import combinations

import pytest

from games import services as hands
from tables import services as floor
from tests.factories import home_room
from tests.games.helpers import act, ev, record

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
        actor=floor_manager,
        room=home_room(),
        first_name="Maximilianas-Konstantinas",
        last_name="Vanagas",
        allow_duplicate=True,
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


# Every element drawn that is wider than its box, and the document if it scrolls sideways. Cut on purpose and left
# out: text ended with an ellipsis (a long name on a seat), and what only a screen reader reads (.visually-hidden).
OVERFLOW = """() => {
  const d = document.documentElement, wide = [];
  if (d.scrollWidth > d.clientWidth) wide.push(["document", d.scrollWidth, d.clientWidth]);
  for (const e of document.body.querySelectorAll("*")) {
    if (!e.getClientRects().length || e.closest(".visually-hidden")) continue;
    if (getComputedStyle(e).textOverflow === "ellipsis") continue;
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
      wide.push([e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className ? "." + e.className : ""),
                 e.scrollWidth, e.clientWidth, e.textContent.trim().slice(0, 40)]);
    }
  }
  return wide;
}"""
DECK = [rank + suit for rank in "AKQJT98765432" for suit in "shdc"]


def _widest_table(game, dealer, floor_manager, hand_table, seats: int):
    """``seats`` players with seven-digit stacks, the last one with a long name."""
    table = hand_table(game, dealer, players=seats - 1, stack=1_234_567)
    long = floor.player_create(
        actor=floor_manager,
        room=home_room(),
        first_name="Maximilianas-Konstantinas",
        last_name="Vanagas",
        allow_duplicate=True,
    )
    floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=long.pk, seat_number=seats)
    hands.seat_stack_add(actor=floor_manager, table_id=table.pk, seat_number=seats, amount=1_198_765)
    return table


def _all_in_and_called(dealer, hand, result) -> None:
    """The first to act moves all-in, the next calls, the rest fold; the board is run out and both hands shown."""
    state, acted = result.state, 0
    while not state.is_over:
        legal = state.legal_actions()
        if legal is not None:
            event = (
                act(legal.seat, str(legal.raise_kind), legal.max_to)
                if acted == 0
                else act(legal.seat, "call" if acted == 1 else "fold")
            )
            acted += 1
        elif state.board_due:
            start = 20 + len(state.board)
            event = ev("board", cards="".join(DECK[start : start + state.board_due]))
        else:
            seat = state.showdown_pending()[0]
            event = ev("show", seat=seat, cards=DECK[2 * seat - 2] + DECK[2 * seat - 1])
        state = record(dealer, hand, event).state


def _nothing_overflows(page, site: str, url: str, language: str, ready: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    page.goto(url)
    # The JavaScript catalog's words too: the end of a hand's table is drawn by dealer.js.
    assert page.evaluate("gettext('Change')") == {"en": "Change", "hy": "Փոփոխություն", "lt": "Pokytis"}[language]
    page.wait_for_selector(ready)
    assert page.locator("html").get_attribute("lang") == language
    assert page.evaluate(OVERFLOW) == [], (language, ready)


@pytest.mark.parametrize("seats", [2, 6, 10])
def test_nothing_overflows_in_any_language(
    seats, login_page, live_server, dealer, floor_manager, hand_table, holdem, holdem_full
):
    table = _widest_table(holdem_full if seats > 6 else holdem, dealer, floor_manager, hand_table, seats)
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    dealt = record(
        dealer, hand, ev("deal", holes={str(s): DECK[2 * s - 2] + DECK[2 * s - 1] for s in range(1, seats + 1)})
    )
    page = login_page(dealer)
    url = f"{live_server.url}/hands/tables/{table.pk}/deal/"
    # A bet to decide, with the widest amounts: every action, the keypad and the presets, the last size included.
    page.goto(url)
    page.evaluate(f"sessionStorage.setItem('cardroom.dealer.last.{table.pk}', '1200000')")
    for language in ("en", "hy", "lt"):
        _nothing_overflows(page, live_server.url, url, language, "#presets #last-size")
    _all_in_and_called(dealer, hand, dealt)
    for language in ("en", "hy", "lt"):
        _nothing_overflows(page, live_server.url, url, language, f"#summary .final-stacks tbody tr:nth-child({seats})")
