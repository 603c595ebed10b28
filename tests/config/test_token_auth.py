"""API tokens: stored as digests, shown once, one round trip per request, and dead with their user's credentials."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from config.roles import Role
from tests.factories import PASSWORD, api_key, home_room

pytestmark = pytest.mark.django_db


def _client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _assert_refused(client: APIClient) -> None:
    # 403 rather than 401: session authentication comes first and sends no WWW-Authenticate challenge.
    response = client.get("/api/v1/me/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "authentication_failed"


def test_roles_come_with_the_token_in_one_query(cashier: User) -> None:
    Group.objects.get_or_create(name=Role.DEALER)[0].user_set.add(cashier)
    client = _client(api_key(cashier))
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/v1/me/")
    assert response.status_code == 200
    assert response.json()["username"] == cashier.username
    assert sorted(response.json()["roles"]) == ["cashier", "dealer"]
    assert response.json()["room"] == home_room().pk
    # the token, the user and the roles in one; the caller's room, whose gaming day it is, in the other
    assert len(queries.captured_queries) == 2


def test_a_superuser_holds_the_admin_role(admin_user: User) -> None:
    assert "admin" in _client(api_key(admin_user)).get("/api/v1/me/").json()["roles"]


def test_an_unknown_token_is_refused() -> None:
    _assert_refused(_client("0" * 64))


def test_the_key_is_not_stored_only_its_digest_and_first_characters(cashier: User) -> None:
    key = api_key(cashier)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {AuthToken._meta.db_table}")
        stored = [str(value) for row in cursor.fetchall() for value in row]
    assert not any(key in value for value in stored)
    token = AuthToken.objects.get(user=cashier)
    assert key.startswith(token.token_key) and len(token.token_key) < len(key) // 2


def test_the_command_prints_the_key_once_as_its_last_line(cashier: User) -> None:
    out = io.StringIO()
    call_command("token_create", cashier.username, "--days", "3", stdout=out)
    lines = out.getvalue().splitlines()
    key = lines[-1]
    assert sum(key in line for line in lines) == 1
    assert _client(key).get("/api/v1/me/").status_code == 200
    token = AuthToken.objects.get(user=cashier)
    assert token.expiry is not None
    assert timedelta(days=3) - timedelta(minutes=1) < token.expiry - timezone.now() <= timedelta(days=3)


def test_a_token_expires(cashier: User, settings: object) -> None:
    client = _client(api_key(cashier, days=1))
    assert client.get("/api/v1/me/").status_code == 200
    with time_machine.travel(timezone.now() + timedelta(days=1, seconds=1)):
        _assert_refused(client)


def test_tokens_live_the_configured_days_by_default(cashier: User, settings: object) -> None:
    settings.CARDROOM_TOKEN_DAYS = 7  # type: ignore[attr-defined]
    api_key(cashier)
    expiry = AuthToken.objects.get(user=cashier).expiry
    assert expiry is not None
    assert timedelta(days=6, hours=23) < expiry - timezone.now() <= timedelta(days=7)


def test_deactivation_and_a_role_taken_away_count_on_the_next_request(cashier: User) -> None:
    client = _client(api_key(cashier))
    assert client.get("/api/v1/me/").json()["roles"] == ["cashier"]
    cashier.groups.clear()
    assert client.get("/api/v1/me/").json()["roles"] == []
    User.objects.filter(pk=cashier.pk).update(is_active=False)
    _assert_refused(client)


def test_a_deactivated_users_tokens_die_and_stay_dead_when_reactivated(cashier: User) -> None:
    client = _client(api_key(cashier))
    cashier.is_active = False
    cashier.save()
    assert not AuthToken.objects.filter(user=cashier).exists()
    cashier.is_active = True
    cashier.save()
    _assert_refused(client)


def test_a_new_password_kills_the_users_tokens(cashier: User, client_for: object) -> None:
    client = _client(api_key(cashier))
    page = Client()
    page.force_login(cashier)
    new = "a-new-pass-789!"
    reply = page.post("/password/", {"old_password": PASSWORD, "new_password1": new, "new_password2": new})
    assert reply.status_code == 302
    _assert_refused(client)


def test_a_password_set_in_the_admin_or_a_command_kills_the_tokens(cashier: User) -> None:
    client = _client(api_key(cashier))
    cashier.set_password("another-pass-456!")
    cashier.save()
    _assert_refused(client)


def test_a_hash_upgraded_at_login_keeps_the_tokens(cashier: User, settings: object) -> None:
    client = _client(api_key(cashier))
    # Logging in with a hasher no longer preferred re-hashes the password: no new password.
    settings.PASSWORD_HASHERS = [  # type: ignore[attr-defined]
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        "django.contrib.auth.hashers.MD5PasswordHasher",
    ]
    assert Client().post("/login/", {"username": cashier.username, "password": PASSWORD}).status_code == 302
    cashier.refresh_from_db()
    assert cashier.password.startswith("pbkdf2_")
    assert client.get("/api/v1/me/").status_code == 200


def test_a_lockout_kills_the_users_tokens(cashier: User) -> None:
    client = _client(api_key(cashier))
    for _ in range(5):
        Client().post("/login/", {"username": cashier.username, "password": "wrong"})
    _assert_refused(client)


def test_a_revoked_token_is_refused_at_once(cashier: User) -> None:
    from config.services import tokens_revoke

    client = _client(api_key(cashier))
    assert client.get("/api/v1/me/").status_code == 200
    tokens_revoke(user_id=cashier.pk)
    _assert_refused(client)
