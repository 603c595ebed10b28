"""The room board for the wall TV: open tables and waitlists, names masked."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from rooms.models import Room
from tables.models import TableStatus, WaitlistStatus
from tables.selectors.tables import tables_list
from tables.selectors.waitlists import waitlists_by_game
from tables.selectors.words import stakes_text


def room_board(*, room: Room) -> dict[str, Any]:
    """``room``'s board: its name, the server time, its running tables (seats taken/free) and each game's list
    in the room (first name + initial, called or not)."""
    tables = []
    for table in tables_list().filter(room=room):
        if table.status == TableStatus.CLOSED or table.game is None:
            continue
        taken = len(table.open_sessions)  # type: ignore[attr-defined]
        tables.append(
            {
                "number": table.number,
                "name": table.name,
                "status": table.status,
                "game": table.game.name,
                "stakes": stakes_text(table.game),
                "seats": table.seats,
                "taken": taken,
                "free": max(table.seats - taken, 0),
            }
        )
    lists = [
        {
            "game": lst.game.name,
            "stakes": stakes_text(lst.game),
            "count": len(lst.entries),
            "names": [e.player.masked_name for e in lst.entries],
            # A called player is wanted at a table now: the board shows them first to the eye.
            "entries": [
                {"name": e.player.masked_name, "called": e.status == WaitlistStatus.CALLED} for e in lst.entries
            ],
            "called": sum(e.status == WaitlistStatus.CALLED for e in lst.entries),
            "is_interest_list": lst.is_interest_list,
        }
        for lst in waitlists_by_game(room=room)
    ]
    return {"room": room.name, "now": timezone.now(), "tables": tables, "waitlists": lists}
