"""Model permissions per role for the hand record (the API and pages check roles themselves)."""

from config.roles import Role, grant

_READ = ("games.view_hand", "games.view_handevent", "games.view_handresult", "games.view_potaward")
grant(Role.FLOOR_MANAGER, *_READ, "games.view_seatstack", "games.view_phhexport")
grant(Role.DEALER, *_READ)
grant(Role.ACCOUNTANT, *_READ, "games.view_seatstack", "games.view_phhexport")
