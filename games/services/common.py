"""Plumbing shared by the hand services: locks, numbering, the engine's refusals as domain errors."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.db.models import Max
from django.utils.translation import gettext as _

from config.errors import DomainError, NotFound
from games.engine import EngineError, Event, Hand, event_from_dict
from games.models import Hand as HandRow
from rake.engine.policies import FeePolicyError


def refusal(error: EngineError | FeePolicyError, *, prefix: str = "") -> DomainError:
    """The engine's refusal as the one domain error type: its message and its stable code."""
    code = getattr(error, "code", "bad_fee_policy")
    details: dict[str, Any] = dict(getattr(error, "details", {}))
    return DomainError(f"{prefix}{error}", code=code, status=400, engine_code=code, **details)


def parse_event(data: Mapping[str, Any], *, prefix: str = "") -> Event:
    """An event from its JSON form; anything the engine cannot read is refused with a 400."""
    try:
        return event_from_dict(data)
    except EngineError as error:
        raise refusal(error, prefix=prefix) from None
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        raise DomainError(
            _("%(prefix)sthe event is malformed: %(error)s") % {"prefix": prefix, "error": error}, code="bad_event"
        ) from None


def apply_event(state: Hand, event: Event, *, prefix: str = "") -> Hand:
    try:
        return state.apply(event)
    except EngineError as error:
        raise refusal(error, prefix=prefix) from None


def lock_hand(hand_id: int) -> HandRow:
    hand = HandRow.objects.select_for_update(of=("self",)).select_related("table__room").filter(pk=hand_id).first()
    if hand is None:
        raise NotFound(_("Hand %(hand_id)s does not exist.") % {"hand_id": hand_id}, hand_id=hand_id)
    return hand


def next_number(table_id: int, gaming_day: date) -> int:
    """The next hand number at a table on a gaming day; the unique constraint refuses a race."""
    top = HandRow.objects.filter(table_id=table_id, gaming_day=gaming_day).aggregate(top=Max("number"))["top"]
    return (top or 0) + 1
