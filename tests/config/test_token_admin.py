"""The admin's token list shows no key and no digest; creating, listing and revoking tokens are in the history."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.urls import reverse
from knox.models import AuthToken
from rest_framework.test import APIClient

from audit.selectors import Change, HistoryFilter, history_changes, history_events
from tests.factories import api_key

pytestmark = pytest.mark.django_db

TOKENS = "/admin/knox/authtoken/"


def changes(user: User) -> list[Change]:
    """The history rows of ``user``'s tokens, oldest first, as the history page shows them."""
    events = list(history_events(HistoryFilter(kind="api_token", object_id=user.pk)))
    return list(reversed(history_changes(events)))


def test_the_list_shows_the_first_characters_never_the_key_or_the_digest(admin_user, cashier, client_for):
    key = api_key(cashier)
    token = AuthToken.objects.get(user=cashier)
    page = client_for(admin_user).get(TOKENS)
    assert page.status_code == 200
    html = page.content.decode()
    assert token.token_key in html and cashier.username in html
    assert key not in html
    # The digest is the row's id in the links; presented as a key it opens nothing.
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.digest}")
    assert client.get("/api/v1/me/").status_code == 403
    detail = client_for(admin_user).get(reverse("admin:knox_authtoken_change", args=[token.pk]))
    assert key not in detail.content.decode()
    # The old clear-text list is gone with its app.
    assert client_for(admin_user).get("/admin/authtoken/tokenproxy/").status_code == 404


def test_no_token_is_added_in_the_admin(admin_user, client_for):
    assert client_for(admin_user).get(reverse("admin:knox_authtoken_add")).status_code == 403


def test_creating_listing_and_revoking_are_in_the_history(admin_user, cashier, client_for):
    api_key(cashier)
    token = AuthToken.objects.get(user=cashier)
    admin = client_for(admin_user)
    admin.get(TOKENS)
    reply = admin.post(TOKENS, {"action": "delete_selected", "_selected_action": [token.pk], "post": "yes"})
    assert reply.status_code == 302
    assert not AuthToken.objects.filter(user=cashier).exists()

    rows = changes(cashier)
    assert [row.label for row in rows] == ["insert", "listed", "delete"]
    created, listed, revoked = rows
    assert (listed.username, listed.method, listed.url, listed.action) == (
        "admin_user",
        "GET",
        TOKENS,
        "shown in the token list",
    )
    assert (revoked.username, revoked.method, revoked.url) == ("admin_user", "POST", TOKENS)
    shown = {field.name: field.after or field.before for field in created.fields}
    assert shown["token_key"] == token.token_key and shown["user"] == cashier.username
    assert "digest" not in shown


def test_the_migration_drops_the_clear_text_tokens(as_database_owner: None) -> None:
    """A migration's work, as the owner runs migrate: the runtime role may create no table."""
    import importlib

    module = importlib.import_module("config.migrations.0004_clear_text_api_tokens_dropped")
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id integer)")
        cursor.execute("INSERT INTO authtoken_token VALUES ('0123456789abcdef0123456789abcdef01234567', 1)")
    with connection.schema_editor() as editor:
        module.drop_clear_text_tokens(None, editor)
    with connection.cursor() as cursor:
        assert "authtoken_token" not in connection.introspection.table_names(cursor)
