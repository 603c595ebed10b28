"""Pages of the cashier (HTML + htmx), thin over services and selectors."""

from cashier.views.players import player_search_partial
from cashier.views.printing import slip_print_page
from cashier.views.reports import (
    cage_summary_page,
    large_cash_page,
    outstanding_page,
    shift_export,
    slip_action_page,
    slip_create_page,
    slips_page,
    tray_count_create_page,
    tray_count_sign_page,
    tray_counts_page,
)
from cashier.views.reversals import reversal_action_page, reversal_request_page, reversals_page
from cashier.views.screen import (
    breakdown_partial,
    index,
    large_cash_partial,
    receipt,
    redemption,
    sale,
    shift_approve,
    shift_close,
    shift_open,
    shift_report_page,
)

__all__ = [
    "breakdown_partial",
    "cage_summary_page",
    "index",
    "large_cash_page",
    "large_cash_partial",
    "outstanding_page",
    "player_search_partial",
    "receipt",
    "redemption",
    "reversal_action_page",
    "reversal_request_page",
    "reversals_page",
    "sale",
    "shift_approve",
    "shift_close",
    "shift_export",
    "shift_open",
    "shift_report_page",
    "slip_action_page",
    "slip_create_page",
    "slip_print_page",
    "slips_page",
    "tray_count_create_page",
    "tray_count_sign_page",
    "tray_counts_page",
]
