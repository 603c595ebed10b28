"""In Chromium at 1280x800, in English, Armenian and Lithuanian: every seat card shows a clickable Move button
inside the card, the waitlist controls stay inside their cards, and an irreversible action asks first."""

from __future__ import annotations

import pytest

from tables import services
from tables.models import DealerAssignment
from tests.factories import home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _inside(inner, outer) -> bool:
    a, b = inner.bounding_box(), outer.bounding_box()
    assert a is not None and b is not None
    return bool(
        a["x"] >= b["x"] - 0.5
        and a["y"] >= b["y"] - 0.5
        and a["x"] + a["width"] <= b["x"] + b["width"] + 0.5
        and a["y"] + a["height"] <= b["y"] + b["height"] + 0.5
    )


@pytest.fixture
def busy_table(floor_manager, holdem_full, open_table, make_player):
    """A full-ring Hold'em table (ten seats, long entry choices), eight seated, two players waiting."""
    table = open_table(holdem_full, number=7)
    open_table(holdem_full, number=8)
    for n in range(8):
        services.seat_player(
            actor=floor_manager, table_id=table.pk, player_id=make_player(last_name=f"Vasiliauskaitė{n}").pk
        )
    for n in range(2):
        services.waitlist_add(
            actor=floor_manager, room=home_room(), game_id=holdem_full.pk, player_id=make_player(f"Aistė{n}").pk
        )
    return table


@pytest.mark.parametrize("language", ["en", "hy", "lt"])
def test_move_and_waitlist_controls_fit(language, busy_table, floor_manager, login_page, live_server):
    from playwright.sync_api import expect

    page = login_page(floor_manager)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/floor/tables/{busy_table.pk}/")
    assert page.locator("html").get_attribute("lang") == language
    seats = page.locator("li[data-seat]:not(.free)")
    assert seats.count() == 8
    for i in range(seats.count()):
        card = seats.nth(i)
        move = card.locator("button[data-move]")
        expect(move).to_be_visible()
        assert _inside(move, card), (language, i)
        move.click(trial=True)  # nothing covers it: it would take the click
        for control in card.locator("select, input:not([type=hidden]), button").all():
            assert _inside(control, card), (language, i)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280

    page.goto(f"{live_server.url}/floor/waitlists/")
    entries = page.locator("li[data-entry]")
    assert entries.count() == 2
    for i in range(entries.count()):
        entry = entries.nth(i)
        card = page.locator("section.list-card", has=entry)
        for control in entry.locator("select, input:not([type=hidden]), button").all():
            expect(control).to_be_visible()
            assert _inside(control, card), (language, i)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


def test_release_dealer_asks_and_a_no_changes_nothing(busy_table, floor_manager, login_page, live_server):
    page = login_page(floor_manager)
    page.goto(f"{live_server.url}/floor/tables/{busy_table.pk}/")
    asked: list[str] = []

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer)
    page.locator("button", has_text="Release dealer").click()
    page.wait_for_timeout(500)
    assert asked and "Release the dealer of table 7?" in asked[0]
    assert DealerAssignment.objects.filter(table=busy_table, ended_at__isnull=True).exists()
