"""The API's ground rules: nobody allowed by default, one error shape, a valid schema."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIClient, APIRequestFactory, force_authenticate
from rest_framework.views import APIView

from config.errors import Conflict
from config.permissions import SIGNED_IN, DenyAll, RolesAllowed, roles_allowed
from config.roles import Role
from tests.conftest import ROOT
from tests.factories import api_key

pytestmark = pytest.mark.django_db


class CashierOnly(APIView):
    permission_classes = [roles_allowed(Role.CASHIER, read=[Role.ACCOUNTANT])]

    def get(self, request: Request) -> Response:
        return Response({"ok": True})

    def post(self, request: Request) -> Response:
        if request.data.get("fail") == "conflict":
            raise Conflict("sequence 7 is out of date: the hand is at 9", current=9)
        if request.data.get("fail") == "invalid":
            raise ValidationError({"amount": ["must be positive"]})
        return Response({"ok": True}, status=201)


def _call(user: User | None, method: str, data: dict[str, str] | None = None) -> Response:
    factory = APIRequestFactory()
    request = getattr(factory, method)("/x", data or {}, format="json")
    if user is not None:
        force_authenticate(request, user=user)
    return CashierOnly.as_view()(request)  # type: ignore[no-any-return]


def test_api_refuses_anonymous_and_wrong_role(dealer: User, cashier: User, accountant: User) -> None:
    assert _call(None, "get").status_code in (401, 403)
    refused = _call(dealer, "get")
    assert refused.status_code == 403
    assert refused.data == {
        "error": {"code": "permission_denied", "message": "This needs the role cashier or accountant.", "details": {}}
    }
    assert _call(cashier, "post").status_code == 201
    assert _call(accountant, "get").status_code == 200
    assert _call(accountant, "post").status_code == 403


def test_domain_errors_become_one_error_shape(cashier: User) -> None:
    response = _call(cashier, "post", {"fail": "conflict"})
    assert response.status_code == 409
    message = "sequence 7 is out of date: the hand is at 9"
    assert response.data == {"error": {"code": "conflict", "message": message, "details": {"current": 9}}}
    invalid = _call(cashier, "post", {"fail": "invalid"})
    assert invalid.status_code == 400
    assert invalid.data["error"]["code"] == "invalid"
    assert invalid.data["error"]["message"] == "amount: must be positive"


def _api_views(patterns: list[URLPattern | URLResolver], prefix: str = "") -> list[tuple[str, type[APIView]]]:
    found = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            found += _api_views(pattern.url_patterns, prefix + str(pattern.pattern))
        elif (view_class := getattr(pattern.callback, "cls", None)) and issubclass(view_class, APIView):
            found.append((prefix + str(pattern.pattern), view_class))
    return found


def test_every_api_view_names_its_permissions() -> None:
    """The default allows nothing; a view that allows anyone must be the schema/docs; every operation names
    its roles one way (``config.permissions.roles_allowed``)."""
    views = _api_views(get_resolver().url_patterns)
    assert views
    for route, view_class in views:
        classes = view_class.permission_classes
        assert classes, route
        assert AllowAny not in classes, route
        if route.startswith("api/v1/"):
            assert DenyAll not in classes, f"{route} keeps the deny-all default: name its roles"
            assert all(issubclass(c, RolesAllowed) for c in classes), f"{route}: name its roles with roles_allowed"
            assert classes != [SIGNED_IN] or route == "api/v1/me/", f"{route} must check a role"


def test_me_needs_a_login_and_lists_roles(client_for: Callable[[User | None], APIClient], cashier: User) -> None:
    anonymous = APIClient().get("/api/v1/me/")
    assert anonymous.status_code in (401, 403)
    assert anonymous.json()["error"]["code"] == "not_authenticated"
    client = APIClient()
    client.force_authenticate(cashier)
    assert client.get("/api/v1/me/").json()["roles"] == ["cashier"]


def test_token_authentication(cashier: User) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key(cashier)}")
    assert client.get("/api/v1/me/").status_code == 200


def test_session_post_without_csrf_token_is_refused(cashier: User) -> None:
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(cashier)
    response = client.post("/api/v1/me/", {})
    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]["message"]


def test_schema_and_docs_are_served_to_logged_in_users(cashier: User) -> None:
    client = APIClient()
    assert client.get("/api/schema/").status_code in (401, 403)
    client.force_login(cashier)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"openapi: 3" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_openapi_schema_validates_without_warnings(tmp_path: object) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
