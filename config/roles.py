"""The room's roles: Django groups, one per job.

``ROLE_PERMISSIONS`` maps each role to the model permissions it holds; the
groups are created by ``config`` migration 0001 and their permissions kept in
step after every migrate (``config.apps``), so an app that adds models only
adds lines here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext


class Role(models.TextChoices):
    FLOOR_MANAGER = "floor manager", _("floor manager")
    DEALER = "dealer", _("dealer")
    CASHIER = "cashier", _("cashier")
    ACCOUNTANT = "accountant", _("accountant")
    ADMIN = "admin", _("admin")


# "app_label.action_model" codenames; "view" only for read-only roles.
ROLE_PERMISSIONS: dict[str, list[str]] = {
    Role.FLOOR_MANAGER: [],
    Role.DEALER: [],
    Role.CASHIER: [],
    Role.ACCOUNTANT: [],
    Role.ADMIN: ["*"],
}


def grant(role: Role, *codenames: str) -> None:
    """Called by each app's ``roles`` module at import time."""
    ROLE_PERMISSIONS[role].extend(codenames)


def user_roles(user: AbstractBaseUser | AnonymousUser) -> frozenset[str]:
    """The role names a user holds; cached on the user object for the request."""
    if not user.is_authenticated or not user.is_active:
        return frozenset()
    cached: frozenset[str] | None = getattr(user, "_cardroom_roles", None)
    if cached is None:
        names = set(user.groups.values_list("name", flat=True))  # type: ignore[attr-defined]
        if user.is_superuser:  # type: ignore[attr-defined]
            names.add(Role.ADMIN)
        cached = frozenset(names)
        # Cached per request: role checks run several times on one page.
        setattr(user, "_cardroom_roles", cached)  # noqa: B010
    return cached


def has_any_role(user: AbstractBaseUser | AnonymousUser, roles: Iterable[str]) -> bool:
    """The user holds one of ``roles``. Admin is a role like the others, not a pass: an admin
    manages users, roles and settings, and a person who also sells chips holds both roles."""
    held = user_roles(user)
    return any(role in held for role in roles)


def pages_open_to(
    user: AbstractBaseUser | AnonymousUser | None, roles_by_page: Mapping[str, Iterable[str]]
) -> dict[str, bool]:
    """For a menu: which of its pages the user's roles open (each page named with the roles its view needs)."""
    return {page: user is not None and has_any_role(user, roles) for page, roles in roles_by_page.items()}


def roles_label(roles: Iterable[str]) -> str:
    """``floor manager or dealer``, in the reader's language."""
    word = pgettext("between the names of roles", "or")
    return f" {word} ".join(str(Role(r).label) for r in roles)
