"""Writes of the rake app: keyword-only functions taking the acting user, split by sub-domain."""

from rake.services.policies import (
    check_policy_fields,
    check_rate_setting,
    fee_policy_set,
    fee_signs_refresh,
    signs_refresh,
)
from rake.services.time_charges import (
    session_periods,
    time_charge_collect,
    time_charge_not_collected,
    time_charges_create,
)

__all__ = [
    "check_policy_fields",
    "check_rate_setting",
    "fee_policy_set",
    "fee_signs_refresh",
    "session_periods",
    "signs_refresh",
    "time_charge_collect",
    "time_charge_not_collected",
    "time_charges_create",
]
