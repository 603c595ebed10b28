"""Browser: the dealer records a heads-up Hold'em hand in one or two clicks per betting action (a preset and the
bet/raise button, or the button alone for the minimum), and a whole hand with the keyboard alone: the keys named on
the buttons, an amount typed and confirmed with Enter, the cards typed rank then suit, Esc and U.

Each test prints what it counted, so a change that costs the dealer clicks shows in the run's output."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Hand, HandEvent, HandStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the person at the screen did, counted by the page itself: a press of the mouse (or a finger) and a key
# pressed, trusted events only. Enter on a focused button clicks it too, so a click is not what is counted.
COUNT = """() => {
  window.counted = { click: 0, keydown: 0 };
  const count = (kind) => (e) => { if (e.isTrusted) window.counted[kind] += 1; };
  document.addEventListener("pointerdown", count("click"), true);
  document.addEventListener("keydown", count("keydown"), true);
}"""


def _open(login_page: Any, live_server: Any, dealer: Any, table: Any) -> Any:
    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    page.wait_for_selector("#actions button")
    page.evaluate(COUNT)
    return page


def _counted(page: Any) -> dict[str, int]:
    counted: dict[str, int] = page.evaluate("() => ({ ...window.counted })")
    return counted


def _to_act(page: Any) -> str:
    return str(page.get_attribute("#seats .seat.to-act", "data-seat"))


def _actions(hand: Hand) -> list[tuple[str, int]]:
    """The betting actions and undos recorded, in order, with the amounts bet or raised to."""
    rows = HandEvent.objects.filter(hand=hand, data__type__in=["action", "undo"]).order_by("seq")
    return [(row.data.get("kind", "undo"), int(row.data.get("amount") or 0)) for row in rows]


def test_a_heads_up_hand_takes_at_most_two_clicks_per_betting_action(
    login_page, live_server, dealer, hand_table, holdem, capsys
):
    table = hand_table(holdem, dealer, players=2)
    page = _open(login_page, live_server, dealer, table)
    per_action: list[int] = []

    def action(*selectors: str) -> None:
        seat, before = _to_act(page), _counted(page)["click"]
        for selector in selectors:
            page.click(selector)
        page.wait_for_selector(f"#seats .seat.to-act:not([data-seat='{seat}']), #actions button:has-text('Deal board')")
        per_action.append(_counted(page)["click"] - before)

    def board(*cards: str) -> None:
        for card in cards:
            page.click(f"#picker button[data-card='{card}']")
        page.click("#actions button:has-text('Deal board')")
        page.wait_for_selector(f"#board .card-face:has-text('{cards[-1]}')")

    page.click("#actions button:has-text('Start hand')")
    page.click("#actions button:has-text('Deal')")
    page.wait_for_selector("#presets button")
    action("#presets button[data-keys='p']", "#raise")  # the pot: a raise to 3,000
    action("#actions button:has-text('Call')")
    board("As", "7c", "9d")
    action("#actions button:has-text('Check')")
    action("#presets button[data-keys='h']", "#raise")  # a bet of half the pot of 6,000
    assert page.inner_text("#raise") == "Raise to 6,000"  # the minimum raise, on the button
    action("#raise")
    # The last size used, 6,000, is below the minimum re-raise now: offered, but not to press.
    last = page.locator("#last-size")
    assert last.is_disabled() and last.get_attribute("title") == "Not legal now: from 9,000 to 97,000"
    action("#actions button:has-text('Call')")
    board("Kd")
    assert page.inner_text("#last-size") == "Last 6,000"  # the last size used, legal as a bet now
    action("#last-size", "#raise")
    before = _counted(page)["click"]
    page.click("#actions button:has-text('Fold')")
    page.wait_for_selector("#actions button:has-text('Next hand')")
    per_action.append(_counted(page)["click"] - before)

    hand = Hand.objects.get(table=table)
    assert hand.status == HandStatus.COMPLETE
    assert _actions(hand) == [
        ("raise", 3000),
        ("call", 0),
        ("check", 0),
        ("bet", 3000),
        ("raise", 6000),
        ("call", 0),
        ("bet", 6000),
        ("fold", 0),
    ]
    assert hand.pot == 18_000  # the last bet came back uncalled
    clicks = _counted(page)["click"]
    with capsys.disabled():  # the figures reach the run's log, as pytest captures a test's output
        print(
            f"\nheads-up Hold'em, {len(per_action)} betting actions: {sum(per_action)} clicks {per_action}, "
            f"at most {max(per_action)} per action; the whole hand {clicks} clicks "
            "(with the start, the deal and four board cards); no key pressed"
        )
    assert len(per_action) == 8 and max(per_action) <= 2
    assert _counted(page)["keydown"] == 0


def test_a_whole_hand_is_recorded_with_the_keyboard_alone(login_page, live_server, dealer, hand_table, holdem, capsys):
    table = hand_table(holdem, dealer, players=2)
    page = _open(login_page, live_server, dealer, table)
    per_action: list[tuple[str, int]] = []

    def keys(*names: str) -> None:
        for name in names:
            page.keyboard.press(name)

    def action(*names: str) -> None:
        seat = _to_act(page)
        keys(*names)
        page.wait_for_selector(
            f"#seats .seat.to-act:not([data-seat='{seat}']), #actions button:has-text('Deal board'), "
            "#actions button:has-text('Show')"
        )
        per_action.append(("".join(n if len(n) == 1 else f"[{n}]" for n in names), len(names)))

    def cards(text: str, *then: str, wait: str) -> None:
        keys(*text, *then)
        page.wait_for_selector(wait)

    keys("n")
    page.wait_for_selector("#actions button:has-text('Deal')")
    keys("d")
    page.wait_for_selector("#presets button")
    # The proposed minimum is replaced by the first digit typed; Esc brings it back; Enter confirms.
    keys("9")
    assert page.get_attribute("#amount", "data-amount") == "9"
    keys("Escape")
    assert page.get_attribute("#amount", "data-amount") == "2000"
    action("4", "0", "0", "0", "Enter")
    action("c")
    cards("as7c9d", "Enter", wait="#board .card-face:has-text('9d')")
    action("c")
    action("h", "Enter")  # half the pot of 8,000
    action("r")  # the minimum raise, to 8,000
    # U takes the call back; C calls again.
    seat = _to_act(page)
    keys("c")
    page.wait_for_selector("#actions button:has-text('Deal board')")
    keys("u")
    page.wait_for_selector(f"#seats .seat.to-act[data-seat='{seat}']")
    action("c")
    cards("kd", "b", wait="#board .card-face:has-text('Kd')")
    action("l", "b")  # the last size used: a bet of 8,000
    action("c")
    cards("2h", "Enter", wait="#board .card-face:has-text('2h')")
    action("c")
    action("c")
    # The showdown: each hand's cards typed, then S (the proposed next) or Enter.
    first = page.locator("#actions button[data-keys~='s']").inner_text().removeprefix("Show ")
    cards("khkc", "s", wait=f"#seat-{first} .card-face:has-text('Kh')")
    cards("ahac", "Enter", wait="#actions button:has-text('Next hand')")

    hand = Hand.objects.get(table=table)
    assert hand.status == HandStatus.COMPLETE
    assert _actions(hand) == [
        ("raise", 4000),
        ("call", 0),
        ("check", 0),
        ("bet", 4000),
        ("raise", 8000),
        ("call", 0),
        ("undo", 0),
        ("call", 0),
        ("bet", 8000),
        ("call", 0),
        ("check", 0),
        ("check", 0),
    ]
    assert hand.pot == 40_000
    counted = _counted(page)
    with capsys.disabled():
        print(
            f"\nheads-up Hold'em with the keyboard alone, {len(per_action)} betting actions: "
            f"{sum(n for _, n in per_action)} keys {[k for k, _ in per_action]}; the whole hand "
            f"{counted['keydown']} keys and {counted['click']} clicks"
        )
    assert counted["click"] == 0
    # Two keys at most, but for the amount typed: its digits and Enter.
    assert per_action[0] == ("4000[Enter]", 5) and max(n for _, n in per_action[1:]) <= 2

    # On an Armenian layout N gives "ն" and D "դ"; on a Lithuanian one the 1 key gives "ą": the key's place counts.
    def key_on_layout(key: str, code: str) -> None:
        page.evaluate("([key, code]) => document.body.dispatchEvent(new KeyboardEvent('keydown', "
                      "{ key, code, bubbles: true }))", [key, code])  # fmt: skip

    key_on_layout("ն", "KeyN")
    page.wait_for_selector("#actions button:has-text('Deal')")
    key_on_layout("դ", "KeyD")
    page.wait_for_selector("#presets button")
    key_on_layout("ą", "Digit1")
    assert page.get_attribute("#amount", "data-amount") == "1"
