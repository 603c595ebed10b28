"""Data and invariants of the ledger, one module per concept.

``chips``: the chip denominations; ``accounts``: the places chips and cash can be and their
balance rows; ``entries``: the journal (entries and their legs); ``days``: the gaming-day close
the ledger checks before it posts. The tables keep their original ``cashier_``/``rake_`` names.
"""

from ledger.models.accounts import (
    CAGE_KINDS,
    INVENTORY_KINDS,
    SINGLETON_KINDS,
    TABLE_KINDS,
    Account,
    AccountKind,
    Balance,
)
from ledger.models.chips import Denomination
from ledger.models.days import GamingDayClose
from ledger.models.entries import IN_AN_OPEN_DAY, JournalEntry, Leg, Reason

__all__ = [
    "CAGE_KINDS",
    "INVENTORY_KINDS",
    "IN_AN_OPEN_DAY",
    "SINGLETON_KINDS",
    "TABLE_KINDS",
    "Account",
    "AccountKind",
    "Balance",
    "Denomination",
    "GamingDayClose",
    "JournalEntry",
    "Leg",
    "Reason",
]
