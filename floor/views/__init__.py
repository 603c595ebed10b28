"""The floor manager's pages that compose several apps (HTML + htmx partials): the floor map with the hands in
play, a table with its tray count and its seats, seating with a buy-in, the waitlists, the sign with its fee.
Reads through the apps' selectors (and ``floor.selectors``), writes through their services."""

from floor.views.floor import (
    dealer_assign,
    dealer_release,
    floor,
    table_configure,
    table_create,
    table_detail,
    table_transition,
)
from floor.views.seating import player_pick, seat_away, seat_back, seat_move, seat_player, seat_stand_up
from floor.views.signs import room_language_change, sign
from floor.views.waitlists import waitlist_add, waitlist_entry_action, waitlists

__all__ = [
    "dealer_assign",
    "dealer_release",
    "floor",
    "player_pick",
    "room_language_change",
    "seat_away",
    "seat_back",
    "seat_move",
    "seat_player",
    "seat_stand_up",
    "sign",
    "table_configure",
    "table_create",
    "table_detail",
    "table_transition",
    "waitlist_add",
    "waitlist_entry_action",
    "waitlists",
]
