"""Login, lockout, CSRF, password change."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def _login(client: Client, username: str, password: str, ip: str = "10.0.0.1") -> int:
    response = client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)
    return response.status_code


def test_login_and_logout(floor_manager: User) -> None:
    client = Client()
    assert _login(client, floor_manager.username, PASSWORD) == 302
    assert client.get(reverse("floor:floor")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("floor:floor")).status_code == 302


def test_repeated_failures_lock_out_that_user_from_that_address(cashier: User, settings: object) -> None:
    client = Client()
    for _ in range(4):
        assert _login(client, cashier.username, "wrong") == 200
    # The fifth failure locks the pair out.
    assert _login(client, cashier.username, "wrong") == 429
    # The right password no longer opens the account from this address ...
    assert _login(client, cashier.username, PASSWORD) == 429
    # ... but a different address is not locked out.
    assert _login(Client(), cashier.username, PASSWORD, ip="10.0.0.2") == 302


def test_login_form_is_csrf_protected(cashier: User) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": cashier.username, "password": PASSWORD})
    assert response.status_code == 403


def test_password_change(cashier: User) -> None:
    client = Client()
    client.force_login(cashier)
    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": "a-New-pass-4567", "new_password2": "a-New-pass-4567"},
    )
    assert response.status_code == 302
    cashier.refresh_from_db()
    assert cashier.check_password("a-New-pass-4567")


def test_wrong_current_passwords_end_the_session_and_never_lock_the_owner_out(cashier: User, settings) -> None:
    """A stranger at an open session guesses: the session ends after the limit, and the owner still logs in."""
    settings.CARDROOM_PASSWORD_CHANGE_FAILURES = 3
    client = Client()
    client.force_login(cashier)

    def change(old: str) -> HttpResponse:
        new = "a-New-pass-4567"
        form = {"old_password": old, "new_password1": new, "new_password2": new}
        return client.post(reverse("password_change"), form, REMOTE_ADDR="10.0.0.1")

    for _ in range(2):
        assert change("wrong").status_code == 200  # the form again, with its error
    ended = change("wrong")
    assert (ended.status_code, ended["Location"]) == (302, reverse("login"))
    assert client.get(reverse("password_change")).status_code == 302  # logged out: no more guesses
    cashier.refresh_from_db()
    assert cashier.check_password(PASSWORD)
    # Five wrong current passwords would have locked the login for 30 minutes: none was counted there.
    for _ in range(3):
        client.force_login(cashier)
        change("wrong")
    assert _login(Client(), cashier.username, PASSWORD) == 302


def test_sessions_expire(settings: object) -> None:
    from django.conf import settings as conf

    assert conf.SESSION_EXPIRE_AT_BROWSER_CLOSE is True
    assert 0 < conf.SESSION_COOKIE_AGE <= 24 * 3600
