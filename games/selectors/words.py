"""The hand record in the room's words, for pages: streets by name, events as sentences, amounts as money.

``describe_event`` stays the API's fixed English line (clients parse nothing
from it, but exports and tests quote it); pages show these translated lines.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

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


# The engine words a shown hand in English (``games.engine.evaluator.describe``), and the result keeps
# those words. A page in another language reads them back by their fixed grammar and says them again,
# ranks as the cards show them (A, K, Q, J, 10, ... 2); words it cannot read are shown as recorded.
_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_RANK_SYMBOLS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK = dict(zip(_RANK_NAMES, _RANK_SYMBOLS, strict=True)) | {
    name + ("es" if name == "six" else "s"): symbol for name, symbol in zip(_RANK_NAMES, _RANK_SYMBOLS, strict=True)
}
_R = "([a-z]+)"
_LIST = "([a-z]+(?:, [a-z]+)*)"
_HAND_GRAMMAR: tuple[tuple[re.Pattern[str], Promise], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        ("Royal flush", gettext_lazy("Royal flush")),
        (f"Straight flush, {_R} high", gettext_lazy("Straight flush, %(1)s high")),
        (f"Four of a kind, {_R}, {_R} kicker", gettext_lazy("Four of a kind, %(1)s, kicker %(2)s")),
        (f"Full house, {_R} full of {_R}", gettext_lazy("Full house, %(1)s full of %(2)s")),
        (f"Flush, {_LIST}", gettext_lazy("Flush, %(1)s")),
        (f"Straight, {_R} high", gettext_lazy("Straight, %(1)s high")),
        (f"Three of a kind, {_R}, {_LIST} kickers", gettext_lazy("Three of a kind, %(1)s, kickers %(2)s")),
        (f"Two pair, {_R} and {_R}, {_R} kicker", gettext_lazy("Two pair, %(1)s and %(2)s, kicker %(3)s")),
        (f"One pair, {_R}, {_LIST} kickers", gettext_lazy("One pair, %(1)s, kickers %(2)s")),
        (f"High card, {_LIST}", gettext_lazy("High card, %(1)s")),
        ("Shown before the flop", gettext_lazy("Shown before the flop")),
    )
)


def _ranks(names: str) -> str | None:
    symbols = [_RANK.get(name) for name in names.split(", ")]
    return None if None in symbols else ", ".join(str(s) for s in symbols)


def hand_words(recorded: str) -> str:
    """A shown hand's recorded words in the active language: ``"Two pair, kings and eights, ace kicker"``
    reads ``"Երկու զույգ՝ K և 8, կիկեր՝ A"`` in Armenian. English pages show the words as recorded."""
    if (translation.get_language() or "en").startswith("en"):
        return recorded
    for pattern, words in _HAND_GRAMMAR:
        match = pattern.fullmatch(recorded)
        if match is None:
            continue
        ranks = [_ranks(group) for group in match.groups()]
        if None in ranks:
            return recorded
        return str(words) % {str(i): rank for i, rank in enumerate(ranks, start=1)}
    return recorded
