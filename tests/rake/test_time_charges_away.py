"""Hourly fees and time away from the table: away time moves the next charge back unless the policy charges it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rake import tasks
from rake.models import FeePolicyVersion, TimeCharge
from rake.services import time_charges_create
from rake.services.time_charges import merge_pauses
from tables import services as floor
from tables.models import Game, SeatAway, SeatSession, Table, TableEvent, TableStatus
from tests.rake.helpers import eager_tasks

pytestmark = pytest.mark.django_db

YEREVAN = ZoneInfo("Asia/Yerevan")


def _local(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 4, day, hour, minute, tzinfo=YEREVAN)


@pytest.fixture
def hourly(
    open_table: Callable[..., Table], club_poker: Game, past_version: Callable[..., FeePolicyVersion]
) -> Callable[..., Table]:
    """An open table charging 2,000 per started hour, collected every 60 minutes; ``charge_away`` as given."""

    def make(*, charge_away: bool = False) -> Table:
        table = open_table(club_poker)
        past_version(
            table=table,
            effective_from=_local(1, 12),
            amount_per_hour=2000,
            unit="hour",
            collect_every_minutes=60,
            charge_away=charge_away,
        )
        return table

    return make


def _away(session: SeatSession, user: User, start: datetime, end: datetime | None) -> SeatAway:
    """Away history written straight to the table (the services stamp the present moment)."""
    return SeatAway.objects.create(
        seat_session=session,
        table_id=session.table_id,
        started_at=start,
        started_by=user,
        ended_at=end,
        ended_by=user if end else None,
        return_choice="post" if end else "",
        created_at=start,
        created_by=user,
    )


def _pause(table: Table, user: User, start: datetime, end: datetime) -> None:
    for action, at, before, after in [
        (TableEvent.Action.PAUSE, start, TableStatus.OPEN, TableStatus.PAUSED),
        (TableEvent.Action.RESUME, end, TableStatus.PAUSED, TableStatus.OPEN),
    ]:
        TableEvent.objects.create(
            table=table,
            action=action,
            from_status=before,
            to_status=after,
            seats=table.seats,
            created_at=at,
            created_by=user,
        )


def _starts(session: SeatSession) -> list[datetime]:
    return list(
        TimeCharge.objects.filter(seat_session=session).order_by("period_start").values_list("period_start", flat=True)
    )


def test_twenty_minutes_away_start_the_next_period_twenty_minutes_later(
    floor_manager: User, hourly: Callable[..., Table], seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly(), since=_local(10, 20, 0))
    _away(session, floor_manager, _local(10, 20, 30), _local(10, 20, 50))
    assert time_charges_create(actor=floor_manager, at=_local(10, 21, 19)) == 1
    assert _starts(session) == [_local(10, 20, 0)]
    assert time_charges_create(actor=floor_manager, at=_local(10, 21, 20)) == 1
    assert _starts(session) == [_local(10, 20, 0), _local(10, 21, 20)]
    assert list(TimeCharge.objects.filter(seat_session=session).values_list("amount", flat=True)) == [2000, 2000]


def test_a_policy_that_charges_away_time_charges_it(
    floor_manager: User, hourly: Callable[..., Table], seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly(charge_away=True), since=_local(11, 20, 0))
    _away(session, floor_manager, _local(11, 20, 30), _local(11, 20, 50))
    time_charges_create(actor=floor_manager, at=_local(11, 22, 0))
    assert _starts(session) == [_local(11, 20, 0), _local(11, 21, 0), _local(11, 22, 0)]


def test_no_period_starts_while_the_player_is_away(
    floor_manager: User, hourly: Callable[..., Table], seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly(), since=_local(12, 20, 0))
    # Away from 20:55: five minutes of the hour are left when the player comes back at 21:10.
    away = _away(session, floor_manager, _local(12, 20, 55), None)
    time_charges_create(actor=floor_manager, at=_local(12, 23, 0))
    assert _starts(session) == [_local(12, 20, 0)]
    SeatAway.objects.filter(pk=away.pk).update(ended_at=_local(12, 21, 10), ended_by=floor_manager)
    time_charges_create(actor=floor_manager, at=_local(12, 23, 0))
    assert _starts(session) == [_local(12, 20, 0), _local(12, 21, 15), _local(12, 22, 15)]


def test_away_across_a_table_pause_counts_the_time_off_once(
    floor_manager: User, hourly: Callable[..., Table], seat: Callable[..., SeatSession]
) -> None:
    table = hourly()
    overlapping = seat(table, since=_local(13, 20, 0))
    inside = seat(table, since=_local(13, 20, 0))
    _pause(table, floor_manager, _local(13, 20, 30), _local(13, 20, 50))
    # 20:30-20:50 paused and 20:40-21:00 away: 30 minutes off, not 40.
    _away(overlapping, floor_manager, _local(13, 20, 40), _local(13, 21, 0))
    # Away within the pause: nothing more off than the pause's 20 minutes.
    _away(inside, floor_manager, _local(13, 20, 35), _local(13, 20, 45))
    time_charges_create(actor=floor_manager, at=_local(13, 21, 29))
    assert _starts(overlapping) == [_local(13, 20, 0)]
    assert _starts(inside) == [_local(13, 20, 0), _local(13, 21, 20)]
    time_charges_create(actor=floor_manager, at=_local(13, 21, 30))
    assert _starts(overlapping) == [_local(13, 20, 0), _local(13, 21, 30)]


def test_several_aways_add_up(
    floor_manager: User, hourly: Callable[..., Table], seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly(), since=_local(14, 20, 0))
    _away(session, floor_manager, _local(14, 20, 10), _local(14, 20, 20))
    _away(session, floor_manager, _local(14, 20, 40), _local(14, 20, 45))
    time_charges_create(actor=floor_manager, at=_local(14, 22, 30))
    assert _starts(session) == [_local(14, 20, 0), _local(14, 21, 15), _local(14, 22, 15)]


def test_merge_pauses_sorts_and_merges_overlapping_and_touching_intervals() -> None:
    a, b, c, d, e = (_local(15, 20, m) for m in (0, 10, 20, 30, 40))
    assert merge_pauses([(c, d)], [(a, b), (b, c)]) == [(a, d)]
    assert merge_pauses([(a, c)], [(b, None), (d, e)]) == [(a, None)]
    assert merge_pauses([(d, e)], [(a, b)]) == [(a, b), (d, e)]


def test_the_beat_task_with_aways_run_twice_creates_nothing_new(
    floor_manager: User, hourly: Callable[..., Table], seat: Callable[..., SeatSession]
) -> None:
    now = timezone.now()
    table = hourly()
    returned = seat(table, since=now - timedelta(minutes=100))
    _away(returned, floor_manager, now - timedelta(minutes=90), now - timedelta(minutes=40))
    away_now = seat(table, since=now - timedelta(minutes=50))
    floor.seat_away_start(actor=floor_manager, session_id=away_now.pk)
    with eager_tasks():
        # returned: 100 minutes seated, 50 of them away: its second period starts in 10 minutes.
        # away_now: its first period, charged in advance; none while it is away.
        assert tasks.time_charges_create.delay().get() == 2
        assert tasks.time_charges_create.delay().get() == 0
    assert TimeCharge.objects.count() == 2
    assert _starts(returned) == [now - timedelta(minutes=100)]


def test_one_query_reads_the_aways_of_every_session(
    floor_manager: User, hourly: Callable[..., Table], seat: Callable[..., SeatSession]
) -> None:
    table = hourly()

    def queries(at: datetime) -> int:
        with CaptureQueriesContext(connection) as captured:
            time_charges_create(actor=floor_manager, at=at)
        return len(captured)

    first = seat(table, since=_local(16, 20, 0))
    _away(first, floor_manager, _local(16, 20, 10), _local(16, 20, 20))
    few = queries(_local(16, 21, 30))
    for _ in range(4):
        other = seat(table, since=_local(16, 20, 0))
        _away(other, floor_manager, _local(16, 20, 10), _local(16, 20, 20))
        _away(other, floor_manager, _local(16, 20, 30), None)
    many = queries(_local(16, 22, 30))
    assert few == many
    assert TimeCharge.objects.filter(seat_session=first).count() == 3
