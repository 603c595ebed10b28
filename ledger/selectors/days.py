"""Gaming days: closed or open, and the rule every app checks before it records anything.

Call ``check_gaming_day_open(day)`` in the transaction that records
something dated in ``day`` *after* inserting it: the close (``rake.services.days``)
takes a SHARE lock on the tables it must not race (PostgreSQL), so a record
racing the close either commits first (and the close sees it) or sees the
close row here and rolls back. The ledger checks it before every entry.
"""

from __future__ import annotations

from datetime import date

from django.utils.translation import gettext as _

from config.errors import Conflict
from config.gaming_day import current_gaming_day
from ledger.models import GamingDayClose


def gaming_day_is_closed(day: date) -> bool:
    return GamingDayClose.objects.filter(gaming_day=day).exists()


def check_gaming_day_open(day: date) -> None:
    """Refuse (409, ``gaming_day_closed``) a new record dated in a closed gaming day."""
    if gaming_day_is_closed(day):
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


def booking_day(day: date) -> date:
    """The day a correction of a record of ``day`` is dated: ``day`` while open, else today's gaming day."""
    if not gaming_day_is_closed(day):
        return day
    today = current_gaming_day()
    check_gaming_day_open(today)
    return today
