"""In Chromium: the table page refreshes its seats and waitlist every few seconds, but not while the floor
manager is filling in a form there: what was typed and chosen survives the refresh, and the refresh resumes
once the form is sent."""

from __future__ import annotations

import pytest

from games.models import SeatStack
from tables import services
from tables.models import SeatSession

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_typed_text_and_choices_survive_the_poll(
    floor_manager, club_poker, open_table, make_player, login_page, live_server
):
    from playwright.sync_api import expect

    table = open_table(club_poker, number=5)
    open_table(club_poker, number=6)
    seated = services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player("Ani", "Sargsyan").pk)
    lusine = make_player("Lusine", "Hakobyan")

    page = login_page(floor_manager)
    page.goto(f"{live_server.url}/floor/tables/{table.pk}/")
    live = page.locator("#table-live")
    search = live.locator("#seat-q")
    search.type("hakob")
    choice = live.locator(f'#seat-results input[value="{lusine.pk}"]')
    expect(choice).to_be_visible()  # the picker's results arrived over htmx
    choice.check()
    live.locator("input[name=seat_number]").last.fill("4")
    buy_in = live.locator("#seat-buy-in")
    buy_in.fill("45000")
    move_to = live.locator('[data-seat="1"] select[name=table_id]')
    six = move_to.locator("option", has_text="6").get_attribute("value")
    move_to.select_option(six)
    page.locator("h1").click()  # the focus leaves the form: the input alone must hold the refresh back

    # Meanwhile the room changes: a refresh would show this player, and wipe the form.
    services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player("Tigran", "Petrosyan").pk)
    expect(live.locator("[data-live-paused]")).to_be_visible(timeout=15_000)  # a refresh came and waited
    page.wait_for_timeout(1_000)
    assert search.input_value() == "hakob"
    assert choice.is_checked()
    assert live.locator("input[name=seat_number]").last.input_value() == "4"
    assert buy_in.input_value() == "45000"
    assert move_to.input_value() == six
    expect(live).not_to_contain_text("Tigran Petrosyan")

    # Sending the form seats the player with the buy-in; the page polls again afterwards.
    move_to.select_option(str(table.pk))
    live.locator("button", has_text="Seat player").click()
    page.wait_for_load_state()
    expect(page.locator(".messages")).to_contain_text("buy-in recorded")
    session = SeatSession.objects.get(player=lusine, ended_at__isnull=True)
    assert session.seat_number == 4 and SeatStack.objects.get(seat_session=session).stack == 45_000
    services.seat_stand_up(actor=floor_manager, session_id=seated.pk)
    expect(page.locator('[data-seat="1"]')).to_contain_text("free", timeout=15_000)


def test_a_refresh_sent_before_typing_does_not_wipe_what_was_typed(
    floor_manager, club_poker, open_table, make_player, login_page, live_server
):
    """The refresh left while the form was untouched and came back after the floor manager typed: it
    is dropped (under load, a refresh in flight is what wiped the seat search in a whole shift)."""
    from playwright.sync_api import expect

    table = open_table(club_poker, number=5)
    lusine = make_player("Lusine", "Hakobyan")
    page = login_page(floor_manager)
    held: list[object] = []  # the refreshes the browser sent, answered when the test says

    def hold_the_refresh(route) -> None:
        if route.request.headers.get("hx-request"):  # the region's refresh, not a page load
            held.append(route)
        else:
            route.continue_()

    page.goto(f"{live_server.url}/floor/tables/{table.pk}/")
    page.route(f"**/floor/tables/{table.pk}/", hold_the_refresh)
    for _ in range(30):
        if held:
            break
        page.wait_for_timeout(500)
    assert held, "no refresh was sent within 15 s"
    live = page.locator("#table-live")
    live.locator("#seat-q").type("hakob")
    choice = live.locator(f'#seat-results input[value="{lusine.pk}"]')
    expect(choice).to_be_visible()
    held[0].continue_()
    expect(live.locator("[data-live-paused]")).to_be_visible()
    assert live.locator("#seat-q").input_value() == "hakob"
    expect(choice).to_be_visible()
