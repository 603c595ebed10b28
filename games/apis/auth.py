"""Token authentication for the recording endpoints that loads the user's roles in the same query.

DRF's ``TokenAuthentication`` reads the token and its user, then the first
role check reads the user's groups: two round trips on every event a dealer
enters. This reads both in one (a LEFT JOIN on the groups: one row per group)
and leaves the role names where ``config.roles.user_roles`` caches them for
the request, so nothing is cached across requests: a revoked token, a
deactivated user or a role taken away is refused on the very next request.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import F
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token

from config.roles import Role


class TokenWithRolesAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[User, Any]:
        rows = list(Token.objects.select_related("user").annotate(group_name=F("user__groups__name")).filter(key=key))
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token = rows[0]
        user: User = token.user
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        names = {row.group_name for row in rows if row.group_name}
        if user.is_superuser:
            names.add(str(Role.ADMIN))
        # Exactly what ``user_roles`` would read with its own query, for this request only.
        setattr(user, "_cardroom_roles", frozenset(names))  # noqa: B010
        return user, token


# The dealer's screen signs in with its session; devices and electronic tables use a token.
RECORDING_AUTH = [SessionAuthentication, TokenWithRolesAuthentication]


class TokenWithRolesScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The same ``Authorization: Token …`` header as DRF's scheme, under its own component name."""

    target_class = TokenWithRolesAuthentication
    name = "tokenAuthWithRoles"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": 'Token-based authentication with required prefix "Token"',
        }
