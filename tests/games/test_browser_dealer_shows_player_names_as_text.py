"""Browser: a player's name is text on the dealer's screen, whatever the floor typed into it.

A floor manager can register any name; every dealer's tablet shows it. Markup in a name must show as typed
and never become an element or run.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from games import services as hands
from tables import services as floor
from tables.models import Game, Table
from tests.factories import home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCRIPT_NAME = "<img src=x onerror=window.__xss=1>"


def seat(floor_manager: User, table: Table, number: int, first_name: str) -> int:
    """Register ``first_name`` Doe, seat the player with chips; the seat session's id."""
    player = floor.player_create(
        actor=floor_manager, room=home_room(), first_name=first_name, last_name="Doe", allow_duplicate=True
    )
    session = floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk, seat_number=number)
    hands.seat_stack_add(actor=floor_manager, table_id=table.pk, seat_number=number, amount=100_000)
    return session.pk


def test_markup_in_a_players_name_shows_as_typed_and_never_runs(
    login_page, live_server, floor_manager, dealer, holdem: Game, hand_table: Callable[..., Table]
):
    table = hand_table(holdem, dealer, players=0)
    seat(floor_manager, table, 1, SCRIPT_NAME)
    seat(floor_manager, table, 2, "Anna")
    # Seat 3 steps away: the dealer's screen lists it apart, as sitting out.
    away = seat(floor_manager, table, 3, SCRIPT_NAME)
    floor.seat_away_start(actor=dealer, session_id=away)

    page = login_page(dealer)
    page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    page.click("#actions button:has-text('Start hand')")
    page.wait_for_selector("#seat-3.sitting-out")

    for number in (1, 3):
        assert f"{number} · {SCRIPT_NAME} D." in page.inner_text(f"#seat-{number} .name")
    assert page.locator("#seats img").count() == 0
    assert page.evaluate("window.__xss") is None
