"""Which periodic work is late: beat's schedule against the last runs (``config.models.PeriodicRun``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from config.models import PeriodicRun

# A run may wait behind a long export on a busy worker, and beat catches up after a restart: work is late
# only when it missed two runs and then this much more.
GRACE = timedelta(seconds=60)


@dataclass(frozen=True)
class Late:
    entry: str  # the schedule's name for it (CELERY_BEAT_SCHEDULE)
    every: timedelta
    last: datetime | None  # None: never ran

    def __str__(self) -> str:
        when = "never ran" if self.last is None else f"last ran {self.last:%Y-%m-%d %H:%M:%S %Z}"
        return f"{self.entry} ({when}, every {self.every.total_seconds():g} s)"


def _every(schedule: object) -> timedelta:
    if isinstance(schedule, timedelta):
        return schedule
    if isinstance(schedule, int | float):
        return timedelta(seconds=schedule)
    raise TypeError(f"/healthz reads schedules in seconds or timedeltas, not {schedule!r}")


def periodic_late(*, now: datetime | None = None) -> list[Late]:
    """The schedule's entries whose task has not finished within twice its period and ``GRACE``, in one query."""
    now = now or timezone.now()
    last = dict(PeriodicRun.objects.values_list("task", "finished_at"))
    late = []
    for entry, spec in settings.CELERY_BEAT_SCHEDULE.items():
        every, ran = _every(spec["schedule"]), last.get(str(spec["task"]))
        if ran is None or now - ran > 2 * every + GRACE:
            late.append(Late(entry=entry, every=every, last=ran))
    return late
