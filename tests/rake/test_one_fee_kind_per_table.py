"""Control 18: one kind of fee per table; switching kind needs a closed or idle table."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from config.errors import DomainError
from rake.models import FeeKind, FeePolicyVersion
from rake.services import fee_policy_set
from tables import services as floor
from tables.models import Game, SeatSession, Table

pytestmark = pytest.mark.django_db


def _row(actor: User, table: Table, **fields: object) -> FeePolicyVersion:
    now = timezone.now()
    return FeePolicyVersion(table=table, effective_from=now, reason="raw", created_at=now, created_by=actor, **fields)


def test_the_database_refuses_a_percentage_row_with_hourly_fields(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    row = _row(
        floor_manager,
        open_table(holdem_ring, open=False),
        kind=FeeKind.PERCENTAGE,
        rate=Decimal("0.05"),
        caps_by_players=[],
        min_pot=0,
        no_flop_no_drop=True,
        allocation="main_first",
        amount_per_hour=1000,
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save()


def test_the_database_refuses_an_hourly_row_with_a_rate(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    row = _row(
        floor_manager,
        open_table(holdem_ring, open=False),
        kind=FeeKind.HOURLY,
        amount_per_hour=1000,
        unit="hour",
        collect_every_minutes=60,
        charge_away=False,
        rate=Decimal("0.05"),
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save()


def test_the_database_refuses_a_policy_for_both_a_table_and_a_game(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    row = _row(
        floor_manager,
        open_table(holdem_ring, open=False),
        game=holdem_ring,
        kind=FeeKind.HOURLY,
        amount_per_hour=1000,
        unit="hour",
        collect_every_minutes=60,
        charge_away=False,
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save()


def test_the_service_refuses_mixed_fields(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    with pytest.raises(DomainError, match="one kind of fee at a time") as exc:
        fee_policy_set(
            actor=floor_manager,
            table_id=table.pk,
            kind="percentage",
            rate=Decimal("0.05"),
            amount_per_hour=1000,
            reason="r",
        )
    assert exc.value.code == "fee_kinds_mixed"
    with pytest.raises(DomainError, match="one kind of fee at a time"):
        fee_policy_set(
            actor=floor_manager, table_id=table.pk, kind="hourly", amount_per_hour=1000, cap_per_hand=5, reason="r"
        )
    assert not FeePolicyVersion.objects.exists()


def test_switching_kind_is_refused_while_players_are_seated(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game, seat: Callable[..., SeatSession]
) -> None:
    table = open_table(holdem_ring)
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.05"), reason="r")
    seat(table)
    with pytest.raises(DomainError) as exc:
        fee_policy_set(actor=floor_manager, table_id=table.pk, kind="hourly", amount_per_hour=2000, reason="switch")
    assert exc.value.code == "fee_kind_switch_busy"
    assert exc.value.status == 409
    assert FeePolicyVersion.objects.count() == 1
    # Same kind, new numbers: allowed on a busy table.
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.04"), reason="lower")


def test_switching_kind_is_allowed_once_the_table_is_idle(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game, seat: Callable[..., SeatSession]
) -> None:
    table = open_table(holdem_ring)
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.05"), reason="r")
    session = seat(table)
    floor.seat_stand_up(actor=floor_manager, session_id=session.pk)
    version = fee_policy_set(
        actor=floor_manager, table_id=table.pk, kind="hourly", amount_per_hour=2000, reason="switch"
    )
    assert version.kind == FeeKind.HOURLY


def test_a_kind_switch_cannot_be_scheduled(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring, open=False)
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.05"), reason="r")
    with pytest.raises(DomainError) as exc:
        fee_policy_set(
            actor=floor_manager,
            table_id=table.pk,
            kind="hourly",
            amount_per_hour=2000,
            effective_from=timezone.now() + timedelta(hours=1),
            reason="switch tonight",
        )
    assert exc.value.code == "fee_kind_switch_scheduled"


def test_switching_a_games_default_is_refused_while_a_table_on_it_is_busy(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game, seat: Callable[..., SeatSession]
) -> None:
    busy, own = open_table(holdem_ring), open_table(holdem_ring)
    fee_policy_set(actor=floor_manager, game_id=holdem_ring.pk, kind="percentage", rate=Decimal("0.05"), reason="d")
    fee_policy_set(actor=floor_manager, table_id=own.pk, kind="percentage", rate=Decimal("0.03"), reason="own")
    seat(busy)
    seat(own)  # on its own policy: the default does not reach it
    with pytest.raises(DomainError) as exc:
        fee_policy_set(
            actor=floor_manager, game_id=holdem_ring.pk, kind="hourly", amount_per_hour=2000, reason="switch"
        )
    assert exc.value.details["tables"] == [busy.number]
