"""What every page says of its room: its name, its gaming day, and the rooms its user may switch to."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest

from config.gaming_day import current_gaming_day
from config.room_context import records_room
from rooms.models import Room


def room(request: HttpRequest) -> dict[str, Any]:
    current = getattr(request, "room", None)
    current = current if current else None  # the lazy object of a request with no room is falsy
    # A page about another room's record (a Vilnius hand opened with Yerevan picked) names the record's room.
    record = records_room()
    current = record if isinstance(record, Room) else current
    return {
        "room": current,
        # The installation's name where no room is chosen (the login page, a user placed in no room).
        "room_name": current.name if current is not None else settings.CARDROOM_NAME,
        "gaming_day": current_gaming_day(room=current),
        "rooms_to_pick": getattr(request, "rooms", []),
    }
