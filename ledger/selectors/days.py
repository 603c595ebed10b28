"""A room's gaming days: closed or open, and the rule every app checks before it records anything.

Call ``check_gaming_day_open(day, room_id=…)`` in the transaction that records
something dated in a room's ``day`` *after* inserting it: the record's row took the
room's day lock, which the close (``rake.services.days``) holds alone while it runs
(PostgreSQL, ``config.triggers``), so a record racing the close of its room either
commits first (and the close sees it) or sees the close row here and rolls back.
Another room's close holds nothing back. The ledger checks it for every entry, and its
trigger again.
"""

from __future__ import annotations

from datetime import date

from django.utils.translation import gettext as _

from config.errors import Conflict
from config.gaming_day import current_gaming_day
from ledger.models import GamingDayClose
from rooms.models import Room


def gaming_day_is_closed(day: date, *, room_id: int) -> bool:
    return GamingDayClose.objects.filter(room_id=room_id, gaming_day=day).exists()


def check_gaming_day_open(day: date, *, room_id: int) -> None:
    """Refuse (409, ``gaming_day_closed``) a new record dated in a closed gaming day of the room."""
    if gaming_day_is_closed(day, room_id=room_id):
        raise gaming_day_closed(day)


def gaming_day_closed(day: date) -> Conflict:
    """The refusal of a new record dated in ``day``, which is closed."""
    return Conflict(
        _(
            "The gaming day %(day)s is closed: it accepts no new records. Record a correction "
            "in an open day that references the original."
        )
        % {"day": day.isoformat()},
        code="gaming_day_closed",
        gaming_day=day.isoformat(),
    )


def booking_day(day: date, *, room: Room) -> date:
    """The day a correction of a room's record of ``day`` is dated: ``day`` while open, else the room's
    gaming day today."""
    if not gaming_day_is_closed(day, room_id=room.pk):
        return day
    today = current_gaming_day(room=room)
    check_gaming_day_open(today, room_id=room.pk)
    return today
