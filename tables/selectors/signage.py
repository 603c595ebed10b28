"""Reads of the room's signage: the room language and the wall board's kiosk links."""

from __future__ import annotations

import hashlib
import hmac
import re

from django.conf import settings
from django.db.models import QuerySet

from rooms.models import Room
from tables.models import KioskToken, RoomLanguage

# secrets.token_urlsafe(32) gives 43 characters of this alphabet; anything else is no token of ours.
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,100}")


def room_language(*, room_id: int) -> str:
    """The language the room's signs and wall board are written in (the room's newest setting, else the site
    default). By the room's id: a sign is written from its table, which names its room by id."""
    rows = RoomLanguage.objects.filter(room_id=room_id).order_by("-created_at", "-pk")
    code = rows.values_list("language", flat=True).first()
    known = {c for c, _name in settings.LANGUAGES}
    return code if code in known else settings.LANGUAGE_CODE


def room_language_history(*, room: Room) -> QuerySet[RoomLanguage]:
    return RoomLanguage.objects.filter(room=room).select_related("created_by").order_by("-created_at", "-pk")


def kiosk_tokens(*, room: Room) -> QuerySet[KioskToken]:
    """Every board link of ``room``, newest first, with who made and who revoked it."""
    rows = KioskToken.objects.filter(room=room).select_related("created_by", "revoked_by")
    return rows.order_by("-created_at", "-pk")


def kiosk_token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("ascii")).hexdigest()


def kiosk_token_active(raw: str) -> KioskToken | None:
    """The live board link ``raw`` opens; None for a malformed, unknown or revoked one.

    The database is asked for the hash, never the secret, and the digests are
    compared once more in constant time, so response timing says nothing about
    how much of a guess was right.
    """
    if not _TOKEN_SHAPE.fullmatch(raw):
        return None
    digest = kiosk_token_digest(raw)
    token = KioskToken.objects.filter(token_hash=digest).select_related("room").first()
    if token is None or not hmac.compare_digest(token.token_hash, digest) or token.revoked_at is not None:
        return None
    return token
