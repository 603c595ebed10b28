"""Pages of the floor that read and write the floor alone (HTML + htmx partials): thin calls into selectors and
services. The pages that compose other apps (the floor map, a table, seating, the waitlists, the sign) are
``floor.views``."""

from tables.views.files import expulsion_evidence, player_photo
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

__all__ = [
    "dealer_clock",
    "dealer_games",
    "dealers",
    "expulsion_create",
    "expulsion_evidence",
    "expulsion_lift",
    "expulsions",
    "expulsions_csv",
    "player_detail",
    "player_edit",
    "player_photo",
    "players",
]
