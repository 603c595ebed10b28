"""Model permissions per role for the floor (the API and pages check roles themselves)."""

from config.roles import Role, grant

MODELS = (
    "game",
    "table",
    "tableevent",
    "player",
    "expulsion",
    "seatsession",
    "seataway",
    "waitlistentry",
    "dealerprofile",
    "dealershift",
    "dealerassignment",
    "signversion",
)

grant(Role.FLOOR_MANAGER, *(f"tables.{action}_{model}" for model in MODELS for action in ("view", "add", "change")))
grant(Role.DEALER, *(f"tables.view_{model}" for model in ("game", "table", "signversion")))
grant(Role.CASHIER, "tables.view_player", "tables.view_expulsion")
grant(Role.ACCOUNTANT, *(f"tables.view_{model}" for model in MODELS))
