"""Reads of the rake app, split by sub-domain; the names other apps use are re-exported here."""

from rake.selectors.days import gaming_days_list
from rake.selectors.drops import (
    DROP_COUNTER_ROLES,
    DROP_READER_ROLES,
    DROP_STARTER_ROLES,
    DROP_SUPERVISOR_ROLES,
    drop_count_get_for_user,
    drop_counts_list,
    drop_reconciliation,
)
from rake.selectors.exports import exports_recent
from rake.selectors.policies import (
    MARK_ANYWHERE_ROLES,
    check_may_mark_time_charges,
    fee_line,
    fee_policy_get,
    fee_policy_history,
    fee_policy_in_force,
    game_fee_policy_in_force,
    hourly_fee_for,
    percentage_fee_for,
    table_fee_line,
    table_is_idle,
    time_charge_get_for_user,
    time_charges_list,
    visible_table_ids,
)
from rake.selectors.reports import (
    GROUPS,
    FeeReport,
    ReportFilters,
    ReportRow,
    fee_report,
    fee_report_from_raw,
)

__all__ = [
    "DROP_COUNTER_ROLES",
    "DROP_READER_ROLES",
    "DROP_STARTER_ROLES",
    "DROP_SUPERVISOR_ROLES",
    "GROUPS",
    "MARK_ANYWHERE_ROLES",
    "FeeReport",
    "ReportFilters",
    "ReportRow",
    "check_may_mark_time_charges",
    "drop_count_get_for_user",
    "drop_counts_list",
    "drop_reconciliation",
    "exports_recent",
    "fee_line",
    "fee_policy_get",
    "fee_policy_history",
    "fee_policy_in_force",
    "fee_report",
    "fee_report_from_raw",
    "game_fee_policy_in_force",
    "gaming_days_list",
    "hourly_fee_for",
    "percentage_fee_for",
    "table_fee_line",
    "table_is_idle",
    "time_charge_get_for_user",
    "time_charges_list",
    "visible_table_ids",
]
