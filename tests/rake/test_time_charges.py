"""Hourly fees: charges due in advance per period, across an hour, a gaming day, a pause; the beat task."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from config.errors import DomainError
from rake import tasks
from rake.models import FeePolicyVersion, TimeCharge, TimeChargeStatus
from rake.services import time_charge_collect, time_charge_not_collected, time_charges_create
from tables.models import Game, SeatSession, Table, TableEvent, TableStatus
from tests.rake.helpers import eager_tasks

pytestmark = pytest.mark.django_db

YEREVAN = ZoneInfo("Asia/Yerevan")


def _local(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=YEREVAN)


@pytest.fixture
def hourly_table(
    open_table: Callable[..., Table], club_poker: Game, past_version: Callable[..., FeePolicyVersion]
) -> Table:
    table = open_table(club_poker)
    past_version(table=table, effective_from=_local(1, 12), amount_per_hour=2000, unit="hour", collect_every_minutes=60)
    return table


def _starts(session: SeatSession) -> list[datetime]:
    return [c.period_start for c in TimeCharge.objects.filter(seat_session=session).order_by("period_start")]


def test_a_session_crossing_an_hour_owes_a_charge_per_started_hour(
    floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly_table, since=_local(10, 20, 40))
    assert time_charges_create(actor=floor_manager, at=_local(10, 21, 39)) == 1
    assert time_charges_create(actor=floor_manager, at=_local(10, 21, 40)) == 1
    assert _starts(session) == [_local(10, 20, 40), _local(10, 21, 40)]
    charges = list(TimeCharge.objects.filter(seat_session=session))
    assert {c.amount for c in charges} == {2000}
    assert all(c.status == TimeChargeStatus.DUE and c.table == hourly_table for c in charges)
    assert charges[0].period_end == _local(10, 21, 40)


def test_a_session_crossing_the_gaming_day_charges_each_period_to_its_day(
    floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    # The gaming day starts at 06:00 local time.
    session = seat(hourly_table, since=_local(11, 5, 30))
    time_charges_create(actor=floor_manager, at=_local(11, 7, 0))
    days = [
        (c.period_start, c.gaming_day) for c in TimeCharge.objects.filter(seat_session=session).order_by("period_start")
    ]
    assert days == [(_local(11, 5, 30), _local(10, 12).date()), (_local(11, 6, 30), _local(11, 12).date())]


def test_a_table_pause_moves_the_next_charge_back_by_its_length(
    floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly_table, since=_local(12, 20, 0))
    for action, at, before, after in [
        (TableEvent.Action.PAUSE, _local(12, 20, 30), TableStatus.OPEN, TableStatus.PAUSED),
        (TableEvent.Action.RESUME, _local(12, 20, 50), TableStatus.PAUSED, TableStatus.OPEN),
    ]:
        TableEvent.objects.create(
            table=hourly_table,
            action=action,
            from_status=before,
            to_status=after,
            seats=hourly_table.seats,
            created_at=at,
            created_by=floor_manager,
        )
    time_charges_create(actor=floor_manager, at=_local(12, 21, 15))
    assert _starts(session) == [_local(12, 20, 0)]
    time_charges_create(actor=floor_manager, at=_local(12, 21, 20))
    assert _starts(session) == [_local(12, 20, 0), _local(12, 21, 20)]


def test_no_charge_while_a_pause_lasts(
    floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly_table, since=_local(13, 20, 0))
    TableEvent.objects.create(
        table=hourly_table,
        action=TableEvent.Action.PAUSE,
        from_status=TableStatus.OPEN,
        to_status=TableStatus.PAUSED,
        seats=hourly_table.seats,
        created_at=_local(13, 20, 45),
        created_by=floor_manager,
    )
    time_charges_create(actor=floor_manager, at=_local(13, 23, 0))
    assert _starts(session) == [_local(13, 20, 0)]


def test_half_hour_units_collected_every_half_hour(
    floor_manager: User,
    open_table: Callable[..., Table],
    club_poker: Game,
    past_version: Callable[..., FeePolicyVersion],
    seat: Callable[..., SeatSession],
) -> None:
    table = open_table(club_poker)
    past_version(
        table=table, effective_from=_local(1, 12), amount_per_hour=2001, unit="half_hour", collect_every_minutes=30
    )
    session = seat(table, since=_local(14, 20, 0))
    time_charges_create(actor=floor_manager, at=_local(14, 20, 59))
    assert [c.amount for c in TimeCharge.objects.filter(seat_session=session)] == [1000, 1000]


def test_an_ended_session_is_not_charged_after_it_ended(
    floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    session = seat(hourly_table, since=_local(15, 20, 0))
    SeatSession.objects.filter(pk=session.pk).update(
        ended_at=_local(15, 20, 59), ended_by=floor_manager, end_reason="stood_up"
    )
    time_charges_create(actor=floor_manager, at=_local(15, 23, 0))
    assert _starts(session) == [_local(15, 20, 0)]


def test_a_percentage_table_has_no_time_charges(
    floor_manager: User,
    open_table: Callable[..., Table],
    holdem_ring: Game,
    past_version: Callable[..., FeePolicyVersion],
    seat: Callable[..., SeatSession],
) -> None:
    table = open_table(holdem_ring)
    past_version(table=table, effective_from=_local(1, 12))
    seat(table, since=_local(16, 20, 0))
    assert time_charges_create(actor=floor_manager, at=_local(16, 23, 0)) == 0


def test_the_beat_task_run_twice_creates_nothing_new(hourly_table: Table, seat: Callable[..., SeatSession]) -> None:
    seat(hourly_table, since=timezone.now() - timedelta(minutes=90))
    seat(hourly_table, since=timezone.now() - timedelta(minutes=10))
    # In-process: the PostgreSQL pass has a broker (REDIS_URL) but no worker for this test.
    with eager_tasks():
        assert tasks.time_charges_create.delay().get() == 3
        assert tasks.time_charges_create.delay().get() == 0
    assert TimeCharge.objects.count() == 3
    assert set(TimeCharge.objects.values_list("created_by__username", flat=True)) == {"system"}


def _due_charge(floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]) -> TimeCharge:
    seat(hourly_table, since=timezone.now() - timedelta(minutes=5))
    time_charges_create(actor=floor_manager)
    return TimeCharge.objects.get()


def test_the_dealer_at_the_table_collects(
    floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    charge = _due_charge(floor_manager, hourly_table, seat)
    dealer = hourly_table.dealer_assignments.get(ended_at__isnull=True).dealer
    collected = time_charge_collect(actor=dealer, charge_id=charge.pk)
    assert (collected.status, collected.marked_by) == (TimeChargeStatus.COLLECTED, dealer)
    with pytest.raises(DomainError) as exc:
        time_charge_not_collected(actor=floor_manager, charge_id=charge.pk, reason="late")
    assert exc.value.code == "time_charge_marked"


def test_not_collected_needs_a_reason(
    floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    charge = _due_charge(floor_manager, hourly_table, seat)
    with pytest.raises(DomainError) as exc:
        time_charge_not_collected(actor=floor_manager, charge_id=charge.pk, reason="  ")
    assert exc.value.code == "reason_required"
    marked = time_charge_not_collected(actor=floor_manager, charge_id=charge.pk, reason="player left at once")
    assert (marked.status, marked.not_collected_reason) == (TimeChargeStatus.NOT_COLLECTED, "player left at once")


def test_a_dealer_of_another_table_may_not_mark(
    floor_manager: User,
    hourly_table: Table,
    seat: Callable[..., SeatSession],
    open_table: Callable[..., Table],
    club_poker: Game,
) -> None:
    charge = _due_charge(floor_manager, hourly_table, seat)
    other = open_table(club_poker)
    other_dealer = other.dealer_assignments.get(ended_at__isnull=True).dealer
    with pytest.raises(DomainError) as exc:
        time_charge_collect(actor=other_dealer, charge_id=charge.pk)
    assert exc.value.status == 403
    charge.refresh_from_db()
    assert charge.status == TimeChargeStatus.DUE


def test_postgres_refuses_changing_a_marked_charge(
    on_postgres: None, floor_manager: User, hourly_table: Table, seat: Callable[..., SeatSession]
) -> None:
    from django.db import transaction

    charge = _due_charge(floor_manager, hourly_table, seat)
    time_charge_collect(actor=floor_manager, charge_id=charge.pk)
    with pytest.raises(Exception, match=r"(?i)protect|cannot|refused"), transaction.atomic():
        TimeCharge.objects.filter(pk=charge.pk).update(status=TimeChargeStatus.DUE, marked_by=None, marked_at=None)
    with pytest.raises(Exception, match=r"(?i)protect|cannot|refused"), transaction.atomic():
        TimeCharge.objects.filter(pk=charge.pk).delete()
