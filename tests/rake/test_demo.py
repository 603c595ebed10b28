"""seed_demo's fees: Hold'em defaults and Club Poker hourly, idempotent, only where tables exist."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from rake import demo
from rake.models import FeeKind, FeePolicyVersion
from rake.selectors import table_fee_line
from tables.models import Game, Table

pytestmark = pytest.mark.django_db


def test_seed_sets_fees_once(
    admin_user: User, open_table: Callable[..., Table], holdem_ring: Game, club_poker: Game
) -> None:
    holdem_table, club_table = open_table(holdem_ring), open_table(club_poker)
    assert demo.seed(actor=admin_user)
    assert table_fee_line(holdem_table.pk) == "5% of each pot, up to 2,000 AMD, no flop, no drop"
    assert table_fee_line(club_table.pk) == "2,000 AMD per player per hour, charged per started half hour"
    assert FeePolicyVersion.objects.get(table=club_table).kind == FeeKind.HOURLY
    count = FeePolicyVersion.objects.count()
    assert demo.seed(actor=admin_user) == []
    assert FeePolicyVersion.objects.count() == count


def test_seed_without_tables_or_games_does_nothing(admin_user: User) -> None:
    assert demo.seed(actor=admin_user) == []
