"""Model permissions of the cashier's roles (admin site and the role groups).

The pages and the API check roles themselves; these keep the groups'
permissions truthful: accountants only view, nobody changes or deletes a
posted record.
"""

from __future__ import annotations

from config.roles import Role, grant

_VIEW_ALL = [
    f"cashier.view_{m}"
    for m in (
        "drawer",
        "drawershift",
        "drawercount",
        "drawercountline",
        "chiptransaction",
        "slip",
        "slipline",
        "traycount",
        "traycountline",
        "reversalrequest",
    )
]

grant(Role.ACCOUNTANT, *_VIEW_ALL)
grant(
    Role.CASHIER,
    "cashier.view_drawer",
    "cashier.add_drawershift",
    "cashier.view_drawershift",
    "cashier.add_drawercount",
    "cashier.add_chiptransaction",
    "cashier.view_chiptransaction",
    "cashier.add_slip",
    "cashier.view_slip",
    "cashier.add_reversalrequest",
    "cashier.view_reversalrequest",
)
grant(Role.FLOOR_MANAGER, "cashier.add_slip", "cashier.view_slip", "cashier.add_traycount")
grant(Role.FLOOR_MANAGER, "cashier.view_traycount")
# Approving or declining a reversal is a change of its request's state.
grant(Role.FLOOR_MANAGER, "cashier.view_reversalrequest", "cashier.change_reversalrequest")
grant(Role.DEALER, "cashier.add_slip", "cashier.view_slip", "cashier.add_traycount")
