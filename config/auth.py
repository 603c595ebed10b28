"""Token authentication for the whole API in one round trip: the token, its user and the user's roles.

DRF's ``TokenAuthentication`` reads the token and its user, then the first
role check reads the user's groups: two round trips on every request a
device sends (a dealer's event, a cashier's sale), each paying the ORM's
query compilation. This reads all three with one fixed statement (a LEFT
JOIN on the groups: one row per group) and leaves the role names where
``config.roles.user_roles`` caches them for the request. Nothing is cached
across requests: a revoked token, a deactivated user or a role taken away is
refused on the very next request.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from config.db import prepared_cursor
from config.roles import Role

_USER_FIELDS = (
    "id",
    "password",
    "last_login",
    "is_superuser",
    "username",
    "first_name",
    "last_name",
    "email",
    "is_staff",
    "is_active",
    "date_joined",
)
_SQL = (
    "SELECT t.created, {user}, g.name FROM authtoken_token t"
    " JOIN auth_user u ON u.id = t.user_id"
    " LEFT JOIN auth_user_groups ug ON ug.user_id = u.id"
    " LEFT JOIN auth_group g ON g.id = ug.group_id"
    " WHERE t.key = %s"
).format(user=", ".join(f"u.{name}" for name in _USER_FIELDS))


class TokenWithRolesAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[User, Any]:
        with prepared_cursor() as cursor:
            cursor.execute(_SQL, [key])
            rows = cursor.fetchall()
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        first = rows[0]
        user = User.from_db(connection.alias, list(_USER_FIELDS), first[1:-1])
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        names = {row[-1] for row in rows if row[-1]}
        if user.is_superuser:
            names.add(str(Role.ADMIN))
        # Exactly what ``user_roles`` would read with its own query, for this request only.
        setattr(user, "_cardroom_roles", frozenset(names))  # noqa: B010
        token = Token(key=key, user=user, created=first[0])
        return user, token


class TokenWithRolesScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The same ``Authorization: Token …`` header as DRF's scheme, under its own component name."""

    target_class = TokenWithRolesAuthentication
    name = "tokenAuth"
    priority = 1  # over drf-spectacular's own scheme for TokenAuthentication subclasses

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": 'Token-based authentication with required prefix "Token"',
        }
