"""Writes of the room's signage: the room language, the wall board's kiosk links."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, Forbidden, NotFound, quoted
from rooms.models import Room
from tables.models import KioskToken, RoomLanguage, Table, TableStatus
from tables.selectors.signage import kiosk_token_digest, room_language
from tables.services.common import lock_tables
from tables.services.signs import SignFeeWords, sign_refresh

LABEL_MAX = 80


@transaction.atomic
def room_language_set(*, actor: User, room: Room, language: str, fee_words: SignFeeWords) -> RoomLanguage | None:
    """Write ``room``'s signs and board in ``language`` from now on; every running table of the room has its
    sign redone in it (naming its fee in ``fee_words``).

    None when the room already speaks it (nothing recorded). The open tables are
    locked in primary-key order (the floor's lock order) before their signs change.
    The caller has checked that ``actor`` works in ``room``.
    """
    known = dict(settings.LANGUAGES)
    if language not in known:
        raise DomainError(
            _("%(value)s is not a language of this site (choose one of %(choices)s).")
            % {"value": quoted(language), "choices": ", ".join(known)},
            code="invalid",
        )
    if language == room_language(room_id=room.pk):
        return None
    now = timezone.now()
    row = RoomLanguage.objects.create(room=room, language=language, created_at=now, created_by=actor)
    running = Table.objects.filter(room=room).exclude(status=TableStatus.CLOSED).values_list("pk", flat=True)
    for table in lock_tables(*running).values():
        sign_refresh(actor=actor, table=table, at=now, fee_words=fee_words)
    return row


@dataclass(frozen=True)
class NewKioskToken:
    token: KioskToken
    secret: str  # shown once, to the person who made it; only its hash is stored


def kiosk_token_create(*, actor: User, room: Room, label: str) -> NewKioskToken:
    """A new read-only link to ``room``'s board for a wall screen. The caller has checked that ``actor``
    works in ``room``."""
    label = label.strip()
    if not label:
        raise DomainError(_("Name the screen this link is for (e.g. “TV by the cage”)."), code="invalid")
    if len(label) > LABEL_MAX:
        raise DomainError(
            _("The name is %(length)d characters long; at most %(max)d.") % {"length": len(label), "max": LABEL_MAX},
            code="invalid",
        )
    if not label.isprintable():  # a NUL (refused by PostgreSQL) or an escape sequence is no screen's name
        raise DomainError(_("A screen's name is letters, digits and punctuation only."), code="invalid")
    secret = secrets.token_urlsafe(32)
    token = KioskToken.objects.create(
        room=room, label=label, token_hash=kiosk_token_digest(secret), created_at=timezone.now(), created_by=actor
    )
    return NewKioskToken(token=token, secret=secret)


@transaction.atomic
def kiosk_token_revoke(*, actor: User, room: Room, token_id: int) -> KioskToken:
    """Stop a board link of ``room`` at once; the row stays, stamped with who revoked it and when (once)."""
    token = KioskToken.objects.select_for_update().filter(pk=token_id).first()
    if token is None:
        raise NotFound(_("Board link %(token_id)s does not exist.") % {"token_id": token_id}, token_id=token_id)
    if token.room_id != room.pk:
        raise Forbidden(
            _("The board link “%(label)s” is another room's.") % {"label": token.label}, code="not_your_room"
        )
    if token.revoked_at is not None:
        raise Conflict(
            _("The board link “%(label)s” was already revoked.") % {"label": token.label}, code="already_revoked"
        )
    token.revoked_at = timezone.now()
    token.revoked_by = actor
    token.save(update_fields=["revoked_at", "revoked_by"])
    return token
