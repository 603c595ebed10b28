from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest

from config.gaming_day import current_gaming_day
from config.roles import Role, pages_open_to

# Which roles see which section in the navigation; the views check the same.
NAV_ROLES: dict[str, tuple[str, ...]] = {
    "floor": (Role.FLOOR_MANAGER, Role.DEALER),
    "hands": (Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT),
    "cashier": (Role.CASHIER, Role.ACCOUNTANT),
    "fees": (Role.FLOOR_MANAGER, Role.ACCOUNTANT),
    "drops": (Role.FLOOR_MANAGER, Role.CASHIER, Role.ACCOUNTANT),
    # The floor signs fills, credits and tray counts; the cage reaches them from its own pages.
    "slips": (Role.FLOOR_MANAGER, Role.DEALER),
    "reports": (Role.ACCOUNTANT,),
    "history": (Role.FLOOR_MANAGER, Role.ACCOUNTANT),
    "admin": (Role.ADMIN,),
}


def room(request: HttpRequest) -> dict[str, Any]:
    return {
        "room_name": settings.CARDROOM_NAME,
        "gaming_day": current_gaming_day(),
        "nav": pages_open_to(request.user, NAV_ROLES),
    }
