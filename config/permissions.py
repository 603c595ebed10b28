"""Who opens a page or calls an API operation, declared one way, and the user a request acts as.

``roles_allowed(*roles, read=...)`` is the one declaration, for pages and the API alike: it is a DRF
permission class (``permission_classes = [roles_allowed(Role.CASHIER, read=[Role.ACCOUNTANT])]``) and its
``page`` is the page decorator (``@roles_allowed(Role.CASHIER).page``), both deciding by ``allows``. A
holder of one of ``roles`` may use any method, a holder of one of ``read`` only GET, HEAD and OPTIONS. A
refused page is a 403 that names the roles (a login first for an anonymous user), a refused call a 403
that names them too (or ``refusal``). ``SIGNED_IN`` opens to every signed-in user, whatever roles they
hold (the start page, ``/api/v1/me/``).

The API default is ``DenyAll``: a view that forgets to name its roles serves
nobody. Every view, page or API, names the user it acts for with ``acting_user``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.functional import Promise
from rest_framework.permissions import SAFE_METHODS, BasePermission

from config.roles import has_any_role, roles_label

if TYPE_CHECKING:
    from rest_framework.request import Request
    from rest_framework.views import APIView

ViewFunc = Callable[..., HttpResponse]
AnyView = TypeVar("AnyView", bound=Callable[..., HttpResponseBase])


class DenyAll(BasePermission):
    message = "This endpoint names no role, so it serves nobody."

    def has_permission(self, request: Request, view: APIView) -> bool:
        return False


class RolesAllowed(BasePermission):
    """Who opens a page or calls an operation: a holder of one of ``roles`` (any method) or of one of
    ``read_roles`` (safe methods only). Made by ``roles_allowed``; a DRF permission class, and the page
    decorator ``page``."""

    roles: ClassVar[tuple[str, ...]] = ()
    read_roles: ClassVar[tuple[str, ...]] = ()
    # What a refused API call is told; by default, the roles it needs.
    refusal: ClassVar[str | Promise | None] = None

    @classmethod
    def roles_for(cls, method: str | None) -> tuple[str, ...]:
        """The roles that open it for a request of ``method``."""
        return cls.roles + (cls.read_roles if method in SAFE_METHODS else ())

    @classmethod
    def allows(cls, user: AbstractBaseUser | AnonymousUser, method: str | None = "GET") -> bool:
        """``user`` may send a request of ``method``; a menu asks with GET, the default."""
        return has_any_role(user, cls.roles_for(method))

    def has_permission(self, request: Request, view: APIView) -> bool:
        if not request.user or not request.user.is_authenticated:
            return False
        allowed = self.roles_for(request.method)
        self.message = self.refusal or (f"This needs the role {roles_label(allowed)}." if allowed else DenyAll.message)
        return self.allows(request.user, request.method)

    @classmethod
    def page(cls, view: AnyView) -> AnyView:
        """The page decorator: a login first, then one of the roles, or the 403 page that names them."""

        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not cls.allows(request.user, request.method):
                return forbidden(request, cls.roles_for(request.method))
            return view(request, *args, **kwargs)

        wrapped.roles_allowed = cls  # type: ignore[attr-defined]  # read by helpers that wrap declared pages
        return cast("AnyView", wrapped)


def roles_allowed(*roles: str, read: Iterable[str] = (), refusal: str | Promise | None = None) -> type[RolesAllowed]:
    """Who opens a page or an operation: ``roles`` for every method, ``read`` for GET, HEAD and OPTIONS only.

    ``permission_classes = [roles_allowed(Role.CASHIER, read=[Role.ACCOUNTANT])]`` on an API view,
    ``@roles_allowed(Role.CASHIER).page`` on a page; one definition may serve both.
    """
    return type(
        "RolesAllowed_" + "_".join(r.replace(" ", "") for r in (*roles, *read)),
        (RolesAllowed,),
        {"roles": tuple(roles), "read_roles": tuple(read), "refusal": refusal},
    )


class SignedIn(RolesAllowed):
    """Every signed-in user, whatever roles they hold or none: the start page, who the caller is."""

    @classmethod
    def allows(cls, user: AbstractBaseUser | AnonymousUser, method: str | None = "GET") -> bool:
        return user.is_authenticated


SIGNED_IN: type[RolesAllowed] = SignedIn


def acting_user(request: HttpRequest | Request) -> User:
    """The logged-in user a view acts for: the actor of its services, the user its selectors authorize.

    The page's ``roles_allowed(...).page`` or the API's permission classes have refused an
    anonymous caller before the view runs; a view reached without them fails
    closed (403) rather than acting for nobody.
    """
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user


def forbidden(request: HttpRequest, roles: Iterable[str], *, reason: str = "") -> HttpResponse:
    """The 403 page: the real reason when the role is right but the object is not the user's (a dealer at
    another table), else the roles the page needs."""
    return render(request, "403.html", {"required_roles": roles_label(roles), "reason": reason}, status=403)
