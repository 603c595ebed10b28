"""The history of the room's records (``history``) and the tracked records by name (``tracked``)."""

from audit.models.history import (
    DrawerHistory,
    DrawerShiftHistory,
    DropCountHistory,
    ExpulsionHistory,
    FeePolicyHistory,
    GameHistory,
    MembershipHistory,
    PlayerHistory,
    SlipHistory,
    TableHistory,
    TokenHistory,
    UserHistory,
)
from audit.models.tracked import TRACKED, Tracked

__all__ = [
    "TRACKED",
    "DrawerHistory",
    "DrawerShiftHistory",
    "DropCountHistory",
    "ExpulsionHistory",
    "FeePolicyHistory",
    "GameHistory",
    "MembershipHistory",
    "PlayerHistory",
    "SlipHistory",
    "TableHistory",
    "TokenHistory",
    "Tracked",
    "UserHistory",
]
