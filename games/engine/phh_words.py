"""The words of PHH actions, read the same way by both replays of a hand history.

``games.engine.phh_import`` replays any hand through the engine and
``games.engine.phh_plain`` replays plain hands for the command line's
summaries; they must read a player's name, a card text and an amount alike.
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from games.engine.cards import parse_cards
from games.engine.phh_text import PhhError

LABELS = tuple(f"p{k}" for k in range(1, 100))  # PHH's player names, p1 first


@lru_cache(maxsize=1 << 14)
def action_cards(text: str) -> tuple[int, ...]:
    """``parse_cards``, remembered: real files repeat the same few texts (``????`` above all)."""
    return parse_cards(text)


def action_number(text: str) -> int | Decimal:
    """An amount in an action, read as pokerkit reads it (``9,999.99`` included)."""
    try:
        return Decimal(text.replace(",", "")) if "." in text or "," in text else int(text)
    except (ValueError, ArithmeticError):
        raise PhhError(f"{text!r} is not an amount") from None
