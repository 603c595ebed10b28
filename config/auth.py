"""Who is asking: API tokens in one round trip, and password checks that cost the same whoever is named.

**API tokens** are django-rest-knox's: the table keeps a SHA-512 digest of each key and its first
characters (``token_key``), never the key, which ``manage.py token_create`` prints once. knox's own
scheme finds candidates by those first characters, checks each digest and then reads the user; the
first role check would read the user's groups: several round trips on every request a device sends
(a dealer's event, a cashier's sale). The digest is the table's primary key, so this hashes the key
presented and reads the token, its user and the user's roles with one fixed statement (a LEFT JOIN on
the groups: one row per group), leaving the role names where ``config.roles.user_roles`` caches them
for the request. Nothing is cached across requests: a revoked or expired token, a deactivated user or
a role taken away is refused on the very next request. Tokens die (are deleted) when their user's
password changes, when the user is deactivated or locked out (``config.services.tokens``).

**Passwords**: a wrong password for a real user costs one hash (PBKDF2, slow on purpose). Django
hashes the password typed for an unknown username too, so that the answer takes as long and does not
tell who exists; a stream of new usernames, which the per-username lockout never counts twice, then
costs a full hash each. ``PasswordBackend`` answers an unknown username by waiting as long as the
room's real checks have taken lately (``_CheckCost``): the same time, without the CPU. And
``login_rate_limited`` refuses an address that asks for too many checks, before any is made.
"""

from __future__ import annotations

import logging
import statistics
import threading
import time
from collections import deque
from typing import Any

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.hashers import get_hasher, identify_hasher, make_password
from django.contrib.auth.models import User
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import is_ratelimited
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken
from redis.exceptions import RedisError
from rest_framework import exceptions

from config.db import prepared_cursor
from config.roles import Role

logger = logging.getLogger(__name__)

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
    "SELECT t.token_key, t.created, t.expiry, {user}, g.name FROM {tokens} t"
    " JOIN auth_user u ON u.id = t.user_id"
    " LEFT JOIN auth_user_groups ug ON ug.user_id = u.id"
    " LEFT JOIN auth_group g ON g.id = ug.group_id"
    # Every token the room issues expires (token_create); one without an end is not one of them.
    " WHERE t.digest = %s AND t.expiry > %s"
).format(user=", ".join(f"u.{name}" for name in _USER_FIELDS), tokens=AuthToken._meta.db_table)


class TokenWithRolesAuthentication(TokenAuthentication):  # type: ignore[misc]  # knox is untyped
    """``Authorization: Token <key>``, as before; the key is checked by its digest."""

    def authenticate_credentials(self, token: bytes) -> tuple[User, AuthToken]:
        try:
            digest = hash_token(token.decode())
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        with prepared_cursor() as cursor:
            cursor.execute(_SQL, [digest, connection.ops.adapt_datetimefield_value(timezone.now())])
            rows = cursor.fetchall()
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token_key, created, expiry, *user_values = rows[0][:-1]
        user = User.from_db(connection.alias, list(_USER_FIELDS), user_values)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        names = {row[-1] for row in rows if row[-1]}
        if user.is_superuser:
            names.add(str(Role.ADMIN))
        # Exactly what ``user_roles`` would read with its own query, for this request only.
        setattr(user, "_cardroom_roles", frozenset(names))  # noqa: B010
        found = AuthToken(digest=digest, token_key=token_key, user=user, created=created, expiry=expiry)
        return user, found


class TokenWithRolesScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The ``Authorization: Token …`` header, under its own component name."""

    target_class = TokenWithRolesAuthentication
    name = "tokenAuth"
    priority = 1  # over drf-spectacular's own scheme for knox's TokenAuthentication

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": 'Token-based authentication with required prefix "Token"',
        }


class _CheckCost:
    """How long this process's recent password checks took, per hasher: the wait for an unknown username.

    Until a real check has been timed, a wait hashes a dummy password instead, and that hash's time is
    kept. Then the median of the last ``size`` real checks made with the default hasher, so the
    wait follows the machine's load as the checks it stands for do.
    """

    def __init__(self, size: int = 15) -> None:
        self._lock = threading.Lock()
        self._size = size
        self._algorithm = ""
        self._times: deque[float] = deque(maxlen=size)

    def _for(self, algorithm: str) -> deque[float]:
        """The times of ``algorithm``'s checks, emptied when the default hasher changed since (a setting)."""
        if algorithm != self._algorithm:
            self._algorithm, self._times = algorithm, deque(maxlen=self._size)
        return self._times

    def observe(self, encoded: str, seconds: float) -> None:
        algorithm = str(get_hasher().algorithm)
        try:
            used = identify_hasher(encoded).algorithm
        except ValueError:  # an unusable password: no hash was computed
            return
        if used == algorithm:
            with self._lock:
                self._for(algorithm).append(seconds)

    def wait(self) -> None:
        algorithm = str(get_hasher().algorithm)
        with self._lock:
            times = list(self._for(algorithm))
        if not times:
            started = time.perf_counter()
            make_password("cardroom-dummy-password")
            seconds = time.perf_counter() - started
            with self._lock:
                self._for(algorithm).append(seconds)
            return  # the dummy hash took the time itself
        time.sleep(statistics.median(times))


CHECK_COST = _CheckCost()


class PasswordBackend(ModelBackend):
    """Django's username-and-password check; an unknown username waits as long as a check, without one."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> User | None:
        if username is None:
            username = kwargs.get(User.USERNAME_FIELD)
        if username is None or password is None:
            return None
        try:
            user = User._default_manager.get_by_natural_key(username)
        except User.DoesNotExist:
            CHECK_COST.wait()
            return None
        started = time.perf_counter()
        correct = user.check_password(password)
        CHECK_COST.observe(user.password, time.perf_counter() - started)
        return user if correct and self.user_can_authenticate(user) else None


def _address(group: str, request: HttpRequest) -> str:
    """The client's address as django-axes reads it (its proxy settings), so both count the same person."""
    return get_client_ip_address(request) or ""


def login_rate_limited(request: HttpRequest) -> bool:
    """Whether ``request``'s address has asked for more password checks this minute than allowed; counts this one.

    The count is in the shared cache (Redis in production). When the cache does not answer, the check lets
    the login through: the per-username lockout (django-axes, in the database) still holds.
    """
    rate = f"{settings.CARDROOM_LOGINS_PER_MINUTE}/m"
    try:
        return bool(is_ratelimited(request, group="cardroom.login", key=_address, rate=rate, increment=True))
    except RedisError:
        logger.warning("login rate limit not checked: the cache does not answer", exc_info=True)
        return False
