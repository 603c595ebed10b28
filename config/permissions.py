"""Role checks for the API and the pages, and the user a request acts as.

The API default is ``DenyAll``: a view that forgets to name its roles serves
nobody. Pages use ``role_required`` which renders a 403 naming the roles.
Every view, page or API, names the user it acts for with ``acting_user``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import TYPE_CHECKING, Any, ClassVar

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.permissions import SAFE_METHODS, BasePermission

from config.roles import has_any_role, roles_label

if TYPE_CHECKING:
    from rest_framework.request import Request
    from rest_framework.views import APIView


class DenyAll(BasePermission):
    message = "This endpoint names no role, so it serves nobody."

    def has_permission(self, request: Request, view: APIView) -> bool:
        return False


class RolePermission(BasePermission):
    """Allow users holding one of ``roles`` (writes) or ``read_roles`` (safe methods)."""

    roles: ClassVar[tuple[str, ...]] = ()
    read_roles: ClassVar[tuple[str, ...]] = ()

    def has_permission(self, request: Request, view: APIView) -> bool:
        allowed = self.roles + (self.read_roles if request.method in SAFE_METHODS else ())
        if not request.user or not request.user.is_authenticated:
            return False
        self.message = f"This needs the role {roles_label(allowed)}." if allowed else DenyAll.message
        return has_any_role(request.user, allowed)


def roles_allowed(*roles: str, read: Iterable[str] = ()) -> type[RolePermission]:
    """``permission_classes = [roles_allowed(Role.CASHIER, read=[Role.ACCOUNTANT])]``."""
    return type(
        "RolesAllowed_" + "_".join(r.replace(" ", "") for r in roles),
        (RolePermission,),
        {"roles": tuple(roles), "read_roles": tuple(read)},
    )


ViewFunc = Callable[..., HttpResponse]


def acting_user(request: HttpRequest | Request) -> User:
    """The logged-in user a view acts for: the actor of its services, the user its selectors authorize.

    The page's ``role_required`` or the API's permission classes have refused an
    anonymous caller before the view runs; a view reached without them fails
    closed (403) rather than acting for nobody.
    """
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user


def role_required(*roles: str) -> Callable[[ViewFunc], ViewFunc]:
    """Page decorator: login first, then one of ``roles`` or a 403 page that names them."""

    def decorate(view: ViewFunc) -> ViewFunc:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not has_any_role(request.user, roles):
                return forbidden(request, roles)
            return view(request, *args, **kwargs)

        wrapped.required_roles = roles  # type: ignore[attr-defined]
        return wrapped

    return decorate


def forbidden(request: HttpRequest, roles: Iterable[str], *, reason: str = "") -> HttpResponse:
    """The 403 page: the real reason when the role is right but the object is not the user's (a dealer at
    another table), else the roles the page needs."""
    return render(request, "403.html", {"required_roles": roles_label(roles), "reason": reason}, status=403)
