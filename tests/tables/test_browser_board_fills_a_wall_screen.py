"""In Chromium at 1920 × 1080, through a kiosk link and no login: the board's type is large enough to
read across the room, nothing runs off the right edge, and a called player stands out."""

from __future__ import annotations

import pytest

from tables import services
from tables.services.signage import kiosk_token_create
from tests.factories import home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MIN_BODY_PX = 28  # table rows and names; about 1.5% of the screen's width


@pytest.fixture
def tv(browser):
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US")
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def px(locator, prop: str = "font-size") -> float:
    return float(locator.evaluate(f"el => getComputedStyle(el).getPropertyValue('{prop}')").removesuffix("px"))


def test_the_board_is_large_fits_the_width_and_highlights_the_called(
    tv, live_server, floor_manager, club_poker, holdem_short, holdem_full, open_table, make_player
):
    for number, game in enumerate([club_poker, club_poker, holdem_short, holdem_full, holdem_short], start=1):
        open_table(game, number=number)
    entries = [
        services.waitlist_add(
            actor=floor_manager,
            room=home_room(),
            game_id=game.pk,
            player_id=make_player("Aleksandra-Konstancija", f"Žemaitė{i}").pk,
        )
        for i, game in enumerate([club_poker, club_poker, holdem_short, holdem_full])
    ]
    services.waitlist_call(actor=floor_manager, entry_id=entries[0].pk)
    link = kiosk_token_create(actor=floor_manager, room=home_room(), label="TV")

    tv.goto(f"{live_server.url}/floor/board/kiosk/{link.secret}/")
    assert tv.locator("[data-board-table]").count() == 5
    for cell in tv.locator("[data-board-table] td").all():
        assert px(cell) >= MIN_BODY_PX, cell.inner_text()
    names = tv.locator("[data-board-list] li")
    assert names.count() == 4
    for name in names.all():
        assert px(name) >= MIN_BODY_PX
        assert "Žemaitė" not in name.inner_text()  # first name and initial only
    assert px(tv.locator(".board-clock")) >= 2 * MIN_BODY_PX

    called = tv.locator("[data-board-list] li[data-called]")
    assert called.count() == 1
    waiting = tv.locator("[data-board-list] li:not([data-called])").first
    assert px(called, "font-weight") > px(waiting, "font-weight")
    assert called.evaluate("el => getComputedStyle(el).backgroundColor") != waiting.evaluate(
        "el => getComputedStyle(el).backgroundColor"
    )

    width = tv.evaluate("() => document.documentElement.clientWidth")
    assert tv.evaluate("() => document.documentElement.scrollWidth") <= width
    rightmost = tv.evaluate(
        "() => Math.max(...[...document.querySelectorAll('#board-live *')].map(e => e.getBoundingClientRect().right))"
    )
    assert rightmost <= width
