"""Opening a room. Its figures default to the installation's settings (config/settings.py, "The room"):
the figures an installation from before rooms had, and a new room's starting point."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError
from rooms.models import Room


def room_defaults() -> dict[str, Any]:
    """The figures of a room that says nothing else: the installation's settings."""
    return {
        "time_zone": settings.TIME_ZONE,
        "currency": settings.CARDROOM_CURRENCY,
        "currency_exponent": settings.CARDROOM_CURRENCY_EXPONENT,
        "gaming_day_start": settings.CARDROOM_GAMING_DAY_START,
        "button": settings.CARDROOM_BUTTON,
        "dealer_push_minutes": settings.CARDROOM_DEALER_PUSH_MINUTES,
        "dealer_max_minutes": settings.CARDROOM_DEALER_MAX_MINUTES,
        "shifts_per_day": settings.CARDROOM_SHIFTS_PER_DAY,
        "anonymous_sale_limit": settings.CARDROOM_ANONYMOUS_SALE_LIMIT,
        "large_cash_threshold": settings.CARDROOM_LARGE_CASH_THRESHOLD,
        "drawer_variance_threshold": settings.CARDROOM_DRAWER_VARIANCE_THRESHOLD,
        "drop_variance_threshold": settings.CARDROOM_DROP_VARIANCE_THRESHOLD,
        "cash_buy_ins_at_tables": settings.CARDROOM_CASH_BUY_INS_AT_TABLES,
    }


@transaction.atomic
def room_create(*, code: str, name: str, **figures: Any) -> Room:
    """A new room ``code`` named ``name``; each figure not given is the installation's default."""
    unknown = sorted(set(figures) - set(room_defaults()))
    if unknown:
        raise DomainError(_("Unknown room figures: %(names)s.") % {"names": ", ".join(unknown)}, code="unknown_field")
    room = Room(code=code, name=name, **(room_defaults() | figures))
    try:
        room.full_clean(validate_unique=False, validate_constraints=True)
    except ValidationError as exc:
        raise DomainError("; ".join(exc.messages), code="invalid_room") from exc
    try:
        with transaction.atomic():
            room.save()
    except IntegrityError as exc:
        raise Conflict(
            _("A room with the code %(code)s exists already.") % {"code": code}, code="duplicate_room"
        ) from exc
    return room
