"""The plain-Python reading of the hot inputs accepts only what the serializers accept, with the same result."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.serializers import Serializer

from config.errors import DomainError
from games.apis import lean
from games.apis import serializers as s
from tests.games.helpers import HOLDEM_HAND

EVENTS: list[Any] = [
    *HOLDEM_HAND,
    {"type": "action", "seat": 3, "kind": "raise", "amount": 3000},
    {"type": "action", "seat": 3, "kind": "raise", "amount": "3000"},
    {"type": "action", "seat": 3, "kind": "fold", "amount": "0"},
    {"type": "board", "cards": "AsKdQh", "burn": None},
    {"type": "board", "cards": "", "burn": "2c"},
    {"type": "draw", "seat": 2, "discards": "", "cards": "", "extra": "ignored"},
    {"type": "undo", "reason": "wrong seat"},
    {"type": "show", "seat": 1, "cards": "As??"},
    {"type": "deal", "holes": {"1": "AsKd", "2": "????"}},
    # Refused or changed by the serializer: lean must step aside.
    {"type": "action", "seat": "3", "kind": "call"},
    {"type": "action", "seat": True, "kind": "call"},
    {"type": "action", "seat": 11, "kind": "call"},
    {"type": "action", "seat": 0, "kind": "call"},
    {"type": "action", "seat": 1, "kind": "shove"},
    {"type": "action", "seat": 1, "kind": "bet", "amount": -1},
    {"type": "action", "seat": 1, "kind": "bet", "amount": 10**16},
    {"type": "action", "seat": 1, "kind": "bet", "amount": 1.5},
    {"type": "action", "seat": 1, "kind": "bet", "amount": "1.5"},
    {"type": "action", "seat": 1, "kind": "bet", "amount": "1e3"},
    {"type": "action", "seat": 1, "kind": "bet", "amount": " 100"},
    {"type": "action", "seat": 1, "kind": "bet", "amount": True},
    {"type": "action", "seat": None, "kind": "call"},
    {"type": "board", "cards": " AsKdQh"},
    {"type": "board", "cards": "A" * 41},
    {"type": "board", "burn": ""},
    {"type": "board", "cards": "As\x00"},
    {"type": "undo", "reason": "café"},
    {"type": "deal", "holes": {"1": ""}},
    {"type": "deal", "holes": ["AsKd"]},
    {"type": "nap"},
    {"seat": 1},
    "deal",
    None,
]


def _serializer(cls: type[Serializer[Any]], data: Any) -> Any:
    serializer = cls(data=data)
    try:
        valid = serializer.is_valid()
    except DomainError:  # a malformed amount is refused at once, as a 400 coded bad_money
        return None
    return json.loads(json.dumps(serializer.validated_data)) if valid else None


@pytest.mark.parametrize("event", EVENTS)
def test_event_record(event):
    for body in (
        {"seq": 4, "client_event_id": "dev-1:4", "event": event},
        {"seq": "4", "client_event_id": "dev-1:4", "event": event},
        {"seq": 4, "client_event_id": " dev ", "event": event},
        {"seq": -1, "client_event_id": "x", "event": event},
        {"seq": 4, "client_event_id": "x" * 65, "event": event},
        {"seq": 4, "client_event_id": "", "event": event},
        {"client_event_id": "x", "event": event},
    ):
        fast = lean.event_record(body)
        if fast is not None:
            assert fast == _serializer(s.EventRecordInput, body)


@pytest.mark.parametrize("event", EVENTS)
def test_hand_record_whole(event):
    for body in (
        {"table_id": 3, "client_hand_id": "h-1", "events": [HOLDEM_HAND[0], event]},
        {"table_id": 0, "client_hand_id": "h-1", "events": [event]},
        {"table_id": 3, "client_hand_id": "h-1", "events": event},
        {"table_id": 3, "client_hand_id": "h-1", "events": [event], "buy_ins": {"1": 5}},
    ):
        fast = lean.hand_record_whole(body)
        if fast is not None:
            assert fast == _serializer(s.HandRecordWholeInput, body)


def test_the_common_inputs_take_the_lean_path():
    assert all(lean.event(e) is not None for e in HOLDEM_HAND)
    body = {"seq": 0, "client_event_id": "a", "event": HOLDEM_HAND[0]}
    assert lean.event_record(body) == _serializer(s.EventRecordInput, body)
