"""Writes of the hand record: keyword-only functions taking the acting user, split by sub-domain."""

from games.services.corrections import hand_correct, hand_void
from games.services.recording import (
    RecordedEvent,
    RecordedHand,
    hand_event_record,
    hand_record_whole,
    hand_start,
    hand_undo,
)
from games.services.stacks import seat_stack_add
from games.services.starting import Started

__all__ = [
    "RecordedEvent",
    "RecordedHand",
    "Started",
    "hand_correct",
    "hand_event_record",
    "hand_record_whole",
    "hand_start",
    "hand_undo",
    "hand_void",
    "seat_stack_add",
]
