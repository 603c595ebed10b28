"""Writes of the rake app: keyword-only functions taking the acting user, split by sub-domain."""

from rake.services.days import check_may_close_days, gaming_day_close
from rake.services.drops import TallyResult, drop_count_explain, drop_count_start, drop_tally_record
from rake.services.exports import check_filters, export_create, export_retry, export_run
from rake.services.fees import time_charge_post
from rake.services.policies import (
    check_policy_fields,
    check_rate_setting,
    fee_policy_set,
    fee_signs_refresh,
    signs_refresh,
)
from rake.services.summaries import summaries_rebuild, summary_add
from rake.services.time_charges import (
    session_periods,
    time_charge_collect,
    time_charge_not_collected,
    time_charges_create,
)

__all__ = [
    "TallyResult",
    "check_filters",
    "check_may_close_days",
    "check_policy_fields",
    "check_rate_setting",
    "drop_count_explain",
    "drop_count_start",
    "drop_tally_record",
    "export_create",
    "export_retry",
    "export_run",
    "fee_policy_set",
    "fee_signs_refresh",
    "gaming_day_close",
    "session_periods",
    "signs_refresh",
    "summaries_rebuild",
    "summary_add",
    "time_charge_collect",
    "time_charge_not_collected",
    "time_charge_post",
    "time_charges_create",
]
