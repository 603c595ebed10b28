"""The table sign shows the fee in force, and changes when it does."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from rake.selectors import table_fee_line
from rake.services import fee_policy_set, fee_signs_refresh
from tables.models import Game, SignVersion, Table
from tables.selectors import sign_current

pytestmark = pytest.mark.django_db


def test_no_policy_no_fee_line(open_table: Callable[..., Table], holdem_ring: Game) -> None:
    assert table_fee_line(open_table(holdem_ring).pk) is None


def test_the_sign_shows_the_percentage_after_a_change(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    fee_policy_set(
        actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.05"), cap_per_hand=2000, reason="r"
    )
    assert table_fee_line(table.pk) == "5% of each pot, up to 2,000 AMD, no flop, no drop"
    sign = sign_current(table_id=table.pk)
    assert sign is not None
    assert "Fee: 5% of each pot, up to 2,000 AMD, no flop, no drop" in sign.content
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.03"), reason="lower")
    assert table_fee_line(table.pk) == "3% of each pot, no flop, no drop"
    signs = list(SignVersion.objects.filter(table=table).order_by("valid_from", "pk"))
    assert "3% of each pot, no flop, no drop" in signs[-1].content
    assert signs[-2].valid_to is not None


def test_the_sign_shows_the_hourly_fee_and_no_flop_talk_at_club_poker(
    floor_manager: User, open_table: Callable[..., Table], club_poker: Game
) -> None:
    table = open_table(club_poker)
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="hourly", amount_per_hour=1000, reason="r")
    assert table_fee_line(table.pk) == "1,000 AMD per player per hour"
    sign = sign_current(table_id=table.pk)
    assert sign is not None and "1,000 AMD per player per hour" in sign.content


def test_a_games_default_reaches_the_signs_of_its_tables(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    first, second = open_table(holdem_ring), open_table(holdem_ring)
    fee_policy_set(actor=floor_manager, game_id=holdem_ring.pk, kind="percentage", rate=Decimal("0.05"), reason="d")
    for table in (first, second):
        sign = sign_current(table_id=table.pk)
        assert sign is not None and "5% of each pot, no flop, no drop" in sign.content


def test_a_scheduled_change_reaches_the_sign_when_it_takes_effect(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.05"), reason="r")
    start = timezone.now() + timedelta(milliseconds=300)
    fee_policy_set(
        actor=floor_manager,
        table_id=table.pk,
        kind="percentage",
        rate=Decimal("0.02"),
        effective_from=start,
        reason="r",
    )
    sign = sign_current(table_id=table.pk)
    assert sign is not None and "Fee: 5%" in sign.content
    while timezone.now() <= start:
        pass
    assert fee_signs_refresh(actor=floor_manager, since=start - timedelta(minutes=1)) == 1
    sign = sign_current(table_id=table.pk)
    assert sign is not None and "Fee: 2%" in sign.content
