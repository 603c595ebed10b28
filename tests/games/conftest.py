"""Hand-record fixtures: a Hold'em and a Club Poker table dealt by the ``dealer`` persona, seated players
with chips (``hand_table``, in tests/conftest.py).

Engine tests under ``tests/games/engine/`` need none of this and no database.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from games.services.state import cache_clear
from tables.models import Game, Table


@pytest.fixture(autouse=True)
def _clean_engine_cache(request: pytest.FixtureRequest) -> None:
    if "engine" in request.node.path.parts:
        return
    # The engine-state cache is per process: a rolled-back test database must not meet old entries.
    cache_clear()


@pytest.fixture
def holdem_table(hand_table: Callable[..., Table], holdem: Game, dealer: User) -> Table:
    return hand_table(holdem, dealer)


@pytest.fixture
def club_table(hand_table: Callable[..., Table], club_poker: Game, dealer: User) -> Table:
    return hand_table(club_poker, dealer, players=3)


@pytest.fixture
def make_dealer_user() -> Callable[[], User]:
    from config.roles import Role
    from tests.factories import UserFactory

    def make() -> User:
        return UserFactory(roles=[Role.DEALER])

    return make
