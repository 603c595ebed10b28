"""The hand record in the room's words, for pages: streets by name, events as sentences, amounts as money.

``describe_event`` stays the API's fixed English line (clients parse nothing
from it, but exports and tests quote it); pages show these translated lines.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from config.money import format_money

# The engine's street codes (``games.engine.state``), and the hand page's heading for undone events.
STREETS: dict[str, Promise] = {
    "preflop": pgettext_lazy("street", "Preflop"),
    "flop": pgettext_lazy("street", "Flop"),
    "turn": pgettext_lazy("street", "Turn"),
    "river": pgettext_lazy("street", "River"),
    "first_round": pgettext_lazy("street", "First betting round"),
    "draw": pgettext_lazy("street", "Draw"),
    "second_round": pgettext_lazy("street", "Second betting round"),
    "correction": pgettext_lazy("street", "Undone"),
}


def street_label(code: str) -> str:
    """``"preflop"`` -> ``"Preflop"`` in the active language; an unknown code is shown as it is."""
    label = STREETS.get(code)
    return str(label) if label is not None else code


def _money(value: Any) -> str:
    return format_money(value) if type(value) is int else str(value or 0)


def _action(data: dict[str, Any]) -> str:
    seat, kind = data.get("seat"), data.get("kind")
    amount = _money(data.get("amount"))
    lines = {
        "fold": _("Seat %(seat)s folds"),
        "check": _("Seat %(seat)s checks"),
        "call": _("Seat %(seat)s calls"),
        "bet": _("Seat %(seat)s bets %(amount)s"),
        "raise": _("Seat %(seat)s raises to %(amount)s"),
    }
    line = lines.get(str(kind), _("Seat %(seat)s: %(kind)s"))
    return line % {"seat": seat, "amount": amount, "kind": kind}


def _draw(data: dict[str, Any]) -> str:
    seat, discards = data.get("seat"), str(data.get("discards") or "")
    count = len(discards) // 2
    if not count:
        return _("Seat %(seat)s stands pat") % {"seat": seat}
    line = _("Seat %(seat)s draws %(count)s") % {"seat": seat, "count": count}
    known = discards.replace("?", "")
    return f"{line} ({discards} → {data.get('cards')})" if known else line


def event_line(data: dict[str, Any]) -> str:
    """One event of the log as the hand's page tells it, amounts in the room's money format."""
    kind, seat = data.get("type"), data.get("seat")
    if kind == "action":
        return _action(data)
    if kind == "draw":
        return _draw(data)
    if kind == "deal":
        holes = data.get("holes") or {}
        shown = ", ".join(_("seat %(seat)s: %(cards)s") % {"seat": s, "cards": c} for s, c in holes.items())
        return _("Deal") + (f" ({shown})" if shown else "")
    reason = str(data.get("reason") or "")
    simple = {
        "board": _("Board %(cards)s"),
        "show": _("Seat %(seat)s shows %(cards)s"),
        "muck": _("Seat %(seat)s mucks"),
        "agree_split": _("Tie: split agreed"),
        "replay": _("Tie: replay hand"),
        "misdeal": _("Misdeal: %(reason)s") if reason else _("Misdeal"),
        "undo": _("Undo the last event: %(reason)s") if reason else _("Undo the last event"),
    }
    line = simple.get(str(kind))
    if line is None:
        return str(kind)
    return line % {"seat": seat, "cards": data.get("cards") or "", "reason": reason}
