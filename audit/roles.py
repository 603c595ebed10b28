"""Model permissions of the history's readers (the pages check roles themselves)."""

from audit.models import TRACKED
from config.roles import Role, grant

_VIEW = [f"audit.view_{entry.history._meta.model_name}" for entry in TRACKED.values()]
grant(Role.FLOOR_MANAGER, *_VIEW)
grant(Role.ACCOUNTANT, *_VIEW)
