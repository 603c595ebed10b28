"""The engine's refusal of a correction in the reader's language.

The engine is plain Python and refuses in English, with a stable code and
the numbers in its words (``raise to 200000 is more than seat 3 has: all-in
is 97000``). A page reads the numbers back by the words' fixed grammar, per
code, and says the rule again in the active language with amounts in the
room's money format. Words it cannot read (an engine that changed its
wording) still get the rule's translated name, then the engine's own words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from config.money import format_money
from games.selectors.words import event_line

# Groups whose number is an amount of chips, shown in the room's money format.
_MONEY = {"amount", "minimum", "maximum", "all_in", "chip", "cost"}
_SEAT = r"seat (?P<seat>\d+)"

# code -> (the engine's words, read by a regular expression; None: the rule alone says it), the rule.
_RULES: dict[str, tuple[str | None, Promise]] = {
    "exceeds_stack": (
        rf"(?:bet of|raise to) (?P<amount>\d+) is more than {_SEAT} has: all-in is (?P<all_in>\d+)",
        gettext_lazy("seat %(seat)s has not got %(amount)s: all-in is %(all_in)s."),
    ),
    "duplicate_card": (
        r"(?P<card>\S\S) appears twice",
        gettext_lazy("%(card)s is already in this hand: each card is dealt once."),
    ),
    "cannot_check": (
        rf"{_SEAT} cannot check: facing a bet of (?P<amount>\d+)",
        gettext_lazy("seat %(seat)s cannot check: there is a bet of %(amount)s."),
    ),
    "nothing_to_call": (
        _SEAT,
        gettext_lazy("seat %(seat)s cannot call: there is no bet to call (check instead)."),
    ),
    "use_raise": (
        rf"{_SEAT} cannot bet: facing a bet of (?P<amount>\d+)",
        gettext_lazy("seat %(seat)s cannot bet: there is already a bet of %(amount)s (raise instead)."),
    ),
    "use_bet": (_SEAT, gettext_lazy("seat %(seat)s cannot raise: there is no bet to raise (bet instead).")),
    "below_min_bet": (
        r"bet of (?P<amount>\d+) is below the minimum bet of (?P<minimum>\d+)",
        gettext_lazy("a bet of %(amount)s is below the minimum bet of %(minimum)s."),
    ),
    "below_min_raise": (
        r"raise to (?P<amount>\d+) is below the minimum raise to (?P<minimum>\d+)",
        gettext_lazy("a raise to %(amount)s is below the minimum raise to %(minimum)s."),
    ),
    "bad_chip_unit": (
        r"(?P<amount>\d+) is not a multiple of the smallest chip (?P<chip>\d+)",
        gettext_lazy("%(amount)s is not a multiple of the smallest chip (%(chip)s)."),
    ),
    "above_pot_limit": (
        r"(?P<amount>\d+) is above the pot-limit maximum of (?P<maximum>\d+)",
        gettext_lazy("%(amount)s is above the pot-limit maximum of %(maximum)s."),
    ),
    "out_of_turn": (
        rf"{_SEAT} is not to (?:act|draw): seat (?P<turn>\d+) is",
        gettext_lazy("seat %(seat)s is not to act: seat %(turn)s is."),
    ),
    "not_in_hand": (_SEAT, gettext_lazy("seat %(seat)s is not dealt in this hand.")),
    "wrong_cards": (
        rf"{_SEAT} holds (?P<held>\S+), not (?P<cards>\S+)",
        gettext_lazy("seat %(seat)s was dealt %(held)s, not %(cards)s."),
    ),
    "folded": (_SEAT, gettext_lazy("seat %(seat)s has folded and has no hand to show.")),
    "already_done": (_SEAT, gettext_lazy("seat %(seat)s has already shown or mucked.")),
    "no_showdown": (_SEAT, gettext_lazy("seat %(seat)s cannot show or muck now: the showdown has not come.")),
    "card_not_held": (
        rf"{_SEAT} does not hold (?P<card>\S\S)",
        gettext_lazy("seat %(seat)s does not hold %(card)s."),
    ),
    "cannot_pay_draw": (
        rf"{_SEAT} cannot pay for \d+ cards: they cost (?P<cost>\d+)",
        gettext_lazy("seat %(seat)s cannot pay %(cost)s for the cards."),
    ),
    "hand_over": (None, gettext_lazy("the hand is already over: no event can follow.")),
    "already_dealt": (None, gettext_lazy("the hole cards are already dealt.")),
    "board_not_due": (None, gettext_lazy("no board card can be dealt now: the betting round is not over.")),
    "wrong_phase": (None, gettext_lazy("no betting round is open now.")),
    "wrong_card_count": (None, gettext_lazy("that is the wrong number of cards for this event.")),
    "too_many_cards": (None, gettext_lazy("a player buys at most 3 cards.")),
    "draw_count_mismatch": (None, gettext_lazy("a player receives one new card for each card handed back.")),
    "bad_card": (None, gettext_lazy("write cards as a rank and a suit, such as As or Td.")),
}
_PATTERNS = {code: re.compile(words) for code, (words, _rule) in _RULES.items() if words is not None}


def _reason(code: str, words: str) -> str:
    rule = _RULES.get(code)
    if rule is None:
        return _("the rules refuse it (%(words)s).") % {"words": words}
    pattern = _PATTERNS.get(code)
    if pattern is None:
        return str(rule[1])
    match = pattern.search(words)
    if match is None:
        return _("the rules refuse it (%(words)s).") % {"words": words}
    values = {k: format_money(int(v)) if k in _MONEY else v for k, v in match.groupdict().items()}
    return str(rule[1]) % values


def refusal_text(error: DomainError, events: Sequence[Mapping[str, Any]]) -> str:
    """A refusal of ``hand_correct`` or its preview as a page says it: an event the engine refused is named
    by its number and its line in the log, with the rule in the reader's language; other refusals are the
    service's own translated message."""
    index = error.details.get("event_index")
    if not isinstance(index, int) or not 0 <= index < len(events):
        return error.message
    words = error.message.split(": ", 1)[1] if error.message.startswith(f"event {index}: ") else error.message
    data = dict(events[index])
    return _("Event %(number)s (%(event)s): %(reason)s") % {
        "number": index + 1,
        "event": event_line(data),
        "reason": _reason(error.code, words),
    }
