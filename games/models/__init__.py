"""Data and invariants of the hand record, split by concept."""

from games.models.exports import PhhExport
from games.models.hands import (
    FINAL_STATUSES,
    HEAD_FIELDS,
    Hand,
    HandEvent,
    HandQuerySet,
    HandResult,
    HandSeat,
    HandStatus,
    HandStatusChange,
    PotAward,
)
from games.models.stacks import BuyInSource, SeatStack, StackKind

__all__ = [
    "FINAL_STATUSES",
    "HEAD_FIELDS",
    "BuyInSource",
    "Hand",
    "HandEvent",
    "HandQuerySet",
    "HandResult",
    "HandSeat",
    "HandStatus",
    "HandStatusChange",
    "PhhExport",
    "PotAward",
    "SeatStack",
    "StackKind",
]
