"""Model permissions per role for fees (the API and pages check roles themselves)."""

from config.roles import Role, grant

grant(Role.FLOOR_MANAGER, "rake.view_feepolicyversion", "rake.add_feepolicyversion")
grant(Role.FLOOR_MANAGER, "rake.view_timecharge", "rake.change_timecharge")
grant(Role.DEALER, "rake.view_feepolicyversion", "rake.view_timecharge", "rake.change_timecharge")
grant(Role.ACCOUNTANT, "rake.view_feepolicyversion", "rake.view_timecharge")
