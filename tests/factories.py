"""factory_boy factories shared by every app's tests: single rows. A room in a known state (an open
table with its dealer, seated players, chips issued) is built through the services: ``games.services.scenarios``."""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth.models import Group, User
from django.utils import timezone

from config.services import token_create
from config.text import search_key
from rooms.models import Room
from rooms.services import room_create, staff_place
from tables.models import Player, Table

PASSWORD = "test-pass-123"


def home_room() -> Room:
    """The room the tests play in unless they say otherwise: the installation's first room, which the
    migrations made from the settings; made again the same way after a transactional test flushed it."""
    return Room.objects.order_by("pk").first() or room_create(code="cardroom", name="Cardroom")


def home_room_set(**figures: object) -> Room:
    """The home room with some of its figures changed (a threshold, a currency), for a test of them."""
    room = home_room()
    Room.objects.filter(pk=room.pk).update(**figures)
    room.refresh_from_db()
    return room


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    first_name = factory.Faker("first_name")
    last_name = factory.Faker("last_name")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def roles(self, create: bool, extracted: list[str] | None, **kwargs: Any) -> None:
        # get_or_create: transactional tests flush the groups the migration made.
        for name in extracted or []:
            group, _ = Group.objects.get_or_create(name=name)
            self.groups.add(group)

    @factory.post_generation
    def rooms(self, create: bool, extracted: list[Room | None] | None, **kwargs: Any) -> None:
        """The rooms the user works in: the home room unless given (None in the list: the whole group)."""
        for room in [home_room()] if extracted is None else extracted:
            staff_place(actor=None, user=self, room=room)


class TableFactory(factory.django.DjangoModelFactory[Table]):
    """A closed table with no game, written as a row (the floor's own rules: ``open_table``)."""

    class Meta:
        model = Table

    room = factory.LazyFunction(home_room)
    number = factory.Sequence(lambda n: n + 1)
    seats = 6
    status_changed_at = factory.LazyFunction(timezone.now)
    created_at = factory.LazyFunction(timezone.now)
    created_by = factory.SubFactory(UserFactory)


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    """A player written as a row (the floor's own rules: ``make_player``)."""

    class Meta:
        model = Player

    room = factory.LazyFunction(home_room)
    first_name = "Aram"
    last_name = factory.Sequence(lambda n: f"Petrosyan{n}")
    alias = ""
    id_document_number = ""
    # What the player services write beside the fields, so that the search finds the row.
    search_key = factory.LazyAttribute(lambda p: search_key(p.first_name, p.last_name, p.alias, p.id_document_number))
    created_at = factory.LazyFunction(timezone.now)
    created_by = factory.SubFactory(UserFactory)


def api_key(user: User, *, days: int | None = None) -> str:
    """A new API token's key for ``user``, through the service ``manage.py token_create`` calls."""
    return token_create(actor=None, user=user, days=days)[1]
