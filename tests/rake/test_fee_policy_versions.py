"""Versions: the one in force at a moment, a table's own over its game's default, never back-dated."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from config.errors import DomainError
from rake.engine.policies import PercentageFee, hand_fees
from rake.models import FeePolicyVersion
from rake.selectors import fee_policy_in_force, percentage_fee_for
from rake.services import fee_policy_set
from tables.models import Game, Table

pytestmark = pytest.mark.django_db


def test_the_version_in_force_follows_the_moment_of_each_change(
    floor_manager: User,
    open_table: Callable[..., Table],
    holdem_ring: Game,
    past_version: Callable[..., FeePolicyVersion],
) -> None:
    table = open_table(holdem_ring)
    now = timezone.now()
    first = past_version(table=table, effective_from=now - timedelta(hours=3), rate=Decimal("0.03"))
    second = past_version(table=table, effective_from=now - timedelta(hours=1), rate=Decimal("0.05"))
    scheduled = fee_policy_set(
        actor=floor_manager,
        table_id=table.pk,
        kind="percentage",
        rate=Decimal("0.04"),
        effective_from=now + timedelta(hours=2),
        reason="evening rate",
    )
    assert fee_policy_in_force(table_id=table.pk, at=now - timedelta(hours=4)) is None
    assert fee_policy_in_force(table_id=table.pk, at=now - timedelta(hours=2)) == first
    assert fee_policy_in_force(table_id=table.pk, at=second.effective_from) == second
    assert fee_policy_in_force(table_id=table.pk) == second
    assert fee_policy_in_force(table_id=table.pk, at=now + timedelta(hours=3)) == scheduled


def test_a_table_without_its_own_policy_charges_its_games_default(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    default = fee_policy_set(
        actor=floor_manager, game_id=holdem_ring.pk, kind="percentage", rate=Decimal("0.05"), reason="d"
    )
    assert fee_policy_in_force(table_id=table.pk) == default
    own = fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.02"), reason="t")
    assert fee_policy_in_force(table_id=table.pk) == own
    fee_policy_set(
        actor=floor_manager,
        game_id=holdem_ring.pk,
        kind="percentage",
        rate=Decimal("0.04"),
        effective_from=timezone.now() + timedelta(seconds=1),
        reason="later default",
    )
    assert fee_policy_in_force(table_id=table.pk, at=timezone.now() + timedelta(minutes=1)) == own


def test_versions_are_never_back_dated(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    with pytest.raises(DomainError) as exc:
        fee_policy_set(
            actor=floor_manager,
            table_id=table.pk,
            kind="percentage",
            rate=Decimal("0.05"),
            effective_from=timezone.now() - timedelta(minutes=5),
            reason="r",
        )
    assert exc.value.code == "fee_policy_backdated"


def test_a_version_starts_after_the_latest_one(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    later = timezone.now() + timedelta(hours=2)
    fee_policy_set(
        actor=floor_manager,
        table_id=table.pk,
        kind="percentage",
        rate=Decimal("0.05"),
        effective_from=later,
        reason="r",
    )
    with pytest.raises(DomainError) as exc:
        fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.04"), reason="r")
    assert exc.value.code == "fee_policy_out_of_order"
    assert FeePolicyVersion.objects.count() == 1


def test_a_reason_is_required(floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game) -> None:
    with pytest.raises(DomainError) as exc:
        fee_policy_set(
            actor=floor_manager,
            table_id=open_table(holdem_ring).pk,
            kind="percentage",
            rate=Decimal("0.05"),
            reason=" ",
        )
    assert exc.value.code == "reason_required"


def test_the_hand_recorder_gets_the_pure_policy(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    version = fee_policy_set(
        actor=floor_manager,
        table_id=table.pk,
        kind="percentage",
        rate=Decimal("0.05"),
        cap_per_hand=2000,
        caps_by_players=[(2, 1000), (6, 3000)],
        min_pot=500,
        no_flop_no_drop=True,
        allocation="proportional",
        reason="r",
    )
    version.refresh_from_db()
    policy = percentage_fee_for(fee_policy_in_force(table_id=table.pk))
    assert policy == PercentageFee(
        rate=Decimal("0.05"),
        cap_per_hand=2000,
        caps_by_players=((2, 1000), (6, 3000)),
        min_pot=500,
        no_flop_no_drop=True,
        allocation="proportional",
    )
    assert hand_fees(policy, [100_000], chip_unit=100, players_dealt=6, saw_flop=True) == [3000]
    assert hand_fees(policy, [100_000], chip_unit=100, players_dealt=3, saw_flop=False) == [0]


def test_an_hourly_version_gives_the_hand_recorder_no_percentage(
    floor_manager: User, open_table: Callable[..., Table], club_poker: Game
) -> None:
    table = open_table(club_poker)
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="hourly", amount_per_hour=2000, reason="r")
    assert percentage_fee_for(fee_policy_in_force(table_id=table.pk)) is None
    assert percentage_fee_for(None) is None
