"""An admin changes a user in the admin site: the history keeps the change of the user, the role
given, who did it and from which page (SQLite and PostgreSQL alike)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from config.roles import Role

pytestmark = pytest.mark.django_db


def _user_form(user, groups: list[Group], *, is_active: bool) -> dict[str, object]:
    """The admin's change form of ``user`` as a browser posts it."""
    form: dict[str, object] = {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": "new@example.com",
        "groups": [g.pk for g in groups],
        "user_permissions": [],
        "date_joined_0": timezone.localtime(user.date_joined).strftime("%Y-%m-%d"),
        "date_joined_1": timezone.localtime(user.date_joined).strftime("%H:%M:%S.%f"),
        "last_login_0": "",
        "last_login_1": "",
    }
    if is_active:
        form["is_active"] = "on"
    return form


def test_an_admin_site_edit_of_a_user_and_their_roles_is_recorded(admin_user, dealer, client_for, changes):
    cashier_role = Group.objects.get_or_create(name=Role.CASHIER)[0]
    url = reverse("admin:auth_user_change", args=[dealer.pk])
    form = _user_form(dealer, [*dealer.groups.all(), cashier_role], is_active=False)
    response = client_for(admin_user).post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]

    edited = changes("user", dealer.pk)[-1]
    assert (edited.label, edited.username, edited.method, edited.url) == ("update", "admin_user", "POST", url)
    assert {(f.name, f.before, f.after) for f in edited.fields} == {
        ("email", "", "new@example.com"),
        ("is_active", "yes", "no"),
    }
    given = changes("role", dealer.pk)[-1]
    assert (given.label, given.username, given.url) == ("insert", "admin_user", url)
    assert given.request_id == edited.request_id  # one request: one id on every row it wrote
    assert {(f.name, f.after) for f in given.fields} == {("group", "cashier"), ("user", "dealer")}


def test_a_role_taken_away_is_recorded_as_removed(admin_user, dealer, client_for, changes):
    url = reverse("admin:auth_user_change", args=[dealer.pk])
    client_for(admin_user).post(url, _user_form(dealer, [], is_active=True))
    taken = changes("role", dealer.pk)[-1]
    assert (taken.label, taken.action, taken.username) == ("delete", "deleted", "admin_user")
    assert {(f.name, f.before, f.after) for f in taken.fields} == {("user", "dealer", ""), ("group", "dealer", "")}
