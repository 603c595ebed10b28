"""factory_boy factories shared by every app's tests."""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth.models import Group, User

PASSWORD = "test-pass-123"


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
