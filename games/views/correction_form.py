"""The hand page's correction form: pick one event, change, insert or remove it, see the hand replayed.

The form carries the list of events it works on (the record's at first, then
the list as corrected so far, so a second change builds on the first) as one
JSON object per line in a hidden field; the server reads it back like any
input (``events_from_text``) and the engine judges every event again. What is
typed goes into one event of the engine's JSON form (``event_from_post``):
amounts in the room's money format, cards as text.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from config.errors import DomainError
from config.money import format_money, parse_typed_amount
from config.numbers import whole_number
from games.engine.setup import Game
from games.models import Hand
from games.selectors.words import event_line
from games.services.corrections import EditOp

# A hand has tens of events; these bounds only keep a pasted file from being read line by line.
MAX_CORRECTION_CHARS = 100_000
MAX_CORRECTION_EVENTS = 500
MAX_CARDS_CHARS = 40

ACTIONS = ("fold", "check", "call", "bet", "raise")
# What an event may be, per game, in the order the form offers them.
KINDS: dict[str, Promise] = {
    "fold": pgettext_lazy("correction kind", "Fold"),
    "check": pgettext_lazy("correction kind", "Check"),
    "call": pgettext_lazy("correction kind", "Call"),
    "bet": pgettext_lazy("correction kind", "Bet"),
    "raise": pgettext_lazy("correction kind", "Raise to"),
    "deal": pgettext_lazy("correction kind", "Hole cards of a seat"),
    "board": pgettext_lazy("correction kind", "Board cards"),
    "draw": pgettext_lazy("correction kind", "Draw"),
    "show": pgettext_lazy("correction kind", "Show"),
    "muck": pgettext_lazy("correction kind", "Muck"),
    "agree_split": pgettext_lazy("correction kind", "Tie: split agreed"),
    "misdeal": pgettext_lazy("correction kind", "Misdeal"),
}
_NOT_IN = {Game.HOLDEM: {"draw", "agree_split"}, Game.CLUB_POKER: {"board"}}
OPS: dict[str, Promise] = {
    "change": gettext_lazy("Change it"),
    "insert": gettext_lazy("Insert a new event after it"),
    "remove": gettext_lazy("Remove it"),
}
_SEATED = {*ACTIONS, "deal", "draw", "show", "muck"}


def events_from_text(text: str) -> list[dict[str, Any]]:
    """The corrected hand's events, one JSON object per line (blank lines skipped); a DomainError names the line."""
    if len(text) > MAX_CORRECTION_CHARS:
        raise DomainError(
            _("The events are longer than %(limit)s characters.") % {"limit": MAX_CORRECTION_CHARS}, code="too_large"
        )
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise DomainError(_("Enter the corrected hand's events, one per line."), code="events_required")
    if len(lines) > MAX_CORRECTION_EVENTS:
        raise DomainError(
            _("A hand has at most %(limit)s events.") % {"limit": MAX_CORRECTION_EVENTS}, code="too_many_events"
        )
    events: list[dict[str, Any]] = []
    for number, line in lines:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            raise DomainError(
                _('Line %(line)s is not an event: write it as {"type": ...} in JSON, like the lines shown.')
                % {"line": number},
                code="bad_event",
                line=number,
            )
        events.append(data)
    return events


def events_to_text(events: Sequence[Mapping[str, Any]]) -> str:
    """One JSON object per line, without the empty fields: what ``events_from_text`` reads back."""
    return "\n".join(
        json.dumps({k: v for k, v in data.items() if v is not None}, ensure_ascii=False) for data in events
    )


def kind_of(data: Mapping[str, Any]) -> str:
    """The form's kind of a stored event: an action's own kind, else the event's type."""
    return str(data.get("kind")) if data.get("type") == "action" else str(data.get("type"))


def kinds_for(hand: Hand) -> list[tuple[str, str]]:
    left_out = _NOT_IN.get(Game(hand.setup.get("game", Game.HOLDEM)), set())
    return [(code, str(label)) for code, label in KINDS.items() if code not in left_out]


def fields_of(data: Mapping[str, Any]) -> dict[str, str]:
    """A stored event as the form's fields show it, for the floor manager to change what was wrong."""
    kind = kind_of(data)
    seat, cards = data.get("seat"), str(data.get("cards") or "")
    if kind == "deal":
        holes = data.get("holes") or {}
        known = [(s, c) for s, c in holes.items() if str(c).replace("?", "")] or list(holes.items())
        seat, cards = known[0] if known else (None, "")
    amount = data.get("amount")
    return {
        "kind": kind,
        "seat": "" if seat is None else str(seat),
        "amount": format_money(amount) if kind in ("bet", "raise") and type(amount) is int else "",
        "cards": str(cards),
        "discards": str(data.get("discards") or ""),
    }


