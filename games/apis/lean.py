"""Plain-Python reading of the recording inputs, for the requests a device sends many times a minute.

DRF builds and deep-copies a serializer with a field object per key on every
request: for one event that cost more than the engine and the database
together. These functions accept only input the serializers of
``games.apis.serializers`` accept and return what their ``validated_data``
holds (same keys, same values: an amount read from major units into minor units by
``config.money.parse_amount``, as ``MoneyField`` reads it); anything else (a wrong type, a string with
blanks around it or outside ASCII, a number as text, buy-ins) returns None
and the caller runs the serializer, so every refusal keeps its exact message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from config.errors import DomainError
from config.money import parse_amount
from config.numbers import MAX_ID
from games.apis.serializers import ActionKind, EventType

_TYPES = frozenset(EventType.values)
_KINDS = frozenset(ActionKind.values)


def _text(value: Any, max_length: int, *, blank: bool) -> bool:
    """A ``CharField`` value DRF keeps as it is: a str, ASCII (no surrogates), no NUL, no blanks around it."""
    return (
        type(value) is str
        and len(value) <= max_length
        and (blank or value != "")
        and value.isascii()
        and "\x00" not in value
        and value == value.strip()
    )


def _int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


# What a reader answers for a value the serializer may refuse or change: the caller steps aside.
_REFUSED = object()


def _amount(value: Any) -> Any:
    """An amount as ``MoneyField`` reads it: major units in, integer minor units out."""
    try:
        return parse_amount(value, allow_zero=True)
    except DomainError:
        return _REFUSED


def _holes(value: Any) -> bool:
    return type(value) is dict and all(type(k) is str and _text(v, 20, blank=False) for k, v in value.items())


def _kept(check: Callable[[Any], bool]) -> Callable[[Any], Any]:
    """A reader of a value the serializer keeps as it is, when ``check`` passes."""
    return lambda v: v if check(v) else _REFUSED


# In ``EventSerializer``'s order of fields, so that the event is stored with its keys in the same order.
_FIELDS: dict[str, Callable[[Any], Any]] = {
    "type": _kept(lambda v: type(v) is str and v in _TYPES),
    "seat": _kept(lambda v: _int(v, 1, 10)),
    "kind": _kept(lambda v: type(v) is str and v in _KINDS),
    "amount": _amount,
    "holes": lambda v: dict(v) if _holes(v) else _REFUSED,
    "cards": _kept(lambda v: _text(v, 40, blank=True)),
    "discards": _kept(lambda v: _text(v, 20, blank=True)),
    "burn": _kept(lambda v: v is None or _text(v, 2, blank=False)),
    "reason": _kept(lambda v: _text(v, 200, blank=True)),
}


def event(data: Any) -> dict[str, Any] | None:
    """``EventSerializer``'s validated data, or None to let the serializer decide."""
    if type(data) is not dict or "type" not in data:
        return None
    out = {}
    for name, read in _FIELDS.items():
        if name in data:
            value = read(data[name])
            if value is _REFUSED:
                return None
            out[name] = value
    return out


def event_record(data: Any) -> dict[str, Any] | None:
    """``EventRecordInput``'s validated data, or None."""
    if not isinstance(data, Mapping):
        return None
    seq, client_event_id = data.get("seq"), data.get("client_event_id")
    if not _int(seq, 0, MAX_ID) or not _text(client_event_id, 64, blank=False):
        return None
    parsed = event(data.get("event"))
    if parsed is None:
        return None
    return {"seq": seq, "client_event_id": client_event_id, "event": parsed}


def hand_record_whole(data: Any) -> dict[str, Any] | None:
    """``HandRecordWholeInput``'s validated data (without buy-ins), or None."""
    if not isinstance(data, Mapping) or "buy_ins" in data:
        return None
    table_id, client_hand_id, events = data.get("table_id"), data.get("client_hand_id"), data.get("events")
    if not _int(table_id, 1, MAX_ID) or not _text(client_hand_id, 64, blank=False) or type(events) is not list:
        return None
    parsed = [event(e) for e in events]
    if any(e is None for e in parsed):
        return None
    return {"table_id": table_id, "client_hand_id": client_hand_id, "events": parsed}
