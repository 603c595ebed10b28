"""Data and invariants of the floor, split by concept."""

from tables.models.catalogue import Game, GameKind, Ring, Structure
from tables.models.dealers import AssignmentEndReason, DealerAssignment, DealerProfile, DealerShift
from tables.models.kiosk import KioskToken
from tables.models.players import DocumentType, Expulsion, ExpulsionDuration, ExpulsionScope, Player
from tables.models.seating import AwayReturn, SeatAway, SeatEndReason, SeatEntry, SeatSession
from tables.models.signs import RoomLanguage, SignVersion
from tables.models.tables import ROOM_OF_THE_ROWS_TABLE, Table, TableEvent, TableStatus
from tables.models.waitlists import (
    OPEN_STATUSES,
    WaitlistEndReason,
    WaitlistEntry,
    WaitlistSource,
    WaitlistStatus,
)

__all__ = [
    "OPEN_STATUSES",
    "ROOM_OF_THE_ROWS_TABLE",
    "AssignmentEndReason",
    "AwayReturn",
    "DealerAssignment",
    "DealerProfile",
    "DealerShift",
    "DocumentType",
    "Expulsion",
    "ExpulsionDuration",
    "ExpulsionScope",
    "Game",
    "GameKind",
    "KioskToken",
    "Player",
    "Ring",
    "RoomLanguage",
    "SeatAway",
    "SeatEndReason",
    "SeatEntry",
    "SeatSession",
    "SignVersion",
    "Structure",
    "Table",
    "TableEvent",
    "TableStatus",
    "WaitlistEndReason",
    "WaitlistEntry",
    "WaitlistSource",
    "WaitlistStatus",
]
