"""Fee fixtures: games, open tables with a dealer, seated players, versions set in the past."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from config.roles import Role
from rake.models import FeeKind, FeePolicyVersion
from tables import services as floor
from tables.models import Game, GameKind, Player, Ring, SeatSession, Structure, Table
from tests.factories import UserFactory

_numbers = itertools.count(1)


@pytest.fixture
def holdem(floor_manager: User) -> Game:
    return floor.game_create(
        actor=floor_manager,
        name="Hold'em NL 500/1,000",
        kind=GameKind.TEXAS_HOLDEM,
        structure=Structure.NO_LIMIT,
        ring=Ring.FULL_RING,
        small_blind=500,
        big_blind=1000,
        min_buy_in=40_000,
        max_buy_in=200_000,
        seat_limit=10,
    )


@pytest.fixture
def club_poker(floor_manager: User) -> Game:
    return floor.game_create(
        actor=floor_manager,
        name="Club Poker 1,000",
        kind=GameKind.CLUB_POKER,
        structure=Structure.POT_OR_NO_LIMIT,
        ante=1000,
        min_buy_in=20_000,
        max_buy_in=200_000,
        seat_limit=6,
    )


@pytest.fixture
def make_table(floor_manager: User) -> Callable[..., Table]:
    """A table of ``game``; open with a freshly clocked-in dealer unless ``open=False``."""

    def make(game: Game, *, open: bool = True, dealer: User | None = None) -> Table:
        table = floor.table_create(
            actor=floor_manager, number=next(_numbers) + 200, seats=game.seat_limit, game_id=game.pk
        )
        if not open:
            return table
        if dealer is None:
            dealer = UserFactory.create(roles=[Role.DEALER])
        floor.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[game.pk])
        floor.dealer_clock_in(actor=floor_manager, dealer_id=dealer.pk)
        floor.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
        return floor.table_open(actor=floor_manager, table_id=table.pk)

    return make


@pytest.fixture
def seat(floor_manager: User) -> Callable[..., SeatSession]:
    """Seat a new player at ``table``; ``since`` back-dates the session."""

    def make(table: Table, *, since: datetime | None = None) -> SeatSession:
        player: Player = floor.player_create(
            actor=floor_manager, first_name="Armen", last_name=f"Karapetyan{next(_numbers)}", allow_duplicate=True
        )
        session = floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk)
        if since is not None:
            SeatSession.objects.filter(pk=session.pk).update(started_at=since)
            session.refresh_from_db()
        return session

    return make


@pytest.fixture
def past_version(floor_manager: User) -> Callable[..., FeePolicyVersion]:
    """A version in force from a past moment (services refuse back-dating; tests need history)."""

    def make(
        *, effective_from: datetime, table: Table | None = None, game: Game | None = None, **fields: Any
    ) -> FeePolicyVersion:
        kind = fields.pop("kind", FeeKind.HOURLY if "amount_per_hour" in fields else FeeKind.PERCENTAGE)
        defaults: dict[str, Any]
        if kind == FeeKind.PERCENTAGE:
            defaults = {
                "rate": Decimal("0.05"),
                "caps_by_players": [],
                "min_pot": 0,
                "no_flop_no_drop": True,
                "allocation": "main_first",
            }
        else:
            defaults = {"unit": "hour", "collect_every_minutes": 60, "charge_away": False}
        version = FeePolicyVersion(
            table=table,
            game=game,
            kind=kind,
            effective_from=effective_from,
            reason="test history",
            created_at=timezone.now(),
            created_by=floor_manager,
            **{**defaults, **fields},
        )
        version.full_clean()
        version.save()
        return version

    return make
