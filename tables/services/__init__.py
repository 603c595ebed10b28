"""Writes of the floor: keyword-only functions taking the acting user, split by sub-domain."""

from tables.services.away import seat_away_end, seat_away_start
from tables.services.catalogue import game_create, game_update
from tables.services.dealers import (
    DealerPush,
    dealer_assign,
    dealer_clock_in,
    dealer_clock_out,
    dealer_profile_set,
    dealer_push,
    dealer_release,
    dealer_rotation_check,
)
from tables.services.players import (
    check_player_not_expelled,
    expulsion_create,
    expulsion_lift,
    expulsions_expire,
    player_create,
    player_update,
)
from tables.services.seating import seat_move, seat_player, seat_stand_up
from tables.services.tables import (
    table_close,
    table_configure,
    table_create,
    table_open,
    table_pause,
    table_resume,
    table_sign_refresh,
)
from tables.services.waitlists import (
    waitlist_add,
    waitlist_call,
    waitlist_check_in,
    waitlist_expire_calls,
    waitlist_remove,
    waitlist_seat,
)

__all__ = [
    "DealerPush",
    "check_player_not_expelled",
    "dealer_assign",
    "dealer_clock_in",
    "dealer_clock_out",
    "dealer_profile_set",
    "dealer_push",
    "dealer_release",
    "dealer_rotation_check",
    "expulsion_create",
    "expulsion_lift",
    "expulsions_expire",
    "game_create",
    "game_update",
    "player_create",
    "player_update",
    "seat_away_end",
    "seat_away_start",
    "seat_move",
    "seat_player",
    "seat_stand_up",
    "table_close",
    "table_configure",
    "table_create",
    "table_open",
    "table_pause",
    "table_resume",
    "table_sign_refresh",
    "waitlist_add",
    "waitlist_call",
    "waitlist_check_in",
    "waitlist_expire_calls",
    "waitlist_remove",
    "waitlist_seat",
]
