"""Each role sees its navigation and gets a 403 that names the role elsewhere."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from config.roles import Role
from tests.factories import UserFactory

SECTIONS = {
    "floor": "floor:floor",
    "hands": "games:hand_list",
    "cashier": "cashier:index",
    "fees": "rake:fee_policies",
    "drops": "rake:drop_counts",
    "slips": "cashier:slips",
    "reports": "rake:reports",
    "history": "audit:log",
    "admin": "admin:index",
}
SEES = {
    Role.FLOOR_MANAGER: {"floor", "hands", "fees", "slips", "drops", "history"},
    Role.DEALER: {"floor", "hands", "slips"},
    Role.CASHIER: {"cashier", "drops"},
    Role.ACCOUNTANT: {"hands", "cashier", "fees", "drops", "reports", "history"},
    # Users, roles and settings only: an admin who also works the floor or the cage holds that role too.
    Role.ADMIN: {"admin"},
}
# The cage reaches the slips from its own pages, so it opens them without a nav link.
OPENS = {role: seen | ({"slips"} if role in (Role.CASHIER, Role.ACCOUNTANT) else set()) for role, seen in SEES.items()}
NAV_LINK = re.compile(r'data-nav="(\w+)"')

pytestmark = pytest.mark.django_db


def test_the_migration_creates_one_group_per_role() -> None:
    assert set(Group.objects.values_list("name", flat=True)) >= {r.value for r in Role}


def test_admins_hold_every_model_permission_and_accountants_none_that_write() -> None:
    admin_group = Group.objects.get(name=Role.ADMIN)
    assert admin_group.permissions.filter(codename="add_user").exists()
    accountant = Group.objects.get(name=Role.ACCOUNTANT)
    writes = accountant.permissions.exclude(codename__startswith="view_")
    assert not writes.exists()


@pytest.mark.parametrize("role", list(SEES))
def test_each_role_sees_its_navigation_and_is_refused_elsewhere(
    role: Role, client_for: Callable[[User | None], Client]
) -> None:
    client = client_for(UserFactory(roles=[role]))
    home = client.get(reverse("home"), follow=True)
    assert home.status_code == 200
    assert set(NAV_LINK.findall(home.content.decode())) == SEES[role]
    for section, url_name in SECTIONS.items():
        response = client.get(reverse(url_name))
        if section in OPENS[role]:
            assert response.status_code == 200, (role, section)
        else:
            assert response.status_code == 403, (role, section)


def test_refusal_page_names_the_role_needed(cashier: User, client_for: Callable[[User | None], Client]) -> None:
    response = client_for(cashier).get(reverse("rake:reports"))
    assert response.status_code == 403
    assert "This page needs the role accountant." in response.content.decode()


@pytest.mark.parametrize("url_name", [*SECTIONS.values(), "home", "password_change"])
def test_anonymous_users_are_sent_to_login(url_name: str, client: Client) -> None:
    response = client.get(reverse(url_name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login")) or "/admin/login/" in response["Location"]


def test_a_user_may_hold_several_roles(client_for: Callable[[User | None], Client]) -> None:
    both = UserFactory(roles=[Role.CASHIER, Role.FLOOR_MANAGER])
    client = client_for(both)
    assert client.get(reverse("floor:floor")).status_code == 200
    assert client.get(reverse("cashier:index")).status_code == 200


def test_a_deactivated_user_is_refused_at_once(
    floor_manager: User, client_for: Callable[[User | None], Client]
) -> None:
    client = client_for(floor_manager)
    assert client.get(reverse("floor:floor")).status_code == 200
    floor_manager.is_active = False
    floor_manager.save(update_fields=["is_active"])
    assert client.get(reverse("floor:floor")).status_code == 302


# Pages that declare no roles, each with why: open to anyone (the players' rules, the health check, the
# language switch and its catalogue), the kiosk link that is its own credential, and Django's own
# authentication pages (the password change asks for a login by Django's decorator).
UNDECLARED = {
    "healthz",
    "set_language",
    "javascript-catalog",
    "tables:rules_index",
    "tables:rules",
    "tables:kiosk_board",
    "login",
    "logout",
    "password_change",
    "password_change_done",
}


def _undeclared(patterns: list[URLPattern | URLResolver], namespace: str = "", prefix: str = "") -> Iterator[str]:
    """The URL names of the pages (not the API's nor the admin's) whose view declares no roles."""
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith(("api/", "admin/")):
            continue
        if isinstance(pattern, URLResolver):
            yield from _undeclared(pattern.url_patterns, ":".join(filter(None, (namespace, pattern.namespace))), route)
        elif not hasattr(pattern.callback, "roles_allowed"):
            yield ":".join(filter(None, (namespace, pattern.name)))


def test_every_page_declares_its_roles_one_way() -> None:
    """A page names who opens it with ``roles_allowed(...).page`` (``config.permissions``), or is one of the
    few that need none; the API's operations are ``tests/config/test_api.py``'s."""
    assert set(_undeclared(get_resolver().url_patterns)) == UNDECLARED
