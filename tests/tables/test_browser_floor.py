"""In Chromium: the floor manager seats a player from the waitlist; the wall board updates itself."""

from __future__ import annotations

import pytest

from tables import services
from tests.factories import home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_seat_from_the_waitlist_and_the_board_follows(
    floor_manager, club_poker, open_table, make_player, login_page, live_server
):
    from playwright.sync_api import expect

    table = open_table(club_poker, number=5)
    armen = make_player("Armen", "Karapetyan")
    entry = services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=armen.pk)

    page = login_page(floor_manager)
    board = page.context.new_page()
    board.goto(f"{live_server.url}/floor/board/")
    expect(board.locator('[data-board-table="5"] [data-taken]')).to_have_text("0/6")
    expect(board.locator("[data-board-list]")).to_contain_text("Armen K.")

    page.goto(f"{live_server.url}/floor/tables/{table.pk}/")
    page.locator(f'li[data-entry="{entry.pk}"] input[name=buy_in]').fill("50000")
    page.locator(f'li[data-entry="{entry.pk}"] button', has_text="Seat here").click()
    page.wait_for_load_state()
    expect(page.locator(".messages")).to_contain_text("seated")
    expect(page.locator('[data-seat="1"]')).to_contain_text("Armen Karapetyan")

    # No reload: the board polls the server every few seconds.
    expect(board.locator('[data-board-table="5"] [data-taken]')).to_have_text("1/6", timeout=15_000)
    expect(board.locator("#board-live")).not_to_contain_text("Armen K.")
