"""Segregation of duties (controls E22): the admin role manages users, roles and settings and passes no
operational check; a person who needs both holds both roles. The role × endpoint matrices of each app
(tests/*/test_permission*_matrix.py) refuse the admin everywhere else."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cashier.services.drawers import drawer_shift_approve
from cashier.services.slips import slip_void_confirm
from config.errors import DomainError
from config.roles import Role, has_any_role, user_roles
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

OPERATIONAL = [Role.FLOOR_MANAGER, Role.DEALER, Role.CASHIER, Role.ACCOUNTANT]


def test_admin_is_a_role_not_a_pass(admin_user: User) -> None:
    for role in OPERATIONAL:
        assert not has_any_role(admin_user, [role]), role
    assert has_any_role(admin_user, [Role.ADMIN])


def test_a_superuser_is_an_admin_and_no_more() -> None:
    root = UserFactory(is_superuser=True, is_staff=True)
    assert user_roles(root) == {Role.ADMIN}
    assert not has_any_role(root, OPERATIONAL)


def test_an_admin_alone_neither_sells_nor_records_hands_nor_closes_drawers(
    admin_user: User, api_for: Callable[[User | None], APIClient]
) -> None:
    api = api_for(admin_user)
    for name, body in [
        ("api:cashier-shift-open", {}),
        ("api:cashier-sale-create", {}),
        ("api:cashier-reversal-create", {}),
        ("api:games-hand-start", {"table_id": 1}),
        ("api:floor-table-create", {}),
    ]:
        response = api.post(reverse(name), body, format="json", HTTP_IDEMPOTENCY_KEY="admin-key-" + name)
        assert response.status_code == 403, (name, response.status_code)


@pytest.mark.parametrize(
    "act",
    [
        lambda admin: drawer_shift_approve(actor=admin, shift_id=1),
        lambda admin: slip_void_confirm(actor=admin, slip_id=1),
    ],
    ids=["sign off a drawer variance", "confirm a slip void"],
)
def test_the_services_refuse_an_admin_as_the_supervisor(admin_user: User, act: Callable[[User], object]) -> None:
    with pytest.raises(DomainError) as refused:
        act(admin_user)
    assert refused.value.status == 403


def test_an_admin_manages_users_and_settings_in_the_admin_site(
    admin_user: User, client_for: Callable[[User | None], Client]
) -> None:
    client = client_for(admin_user)
    for name in ("admin:auth_user_changelist", "admin:auth_user_add", "admin:auth_group_changelist"):
        assert client.get(reverse(name)).status_code == 200, name
    assert client.get(reverse("admin:rake_feepolicyversion_add")).status_code == 200
    # The records of the lanes it does not work in, read-only.
    assert client.get(reverse("admin:cashier_reversalrequest_changelist")).status_code == 200
    assert client.get(reverse("cashier:index")).status_code == 403


def test_a_person_who_needs_both_holds_both_roles(client_for: Callable[[User | None], Client]) -> None:
    both = UserFactory(roles=[Role.ADMIN, Role.CASHIER], is_staff=True)
    client = client_for(both)
    assert client.get(reverse("admin:index")).status_code == 200
    assert client.get(reverse("cashier:index")).status_code == 200
    assert client.get(reverse("floor:floor")).status_code == 403
