"""Cards as small integers.

A card is ``rank * 4 + suit`` with ranks 0..12 for 2..A and suits 0..3 for
c, d, h, s; ``UNKNOWN`` (-1) stands for a card the dealer never saw (``??``).
Integers keep hands hashable and the evaluator's tables indexable.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNKNOWN = -1
DECK: tuple[int, ...] = tuple(range(52))

_BY_TEXT: dict[str, int] = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}


def parse_card(text: str) -> int:
    """``"As"`` -> card; ``"??"`` -> ``UNKNOWN``; anything else raises ``CardError``."""
    if text == "??":
        return UNKNOWN
    card = _BY_TEXT.get(text[:1].upper() + text[1:].lower()) if len(text) == 2 else None
    if card is None:
        raise CardError(f"{text!r} is not a card: use a rank from {RANKS} and a suit from {SUITS}, e.g. 'As'")
    return card


def parse_cards(text: str) -> tuple[int, ...]:
    """``"AsKd"``, ``"As Kd"`` or ``"As,Kd"`` -> cards; an empty string is no cards."""
    compact = text.replace(" ", "").replace(",", "")
    if len(compact) % 2:
        raise CardError(f"{text!r} is not a list of two-character cards")
    return tuple(parse_card(compact[i : i + 2]) for i in range(0, len(compact), 2))


def card_str(card: int) -> str:
    if card == UNKNOWN:
        return "??"
    if not 0 <= card < 52:
        raise CardError(f"{card} is not a card number (0..51)")
    return RANKS[card >> 2] + SUITS[card & 3]


def cards_str(cards: Iterable[int]) -> str:
    return "".join(card_str(c) for c in cards)


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def add_known(known: int, cards: Iterable[int], *, where: str = "this hand") -> int:
    """The bit mask ``known`` (bit ``c`` set: card ``c`` is known) with ``cards`` added; unknown cards are skipped.

    A card already known, or given twice, raises ``CardError``. The hand keeps
    the mask of its known cards (hands, board, discards, burns) and adds each
    event's new cards to it, so refusing a repeated card costs the new cards
    only. An int rather than a set: the garbage collector never scans it, and
    a replay keeps one per finished hand.
    """
    for card in cards:
        if card == UNKNOWN:
            continue
        bit = 1 << card
        if known & bit:
            raise CardError(f"{card_str(card)} appears twice in {where}", code="duplicate_card", card=card_str(card))
        known |= bit
    return known


def check_distinct(cards: Iterable[int], *, where: str = "this hand") -> None:
    """Refuse a known card that appears twice; unknown cards may repeat."""
    seen: set[int] = set()
    for card in cards:
        if card == UNKNOWN:
            continue
        if card in seen:
            raise CardError(f"{card_str(card)} appears twice in {where}", code="duplicate_card", card=card_str(card))
        seen.add(card)
