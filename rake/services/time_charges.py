"""Hourly fees: the charges that fall due for every seated player, and their collection.

Each player's periods follow their own time at the table: the first period
starts when they sit down and is charged in advance; the next starts when the
period's played time is used up. Time while the table is paused is not played
time, so a pause moves the next charge back by its length; so does the
player's own time away from the table (``tables.models.SeatAway``), unless
the version in force at the period's start charges time away
(``charge_away``). A period never starts while the table is paused or, under
a version that does not charge it, while the player is away. A charge is priced
by ``rake.engine.policies.time_charge`` under the version in force when its period
starts, and belongs to the gaming day of that moment.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from config.db import on_postgresql
from config.errors import Conflict, DomainError, NotFound
from config.gaming_day import gaming_day_of
from ledger.models import GamingDayClose
from rake.engine.policies import time_charge
from rake.models import FeeKind, FeePolicyVersion, TimeCharge, TimeChargeStatus
from rake.selectors import check_may_mark_time_charges, hourly_fee_for
from rake.services.fees import time_charge_post
from tables.models import SeatSession, TableEvent
from tables.selectors import away_intervals

# Sessions that ended this long ago have had every period charged by earlier runs.
ENDED_LOOKBACK = timedelta(days=2)

Pause = tuple[datetime, datetime | None]


@dataclass(frozen=True)
class Period:
    start: datetime
    end: datetime
    version: FeePolicyVersion


def _out_of_pause(moment: datetime, pauses: Sequence[Pause]) -> datetime | None:
    """``moment``, or the end of the pause it falls in (None while that pause lasts)."""
    for start, end in pauses:
        if start <= moment and (end is None or moment < end):
            return end
    return moment


def _advance(moment: datetime, length: timedelta, pauses: Sequence[Pause]) -> datetime | None:
    """When ``length`` of played time after ``moment`` is used up, skipping pauses."""
    left = length
    for start, end in pauses:
        if start < moment:
            continue
        if moment + left <= start:
            break
        left -= start - moment
        if end is None:
            return None
        moment = end
    return moment + left


def merge_pauses(*lists: Sequence[Pause]) -> list[Pause]:
    """One sorted list of the intervals of ``lists``, overlapping or touching ones merged into one."""
    merged: list[Pause] = []
    for start, end in sorted((p for pauses in lists for p in pauses), key=lambda p: p[0]):
        if merged:
            last_start, last_end = merged[-1]
            if last_end is None:
                break
            if start <= last_end:
                merged[-1] = (last_start, None if end is None else max(last_end, end))
                continue
        merged.append((start, end))
    return merged


def session_periods(
    *,
    started_at: datetime,
    ended_at: datetime | None,
    now: datetime,
    pauses: Sequence[Pause],
    in_force: Callable[[datetime], FeePolicyVersion | None],
    next_change: Callable[[datetime], datetime | None],
    aways: Sequence[Pause] = (),
) -> Iterator[Period]:
    """The hourly periods of one seat session that have started by ``now``.

    ``pauses``: the table's, sorted; ``aways``: the session's own time away,
    skipped like pauses under a version that does not charge time away.
    """
    with_aways = merge_pauses(pauses, aways) if aways else pauses
    moment: datetime | None = started_at
    while moment is not None and moment <= now and (ended_at is None or moment < ended_at):
        version = in_force(moment)
        if version is None or version.kind != FeeKind.HOURLY or not version.collect_every_minutes:
            moment = next_change(moment)
            continue
        skipped = pauses if version.charge_away else with_aways
        out = _out_of_pause(moment, skipped)
        if out != moment:
            # Paused or away at ``moment``: the period starts when that ends (the version may differ then).
            moment = out
            continue
        length = timedelta(minutes=version.collect_every_minutes)
        yield Period(start=moment, end=moment + length, version=version)
        moment = _advance(moment, length, skipped)


def _pauses_by_table(table_ids: set[int]) -> dict[int, list[Pause]]:
    pauses: dict[int, list[Pause]] = {pk: [] for pk in table_ids}
    events = TableEvent.objects.filter(
        table_id__in=table_ids,
        action__in=[TableEvent.Action.PAUSE, TableEvent.Action.RESUME, TableEvent.Action.CLOSE],
    ).order_by("table_id", "created_at", "pk")
    started: dict[int, datetime] = {}
    for table_id, action, at in events.values_list("table_id", "action", "created_at"):
        if action == TableEvent.Action.PAUSE:
            started.setdefault(table_id, at)
        elif table_id in started:
            pauses[table_id].append((started.pop(table_id), at))
    for table_id, at in started.items():
        pauses[table_id].append((at, None))
    return pauses


class _Versions:
    """Every version reaching one table, for in-memory look-ups by moment."""

    def __init__(self, rows: list[FeePolicyVersion]) -> None:
        self.own = sorted((v for v in rows if v.table_id is not None), key=lambda v: (v.effective_from, v.pk))
        self.default = sorted((v for v in rows if v.table_id is None), key=lambda v: (v.effective_from, v.pk))

    def in_force(self, at: datetime) -> FeePolicyVersion | None:
        for versions in (self.own, self.default):
            found = [v for v in versions if v.effective_from <= at]
            if found:
                return found[-1]
        return None

    def next_change(self, at: datetime) -> datetime | None:
        later = [v.effective_from for v in (*self.own, *self.default) if v.effective_from > at]
        return min(later, default=None)


def _sessions_to_charge(now: datetime) -> list[SeatSession]:
    hourly = FeePolicyVersion.objects.filter(kind=FeeKind.HOURLY, effective_from__lte=now)
    reached = Exists(hourly.filter(table_id=OuterRef("table_id"))) | Exists(
        hourly.filter(game_id=OuterRef("table__game_id"))
    )
    return list(
        SeatSession.objects.filter(Q(ended_at__isnull=True) | Q(ended_at__gt=now - ENDED_LOOKBACK))
        .filter(reached, started_at__lte=now)
        .select_related("table__room")
        .order_by("pk")
    )


def time_charges_create(*, actor: User, at: datetime | None = None) -> int:
    """Create the time charges due by ``at`` (default now) for every seated player; returns how many
    this run wrote.

    Idempotent: a period is charged once (the unique (seat session, period
    start) constraint refuses a second charge). Two runs at once (one beat tick
    taken by two workers) take turns, so the second reads what the first wrote
    and each counts only its own charges.
    """
    now = at or timezone.now()
    with transaction.atomic():
        _take_turns()
        new = _due_charges(actor=actor, now=now)
        TimeCharge.objects.bulk_create(new)
    return len(new)


# pg_advisory_xact_lock's key for the runs of time_charges_create.
_RUNS_LOCK = zlib.crc32(b"rake.services.time_charges_create")


def _take_turns() -> None:
    """Wait for any other run's transaction to end, and hold the turn until this one's ends.

    SQLite runs the task eagerly, in the request that sends it, with no beat to overlap it.
    """
    if on_postgresql():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_RUNS_LOCK])


def _due_charges(*, actor: User, now: datetime) -> list[TimeCharge]:
    """The charges of the periods started by ``now`` and not charged yet, outside closed gaming days."""
    sessions = _sessions_to_charge(now)
    if not sessions:
        return []
    table_ids = {s.table_id for s in sessions}
    game_ids = {s.table.game_id for s in sessions if s.table.game_id is not None}
    rows = list(FeePolicyVersion.objects.filter(Q(table_id__in=table_ids) | Q(game_id__in=game_ids)))
    pauses = _pauses_by_table(table_ids)
    aways = away_intervals(session_ids=[s.pk for s in sessions])
    existing = set(TimeCharge.objects.filter(seat_session__in=sessions).values_list("seat_session_id", "period_start"))
    # A closed gaming day accepts no new records: periods that started in one are not charged.
    earliest = min(s.started_at for s in sessions).date() - timedelta(days=1)
    room_ids = {s.table.room_id for s in sessions}
    closed = set(
        GamingDayClose.objects.filter(room_id__in=room_ids, gaming_day__gte=earliest).values_list(
            "room_id", "gaming_day"
        )
    )
    new: list[TimeCharge] = []
    for session in sessions:
        versions = _Versions([v for v in rows if v.table_id == session.table_id or v.game_id == session.table.game_id])
        for period in session_periods(
            started_at=session.started_at,
            ended_at=session.ended_at,
            now=now,
            pauses=pauses[session.table_id],
            in_force=versions.in_force,
            next_change=versions.next_change,
            aways=aways.get(session.pk, ()),
        ):
            day = gaming_day_of(period.start, room=session.table.room)
            if (session.pk, period.start) in existing or (session.table.room_id, day) in closed:
                continue
            new.append(_charge(session, period, actor=actor, now=now))
    return new


def _charge(session: SeatSession, period: Period, *, actor: User, now: datetime) -> TimeCharge:
    policy = hourly_fee_for(period.version)
    assert policy is not None
    seconds = int((period.end - period.start).total_seconds())
    return TimeCharge(
        seat_session=session,
        table_id=session.table_id,
        player_id=session.player_id,
        policy=period.version,
        period_start=period.start,
        period_end=period.end,
        gaming_day=gaming_day_of(period.start, room=session.table.room),
        amount=time_charge(policy, seconds),
        status=TimeChargeStatus.DUE,
        created_at=now,
        created_by=actor,
    )


def _lock_due(charge_id: int, actor: User) -> TimeCharge:
    charge = TimeCharge.objects.select_for_update().filter(pk=charge_id).first()
    if charge is None:
        raise NotFound(_("Time charge %(charge_id)s does not exist.") % {"charge_id": charge_id}, charge_id=charge_id)
    check_may_mark_time_charges(actor, table_id=charge.table_id)
    if charge.status != TimeChargeStatus.DUE:
        raise Conflict(
            _("Time charge %(charge_id)s is already marked %(status)s.")
            % {"charge_id": charge_id, "status": charge.get_status_display()},
            code="time_charge_marked",
            charge_status=charge.status,
        )
    return charge


@transaction.atomic
def time_charge_collect(*, actor: User, charge_id: int) -> TimeCharge:
    """The dealer or floor took the time charge from the player: its chips go into the drop box."""
    charge = _lock_due(charge_id, actor)
    charge.status, charge.marked_by, charge.marked_at = TimeChargeStatus.COLLECTED, actor, timezone.now()
    charge.save(update_fields=["status", "marked_by", "marked_at"])
    # Recorded as soon as collected (controls: "a time fee is recorded as soon as it is collected").
    time_charge_post(actor=actor, charge=charge)
    return charge


@transaction.atomic
def time_charge_not_collected(*, actor: User, charge_id: int, reason: str) -> TimeCharge:
    """The time charge was not taken (player left, comped, refused...): the reason is recorded."""
    reason = (reason or "").strip()
    if not reason:
        raise DomainError(_("Say why the time charge was not collected: a reason is required."), code="reason_required")
    charge = _lock_due(charge_id, actor)
    charge.status, charge.marked_by, charge.marked_at = TimeChargeStatus.NOT_COLLECTED, actor, timezone.now()
    charge.not_collected_reason = reason[:200]
    charge.save(update_fields=["status", "marked_by", "marked_at", "not_collected_reason"])
    return charge
