"""Users and their roles are in the history (a new password as an event, never its hash; a
login is not a change), and a change made by a Celery task names the task."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from audit.models import UserHistory
from config.roles import Role
from tables import services, tasks
from tables.models import ExpulsionDuration
from tests.factories import PASSWORD, UserFactory, home_room

pytestmark = pytest.mark.django_db


def test_roles_given_and_taken_are_recorded(changes):
    user = UserFactory(username="newcomer", roles=[Role.DEALER])
    user.groups.remove(Group.objects.get(name=Role.DEALER))
    given, taken = changes("role", user.pk)
    assert (given.label, taken.label) == ("insert", "delete")
    assert ("user", "newcomer") in {(f.name, f.after) for f in given.fields}
    assert ("user", "newcomer") in {(f.name, f.before) for f in taken.fields}


def test_a_new_password_is_recorded_but_its_hash_is_not(changes):
    user = UserFactory(username="cashier2")
    user.set_password("another-secret-42")
    user.save()
    assert changes("user", user.pk)[-1].action == "password changed"
    assert "password" not in {f.name for f in UserHistory._meta.get_fields()}


def test_logging_in_changes_nothing_in_the_history(client, changes):
    user = UserFactory(username="floor3")
    before = len(changes("user", user.pk))
    response = client.post(reverse("login"), {"username": "floor3", "password": PASSWORD})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.last_login is not None
    assert len(changes("user", user.pk)) == before


def test_an_expulsion_expired_by_the_beat_task_names_the_task(floor_manager, make_player, changes):
    expulsion = services.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=make_player().pk,
        rule="r",
        reason="x",
        duration=ExpulsionDuration.UNTIL,
        until=timezone.now() + timedelta(hours=1),
    )
    expulsion.starts_at, expulsion.until = timezone.now() - timedelta(hours=2), timezone.now() - timedelta(minutes=1)
    expulsion.save(update_fields=["starts_at", "until"])  # two hours on
    assert tasks.expulsions_expire.delay().get() == 1
    expired = changes("expulsion", expulsion.pk)[-1]
    assert (expired.task, expired.user_id) == ("tables.tasks.expulsions_expire", None)
    assert [f.name for f in expired.fields] == ["expired_recorded_at"]