def _text(post: QueryDict, name: str, limit: int = MAX_CARDS_CHARS) -> str:
    value = post.get(name, "").strip()
    if len(value) > limit:
        raise DomainError(_("%(value)s… is too long for cards.") % {"value": value[:8]}, code="bad_cards")
    return value


def event_from_post(post: QueryDict, *, hand: Hand, base: Mapping[str, Any] | None) -> dict[str, Any]:
    """The event the form describes, in the engine's JSON form; ``base``: the event it changes, whose fields
    the form does not show (an action's out-of-turn flag, a board's burn, the other seats' hole cards) are
    kept. The engine refuses what the rules refuse; here only what is not an event at all."""
    kind = post.get("kind", "")
    if kind not in dict(kinds_for(hand)):
        raise DomainError(_("Choose what happened."), code="bad_kind")
    seat = whole_number(post.get("seat", "").strip(), maximum=99)
    if kind in _SEATED and seat is None:
        raise DomainError(_("Choose the seat."), code="bad_seat")
    same = base is not None and kind_of(base) == kind
    if kind in ACTIONS:
        amount = parse_typed_amount(post.get("amount", ""), field=_("Amount")) if kind in ("bet", "raise") else 0
        event: dict[str, Any] = {"type": "action", "seat": seat, "kind": kind, "amount": amount}
        if base is not None and base.get("type") == "action" and base.get("out_of_turn"):
            event["out_of_turn"] = True
        return event
    cards = _text(post, "cards")
    if kind == "deal":
        holes = dict(base.get("holes") or {}) if same and base is not None else {}
        holes[str(seat)] = cards
        return {"type": "deal", "holes": holes}
    if kind == "board":
        return {"type": "board", "cards": cards, "burn": base.get("burn") if same and base is not None else None}
    if kind == "draw":
        return {"type": "draw", "seat": seat, "discards": _text(post, "discards"), "cards": cards}
    if kind == "show":
        return {"type": "show", "seat": seat, "cards": cards}
    if kind == "muck":
        return {"type": "muck", "seat": seat}
    if kind == "misdeal":
        return {"type": "misdeal", "reason": str(base.get("reason") or "") if same and base is not None else ""}
    return {"type": kind}


def edit_from_post(post: QueryDict) -> tuple[int, EditOp]:
    """Which event the form picked and what it does to it."""
    index = whole_number(post.get("index", "").strip(), maximum=MAX_CORRECTION_EVENTS)
    if index is None or index < 1:
        raise DomainError(_("Choose one of the hand's events."), code="bad_event_index")
    op = post.get("op", "change")
    if op == "remove":
        return index - 1, "remove"
    if op == "insert":
        return index - 1, "insert"
    if op == "change":
        return index - 1, "change"
    raise DomainError(_("Choose whether to change, insert or remove."), code="bad_op")


def editor_context(
    hand: Hand,
    events: Sequence[Mapping[str, Any]],
    *,
    seats: Sequence[int],
    post: QueryDict | None = None,
    picked: int | None = None,
) -> dict[str, Any]:
    """What the form shows: the events to pick from (numbered from 1, each with its line in the log), the
    picked one's fields (from what was typed, else from the event), the kinds and seats to choose from.
    ``picked``: the event to show (by its number), else the one ``post`` picked."""
    index = picked or whole_number((post or QueryDict()).get("index", "").strip(), maximum=len(events))
    index = index if index and index <= len(events) else None
    blank = dict.fromkeys(("kind", "seat", "amount", "cards", "discards"), "")
    fields = fields_of(events[index - 1]) if index else blank
    if post is not None and post.get("kind") is not None:
        fields = {name: post.get(name, "")[:MAX_CARDS_CHARS] for name in fields}
    kinds = kinds_for(hand)
    return {
        "choices": [(k, event_line(dict(data))) for k, data in enumerate(events, start=1)],
        "picked": index,
        "op": post.get("op", "change") if post is not None and post.get("op") in OPS else "change",
        "ops": [(code, str(label)) for code, label in OPS.items()],
        "fields": fields,
        "kinds": kinds,
        "discards": "draw" in dict(kinds),
        "seat_numbers": list(seats),
        "events_text": events_to_text(events),
    }


def changes(recorded: Sequence[Mapping[str, Any]], corrected: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What the correction changes in the log, event by event: (number, before, after), a line empty on the
    side where the event is not (an insert, a removal)."""

    def key(data: Mapping[str, Any]) -> str:
        return json.dumps({k: v for k, v in data.items() if v is not None}, sort_keys=True)

    old, new = [key(e) for e in recorded], [key(e) for e in corrected]
    rows: list[dict[str, Any]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            before = event_line(dict(recorded[i1 + k])) if i1 + k < i2 else ""
            after = event_line(dict(corrected[j1 + k])) if j1 + k < j2 else ""
            rows.append({"number": (j1 + k if j1 + k < j2 else j1) + 1, "before": before, "after": after})
    return rows
