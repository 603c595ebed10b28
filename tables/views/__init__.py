"""Pages of the floor (HTML + htmx partials): thin calls into selectors and services."""

from tables.views.files import expulsion_evidence, player_photo
from tables.views.floor import (
    dealer_assign,
    dealer_release,
    floor,
    table_configure,
    table_create,
    table_detail,
    table_transition,
)
from tables.views.people import (
    dealer_clock,
    dealer_games,
    dealers,
    expulsion_create,
    expulsion_lift,
    expulsions,
    expulsions_csv,
    player_detail,
    player_edit,
    players,
)
from tables.views.seating import player_pick, seat_away, seat_back, seat_move, seat_player, seat_stand_up
from tables.views.waitlists import waitlist_add, waitlist_entry_action, waitlists

__all__ = [
    "dealer_assign",
    "dealer_clock",
    "dealer_games",
    "dealer_release",
    "dealers",
    "expulsion_create",
    "expulsion_evidence",
    "expulsion_lift",
    "expulsions",
    "expulsions_csv",
    "floor",
    "player_detail",
    "player_edit",
    "player_photo",
    "player_pick",
    "players",
    "seat_away",
    "seat_back",
    "seat_move",
    "seat_player",
    "seat_stand_up",
    "table_configure",
    "table_create",
    "table_detail",
    "table_transition",
    "waitlist_add",
    "waitlist_entry_action",
    "waitlists",
]
