"""Floor fixtures: dealers and players (open tables: ``open_table``, in tests/conftest.py)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from config.roles import Role
from rooms.models import Room
from tables import services
from tables.models import Game, Player
from tests.factories import UserFactory, home_room

_numbers = itertools.count(1)


@pytest.fixture
def make_dealer(floor_manager: User) -> Callable[..., User]:
    def make(*games: Game, clock_in: bool = True, **kwargs: Any) -> User:
        """A dealer of ``games``, clocked in (unless ``clock_in`` is false) in the first room given in
        ``rooms`` (the home room by default or for a dealer of the whole group)."""
        user = UserFactory(roles=[Role.DEALER], **kwargs)
        # the games may be several rooms' (each room's catalogue is its own): set by a manager of the group
        group = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[None])
        services.dealer_profile_set(actor=group, user_id=user.pk, game_ids=[g.pk for g in games])
        if clock_in:
            room = next(iter(kwargs.get("rooms") or []), None) or home_room()
            services.dealer_clock_in(actor=floor_manager, room=room, dealer_id=user.pk)
        return user

    return make


@pytest.fixture
def make_player(floor_manager: User) -> Callable[..., Player]:
    def make(
        first_name: str = "Armen", last_name: str | None = None, *, room: Room | None = None, **kwargs: Any
    ) -> Player:
        """A player registered by ``floor_manager`` in ``room`` (the home room unless given)."""
        return services.player_create(
            actor=floor_manager,
            room=room or home_room(),
            first_name=first_name,
            last_name=last_name or f"Karapetyan{next(_numbers)}",
            allow_duplicate=True,
            **kwargs,
        )

    return make
