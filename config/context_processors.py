from __future__ import annotations

from typing import Any

from django.http import HttpRequest

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


def navigation(request: HttpRequest) -> dict[str, Any]:
    return {"nav": pages_open_to(request.user, NAV_ROLES)}
