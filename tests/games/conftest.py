"""Hand-record fixtures: games, an open table dealt by the ``dealer`` persona, seated players with chips.

Engine tests under ``tests/games/engine/`` need none of this and no database.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from games import services as hands
from games.services.state import cache_clear
from rake.services import fee_policy_set
from tables import services as floor
from tables.models import Game, Table

_numbers = itertools.count(1)


@pytest.fixture(autouse=True)
def _clean_engine_cache(request: pytest.FixtureRequest) -> None:
    if "engine" in request.node.path.parts:
        return
    # The engine-state cache is per process: a rolled-back test database must not meet old entries.
    cache_clear()


@pytest.fixture
def holdem(holdem_short: Game) -> Game:
    return holdem_short


@pytest.fixture
def make_table(floor_manager: User) -> Callable[..., Table]:
    """An open table of ``game`` dealt by ``dealer``, with ``players`` seated in seats 1.. holding ``stack`` each.

    ``fee``: a percentage (``Decimal``) for the table's fee policy, None for no fee policy.
    """

    def make(
        game: Game,
        dealer: User,
        *,
        players: int = 3,
        stack: int = 100_000,
        fee: Decimal | None = Decimal("0.05"),
        cap: int | None = None,
        no_flop_no_drop: bool = True,
    ) -> Table:
        number = next(_numbers) + 300
        table = floor.table_create(actor=floor_manager, number=number, seats=game.seat_limit, game_id=game.pk)
        floor.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[game.pk])
        if not dealer.dealer_shifts.filter(clock_out_at__isnull=True).exists():
            floor.dealer_clock_in(actor=floor_manager, dealer_id=dealer.pk)
        floor.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
        if fee is not None:
            fee_policy_set(
                actor=floor_manager,
                kind="percentage",
                reason="house fee",
                table_id=table.pk,
                rate=fee,
                cap_per_hand=cap,
                caps_by_players=[],
                min_pot=0,
                no_flop_no_drop=no_flop_no_drop,
                allocation="main_first",
            )
        table = floor.table_open(actor=floor_manager, table_id=table.pk)
        for seat in range(1, players + 1):
            sit(table, seat, stack)
        return table

    def sit(table: Table, seat: int, stack: int | None) -> None:
        player = floor.player_create(
            actor=floor_manager, first_name=f"P{seat}", last_name=f"Player{next(_numbers)}", allow_duplicate=True
        )
        floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk, seat_number=seat)
        if stack is not None:
            hands.seat_stack_add(actor=floor_manager, table_id=table.pk, seat_number=seat, amount=stack)

    make.sit = sit  # type: ignore[attr-defined]
    return make


@pytest.fixture
def holdem_table(make_table: Callable[..., Table], holdem: Game, dealer: User) -> Table:
    return make_table(holdem, dealer)


@pytest.fixture
def club_table(make_table: Callable[..., Table], club_poker: Game, dealer: User) -> Table:
    return make_table(club_poker, dealer, players=3)


@pytest.fixture
def make_dealer_user() -> Callable[[], User]:
    from config.roles import Role
    from tests.factories import UserFactory

    def make() -> User:
        return UserFactory(roles=[Role.DEALER])

    return make
