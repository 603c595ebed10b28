"""Data and invariants of the rake app, one module per concept.

``policies``: fee policy versions and hourly time charges; ``charges``: every
fee posted to the ledger (the raw record the reports are built from);
``drops``: drop counts by two people; ``summaries``:
the daily summary table the reports read; ``exports``: accountants' exports;
``pending``: hand fees the ledger could not post with their hand.
"""

from rake.models.charges import FeeCharge, FeeSource
from rake.models.drops import (
    DropCount,
    DropCountLine,
    DropCountStatus,
    DropShare,
    DropTally,
    DropTallyLine,
)
from rake.models.exports import ExportCompletion, ExportContent, ExportFormat, ReportExport
from rake.models.pending import PendingFee
from rake.models.policies import (
    RATE_DECIMAL_PLACES,
    UNIT_MINUTES,
    Allocation,
    FeeKind,
    FeePolicyVersion,
    TimeCharge,
    TimeChargeStatus,
    TimeUnit,
)
from rake.models.summaries import DailyFeeSummary

__all__ = [
    "RATE_DECIMAL_PLACES",
    "UNIT_MINUTES",
    "Allocation",
    "DailyFeeSummary",
    "DropCount",
    "DropCountLine",
    "DropCountStatus",
    "DropShare",
    "DropTally",
    "DropTallyLine",
    "ExportCompletion",
    "ExportContent",
    "ExportFormat",
    "FeeCharge",
    "FeeKind",
    "FeePolicyVersion",
    "FeeSource",
    "PendingFee",
    "ReportExport",
    "TimeCharge",
    "TimeChargeStatus",
    "TimeUnit",
]
