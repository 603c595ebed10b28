"""API tokens (django-rest-knox): created with their key shown once, revoked, and killed with their user's credentials.

A token's key is never stored: knox keeps its SHA-512 digest and first characters. A token dies (its row
is deleted, which the history records with the request that did it) when its user's password changes,
when the user is deactivated and when django-axes locks the user out: a key copied before any of those
is worth nothing after. Django sends no signal for a new password or a deactivation, and every way to
make one (the password page, the admin, ``changepassword``, a service) ends in ``User.save``, so that
save is watched (``credentials_watch``, connected in ``config.apps``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.dispatch import Signal
from django.utils.translation import gettext as _
from knox.models import AuthToken

from config.errors import DomainError

# Sent with ``tokens`` (the AuthTokens a page listed) when someone is shown the list: the history
# (audit, above config) records who saw which tokens, as it records their creation and revocation.
tokens_listed = Signal()

# Set by ``credentials_watch`` on a user being saved: the password or the active flag is changing.
_CHANGING = "_cardroom_credentials_changing"


@transaction.atomic
def token_create(*, actor: User | None, user: User, days: int | None = None) -> tuple[AuthToken, str]:
    """A new token for ``user`` and its key, which exists nowhere else: show it once, then drop it.

    ``days``: how long it lives (``CARDROOM_TOKEN_DAYS`` when None). ``actor``: who asked (None from the
    command line; the history names the command's context).
    """
    days = settings.CARDROOM_TOKEN_DAYS if days is None else days
    if days < 1:
        raise DomainError(_("A token lives at least one day."), code="token_days")
    if not user.is_active:
        raise DomainError(
            _("%(user)s is deactivated: no token is issued.") % {"user": user.get_username()}, code="user_inactive"
        )
    token, key = AuthToken.objects.create(user=user, expiry=timedelta(days=days))
    return token, key


@transaction.atomic
def tokens_revoke(*, user_id: int, digests: list[str] | None = None) -> int:
    """Delete ``user_id``'s tokens (only ``digests`` when given), one by one so each leaves a history row."""
    rows = AuthToken.objects.select_for_update().filter(user_id=user_id).order_by("digest")
    if digests is not None:
        rows = rows.filter(digest__in=digests)
    found = list(rows)
    for token in found:
        token.delete()
    return len(found)


def credentials_watch(sender: Any, instance: User, update_fields: Any = None, **kwargs: Any) -> None:
    """``pre_save`` of a user: notes whether the password is new or the user is being deactivated.

    A new password is what Django itself calls one (``set_password`` leaves the raw password on the user
    until the save, and ``User.save`` tells the password validators from it); a hash upgraded at login
    is not one and keeps the tokens. Deactivation is read against the row as stored.
    """
    if instance._state.adding:
        return
    changing = getattr(instance, "_password", None) is not None
    if not changing and not instance.is_active and (update_fields is None or "is_active" in update_fields):
        changing = User._base_manager.filter(pk=instance.pk, is_active=True).exists()
    instance.__dict__[_CHANGING] = changing


def credentials_changed(sender: Any, instance: User, created: bool = False, **kwargs: Any) -> None:
    """``post_save`` of a user: a new password or a deactivation kills the user's tokens."""
    if instance.__dict__.pop(_CHANGING, False):
        tokens_revoke(user_id=instance.pk)


def lockout_revoke(sender: Any, request: Any = None, username: str | None = None, **kwargs: Any) -> None:
    """django-axes locked ``username`` out (too many wrong passwords): the user's tokens die too."""
    user_id = User._base_manager.filter(username=username).values_list("pk", flat=True).first()
    if user_id is not None:
        tokens_revoke(user_id=user_id)
