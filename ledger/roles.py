"""Model permissions of the ledger's records (admin site and the role groups).

The pages and the API check roles themselves; these keep the groups' permissions truthful:
accountants only view, nobody changes or deletes a posted record.
"""

from __future__ import annotations

from config.roles import Role, grant

grant(
    Role.ACCOUNTANT,
    *(f"ledger.view_{m}" for m in ("denomination", "account", "balance", "journalentry", "leg")),
)
grant(Role.CASHIER, "ledger.view_denomination")
grant(Role.FLOOR_MANAGER, "ledger.view_denomination")
grant(Role.DEALER, "ledger.view_denomination")
