"""Token authentication: one round trip for token, user and roles; nothing cached across requests."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.roles import Role

pytestmark = pytest.mark.django_db


def _client(user: User) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def _assert_refused(client: APIClient) -> None:
    # 403 rather than 401: session authentication comes first and sends no WWW-Authenticate challenge.
    response = client.get("/api/v1/me/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "authentication_failed"


def test_roles_come_with_the_token_in_one_query(cashier: User) -> None:
    Group.objects.get_or_create(name=Role.DEALER)[0].user_set.add(cashier)
    client = _client(cashier)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/v1/me/")
    assert response.status_code == 200
    assert response.json()["username"] == cashier.username
    assert sorted(response.json()["roles"]) == ["cashier", "dealer"]
    assert len(queries.captured_queries) == 1


def test_a_superuser_holds_the_admin_role(admin_user: User) -> None:
    assert "admin" in _client(admin_user).get("/api/v1/me/").json()["roles"]


def test_an_unknown_token_is_refused() -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    _assert_refused(client)


def test_deactivation_and_a_role_taken_away_count_on_the_next_request(cashier: User) -> None:
    client = _client(cashier)
    assert client.get("/api/v1/me/").json()["roles"] == ["cashier"]
    cashier.groups.clear()
    assert client.get("/api/v1/me/").json()["roles"] == []
    User.objects.filter(pk=cashier.pk).update(is_active=False)
    _assert_refused(client)


def test_a_revoked_token_is_refused_at_once(cashier: User) -> None:
    client = _client(cashier)
    assert client.get("/api/v1/me/").status_code == 200
    Token.objects.filter(user=cashier).delete()
    _assert_refused(client)
