"""Hand values: best five of 5, 6 or 7 known cards, higher is stronger.

The arithmetic is phevaluator's C evaluator (a perfect-hash evaluator by Henry
Lee), called straight at its C entry points: ``bench/evaluator.py`` measured
it the fastest of eval7, phevaluator, treys and pokerkit, and its card numbers
are ours (``rank * 4 + suit``, suits c, d, h, s), so no conversion is needed.
phevaluator's public ``evaluate_cards`` converts every card through
``Card.to_id`` and costs several times the C call; ``_pheval`` is its own
thin extension module, pinned with the package in ``requirements.txt`` and
checked against the public functions by the tests.

A value is ``7463 - phevaluator rank`` (rank 1 is a royal flush, 7462 the
worst high card): 7462 distinct values, equal value is an exact tie, and
suits never matter. The nine regulation classes, the best five cards and the
wording of a hand are computed here from the cards and the value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from itertools import chain, combinations, starmap

from phevaluator import _pheval

from games.engine.cards import card_str
from games.engine.errors import CardError

__all__ = ["HandClass", "best_five", "describe", "evaluate", "evaluate_many", "hand_class"]


class HandClass(IntEnum):
    """The regulation's combinations, lowest to highest (royal flush is its own class)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


_WORST_RANK = 7462  # phevaluator: 7462 distinct 5-card values, 1 the best
_TOP = _WORST_RANK + 1
# ``_VALUE_OF_RANK[rank] == 7463 - rank``: list indexing is the cheapest C-level
# function to map() over a batch (measured faster than ``int.__sub__``).
_VALUE_OF_RANK: Callable[[int], int] = list(range(_TOP, -1, -1)).__getitem__

_BY_SIZE: dict[int, Callable[..., int]] = {
    5: _pheval.evaluate_5cards,
    6: _pheval.evaluate_6cards,
    7: _pheval.evaluate_7cards,
}
# A card outside 0..51 (notably UNKNOWN, -1) would make the C evaluator read
# outside its tables, so every entry point checks the range: one C call.
# Distinct cards are a precondition, as in every evaluator library measured:
# the engine refuses a repeated card when it enters the hand
# (``cards.check_distinct``), and checking again here would cost twice the
# evaluation itself (a set per hand; see bench/evaluator.py).
_in_deck: Callable[[Iterable[int]], bool] = frozenset(range(52)).issuperset

# The lowest value of each class (phevaluator's rank boundaries, turned into values).
_CLASS_FLOORS: tuple[tuple[int, HandClass], ...] = (
    (_TOP - 1, HandClass.ROYAL_FLUSH),
    (_TOP - 10, HandClass.STRAIGHT_FLUSH),
    (_TOP - 166, HandClass.FOUR_OF_A_KIND),
    (_TOP - 322, HandClass.FULL_HOUSE),
    (_TOP - 1599, HandClass.FLUSH),
    (_TOP - 1609, HandClass.STRAIGHT),
    (_TOP - 2467, HandClass.THREE_OF_A_KIND),
    (_TOP - 3325, HandClass.TWO_PAIR),
    (_TOP - 6185, HandClass.ONE_PAIR),
    (1, HandClass.HIGH_CARD),
)


def _class_table() -> tuple[HandClass, ...]:
    # Filled a class's range at a time: a lookup per value cost every command-line start milliseconds.
    table = [HandClass.HIGH_CARD] * _TOP
    upper = _TOP
    for floor, cls in _CLASS_FLOORS:  # from the highest class down
        table[floor:upper] = [cls] * (upper - floor)
        upper = floor
    return tuple(table)


_CLASS_OF = _class_table()


def _refuse(cards: Sequence[int]) -> CardError:
    shown = " ".join(card_str(c) if isinstance(c, int) and -1 <= c < 52 else repr(c) for c in cards)
    if not 5 <= len(cards) <= 7:
        return CardError(f"a hand is evaluated on 5 to 7 cards, not {len(cards)} ({shown})", code="bad_hand_size")
    return CardError(f"a hand is evaluated on known cards only, not {shown}", code="bad_hand_cards")


