"""Data and invariants of the cashier: one module per concept."""

from cashier.models.drawers import CountKind, Drawer, DrawerCount, DrawerCountLine, DrawerShift, ShiftStatus
from cashier.models.reversals import ReversalRequest, ReversalStatus
from cashier.models.slips import Slip, SlipCounter, SlipKind, SlipLine, SlipStatus
from cashier.models.transactions import ChipTransaction, PaymentMethod, TransactionKind
from cashier.models.trays import TrayCount, TrayCountKind, TrayCountLine

__all__ = [
    "ChipTransaction",
    "CountKind",
    "Drawer",
    "DrawerCount",
    "DrawerCountLine",
    "DrawerShift",
    "PaymentMethod",
    "ReversalRequest",
    "ReversalStatus",
    "ShiftStatus",
    "Slip",
    "SlipCounter",
    "SlipKind",
    "SlipLine",
    "SlipStatus",
    "TransactionKind",
    "TrayCount",
    "TrayCountKind",
    "TrayCountLine",
]