def evaluate(cards: Sequence[int]) -> int:
    """The value of the best five of ``cards`` (5, 6 or 7 distinct known cards); higher is stronger."""
    if not _in_deck(cards):
        raise _refuse(cards)
    try:
        return _TOP - _BY_SIZE[len(cards)](*cards)
    except KeyError:
        raise _refuse(cards) from None


def evaluate_many(hands: Iterable[Sequence[int]]) -> list[int]:
    """``[evaluate(h) for h in hands]`` with the per-hand work done in C loops (hands of one size)."""
    batch = hands if isinstance(hands, list) else list(hands)
    if not batch:
        return []
    if _in_deck(chain.from_iterable(batch)):
        evaluate_size = _BY_SIZE.get(len(batch[0]))
        if evaluate_size is not None:
            try:
                return list(map(_VALUE_OF_RANK, starmap(evaluate_size, batch)))
            except TypeError:
                pass  # the C call refused a hand of another size: mixed sizes go one by one
    return [evaluate(h) for h in batch]


def hand_class(value: int) -> HandClass:
    """The regulation class of a value returned by ``evaluate``."""
    if not 1 <= value < _TOP:
        raise ValueError(f"{value} is not a hand value (1..{_WORST_RANK})")
    return _CLASS_OF[value]


def _significance(five: Sequence[int]) -> list[int]:
    """The five cards ordered as they are compared: bigger groups first, then rank; the wheel's ace last."""
    counts = [0] * 13
    for card in five:
        counts[card >> 2] += 1
    ordered = sorted(five, key=lambda c: (counts[c >> 2], c >> 2, c & 3), reverse=True)
    if [c >> 2 for c in ordered] == [12, 3, 2, 1, 0]:  # A-5-4-3-2: the five-high straight
        ordered = ordered[1:] + ordered[:1]
    return ordered


def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The five cards that make the hand's value, in the order they are compared.

    When several fives have the same value (the board plays, equal kickers),
    the first in the order of ``cards`` is returned.
    """
    target = evaluate(cards)
    if len(cards) == 5:
        return tuple(_significance(cards))
    five_cards = _BY_SIZE[5]
    for five in combinations(cards, 5):
        if _TOP - five_cards(*five) == target:
            return tuple(_significance(five))
    raise AssertionError("unreachable: the value of a hand is the value of one of its fives")


_SINGULAR = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_PLURAL = tuple(name + ("es" if name == "six" else "s") for name in _SINGULAR)


def _kickers(ranks: Sequence[int]) -> str:
    names = ", ".join(_SINGULAR[r] for r in ranks)
    return f"{names} kicker" if len(ranks) == 1 else f"{names} kickers"


def describe(cards: Sequence[int]) -> str:
    """The hand in words, e.g. ``"Two pair, kings and eights, ace kicker"`` or ``"Straight, five high"``."""
    five = best_five(cards)
    ranks = [c >> 2 for c in five]
    cls = _CLASS_OF[evaluate(five)]
    match cls:
        case HandClass.ROYAL_FLUSH:
            return "Royal flush"
        case HandClass.STRAIGHT_FLUSH | HandClass.STRAIGHT:
            kind = "Straight flush" if cls is HandClass.STRAIGHT_FLUSH else "Straight"
            return f"{kind}, {_SINGULAR[ranks[0]]} high"
        case HandClass.FOUR_OF_A_KIND:
            return f"Four of a kind, {_PLURAL[ranks[0]]}, {_kickers(ranks[4:])}"
        case HandClass.FULL_HOUSE:
            return f"Full house, {_PLURAL[ranks[0]]} full of {_PLURAL[ranks[3]]}"
        case HandClass.FLUSH:
            return "Flush, " + ", ".join(_SINGULAR[r] for r in ranks)
        case HandClass.THREE_OF_A_KIND:
            return f"Three of a kind, {_PLURAL[ranks[0]]}, {_kickers(ranks[3:])}"
        case HandClass.TWO_PAIR:
            return f"Two pair, {_PLURAL[ranks[0]]} and {_PLURAL[ranks[2]]}, {_kickers(ranks[4:])}"
        case HandClass.ONE_PAIR:
            return f"One pair, {_PLURAL[ranks[0]]}, {_kickers(ranks[2:])}"
        case _:
            return "High card, " + ", ".join(_SINGULAR[r] for r in ranks)
