"""Hand values, classes, best five and wording (rule cases 37-40, 51)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import eval7
import pytest
from hypothesis import given
from hypothesis import strategies as st
from phevaluator.evaluator import evaluate_cards

from games.engine.cards import UNKNOWN, card_str, cards_str, parse_cards
from games.engine.errors import CardError
from games.engine.evaluator import HandClass, best_five, describe, evaluate, evaluate_many, hand_class


def value(text: str) -> int:
    return evaluate(parse_cards(text))


def same_order(ours: Sequence[int], theirs: Sequence[Any], *, higher_is_stronger: bool) -> bool:
    """Both rank the hands identically: same ties, same strict order."""
    mapping: dict[int, Any] = {}
    for a, b in zip(ours, theirs, strict=True):
        if mapping.setdefault(a, b) != b:
            return False
    values = [mapping[k] for k in sorted(mapping)]
    if not higher_is_stronger:
        values.reverse()
    return all(x < y for x, y in itertools.pairwise(values))


# -- the nine classes ---------------------------------------------------------

CLASS_EXAMPLES = [
    ("Ah Kd 9c 7s 4h 3c 2d", HandClass.HIGH_CARD, "High card, ace, king, nine, seven, four"),
    ("Kh Kd 9c 7s 4h 3c 2d", HandClass.ONE_PAIR, "One pair, kings, nine, seven, four kickers"),
    ("Kh Kd 8s 8c 5h Jd Ac", HandClass.TWO_PAIR, "Two pair, kings and eights, ace kicker"),
    ("7h 7d 7c As 2h 3c 9d", HandClass.THREE_OF_A_KIND, "Three of a kind, sevens, ace, nine kickers"),
    ("9h 8d 7c 6s 5h 2c 2d", HandClass.STRAIGHT, "Straight, nine high"),
    ("Ah 2d 3c 4s 5h 9c 9d", HandClass.STRAIGHT, "Straight, five high"),
    ("As Ks 9s 7s 4s 2d 2c", HandClass.FLUSH, "Flush, ace, king, nine, seven, four"),
    ("Th Td Tc 8h 8d 2c 3s", HandClass.FULL_HOUSE, "Full house, tens full of eights"),
    ("9h 9d 9c 9s Ah Kc 2d", HandClass.FOUR_OF_A_KIND, "Four of a kind, nines, ace kicker"),
    ("9h 8h 7h 6h 5h Ac As", HandClass.STRAIGHT_FLUSH, "Straight flush, nine high"),
    ("Ad 2d 3d 4d 5d Kc Ks", HandClass.STRAIGHT_FLUSH, "Straight flush, five high"),
    ("As Ks Qs Js Ts 9s 2c", HandClass.ROYAL_FLUSH, "Royal flush"),
    ("6c 6d 6h 6s 2c", HandClass.FOUR_OF_A_KIND, "Four of a kind, sixes, two kicker"),
]


@pytest.mark.parametrize(("cards", "cls", "words"), CLASS_EXAMPLES)
def test_class_and_description(cards: str, cls: HandClass, words: str) -> None:
    assert hand_class(value(cards)) is cls
    assert describe(parse_cards(cards)) == words


def test_classes_rank_in_the_regulation_order() -> None:
    values = [value(cards) for cards, _, _ in CLASS_EXAMPLES[:-1]]
    classes = [hand_class(v) for v in values]
    assert classes == sorted(classes)
    assert values[4] > values[5]  # nine-high straight beats the wheel
    # A better class always means a higher value, whatever the cards.
    ordered = sorted(zip(values, classes, strict=True))
    assert [c for _, c in ordered] == sorted(classes)


def test_royal_flush_beats_every_straight_flush_and_is_its_own_class() -> None:
    royal, king_high = value("AhKhQhJhTh"), value("KhQhJhTh9h")
    assert royal > king_high
    assert hand_class(royal) is HandClass.ROYAL_FLUSH
    assert hand_class(king_high) is HandClass.STRAIGHT_FLUSH


def test_wheel_is_the_lowest_straight_and_the_lowest_straight_flush() -> None:
    # Rule case 37.
    straights = [value(text) for text in ("5c4d3h2sAc", "6c5d4h3s2c", "AcKdQhJsTc")]
    assert straights == sorted(straights)
    assert min(straights) == value("5c4d3h2sAc")
    assert value("5d4d3d2dAd") < value("6d5d4d3d2d") < value("KdQdJdTd9d") < value("AdKdQdJdTd")
    assert value("5d4d3d2dAd") > value("AcAdAhAsKc")  # the lowest straight flush still beats quads
    assert cards_str(best_five(parse_cards("Ac2d3h4s5cKdKh"))) == "5c4s3h2dAc"


def test_kickers_decide() -> None:
    # Rule case 38b.
    assert value("KcKd8h5sJc") < value("KhKs8c5dAc")
    assert value("KcKd8h8s4c") < value("KhKs8c8d5c")
    assert value("7c7d7h5s4c") == value("7s7d7h5c4d")


def test_only_the_best_five_count() -> None:
    # The sixth and seventh cards never play: same five, different low cards.
    assert value("AcAdKhKsQc2d3h") == value("AhAsKcKdQd4c5s")


@given(st.lists(st.sampled_from(range(52)), min_size=5, max_size=7, unique=True), st.permutations(range(4)))
def test_suits_never_break_ties(cards: list[int], relabel: list[int]) -> None:
    # Rule case 39: any renaming of the suits leaves every value unchanged.
    renamed = [(c & ~3) | relabel[c & 3] for c in cards]
    assert evaluate(renamed) == evaluate(cards)


def test_board_plays_for_everyone() -> None:
    # Rule case 38: a broadway board beats both holdings, so the pot is split.
    board = parse_cards("AsKdQhJcTs")
    assert evaluate(board + parse_cards("2c3d")) == evaluate(board + parse_cards("4h5h"))
    assert describe(board + parse_cards("2c3d")) == "Straight, ace high"
    assert cards_str(best_five(board + parse_cards("2c3d"))) == "AsKdQhJcTs"


def test_best_five_is_in_comparison_order() -> None:
    assert cards_str(best_five(parse_cards("8s Kh 5h Kd 8c Jd Ac"))) == "KhKd8s8cAc"
    assert cards_str(best_five(parse_cards("Th 8h Td 8d Tc 2c 3s"))) == "ThTdTc8h8d"


def test_six_cards() -> None:
    assert hand_class(value("AsKsQsJsTs2c")) is HandClass.ROYAL_FLUSH
    assert value("AsKsQsJs9s2c") == value("AsKsQsJs9s")


# -- refusals -----------------------------------------------------------------


@pytest.mark.parametrize("cards", [[0, 1, 2, 3], list(range(8)), []])
def test_refuses_a_wrong_number_of_cards(cards: list[int]) -> None:
    with pytest.raises(CardError, match="5 to 7 cards") as caught:
        evaluate(cards)
    assert caught.value.code == "bad_hand_size"


@pytest.mark.parametrize("bad", [UNKNOWN, 52, -5, 1000])
def test_refuses_unknown_and_impossible_cards(bad: int) -> None:
    with pytest.raises(CardError, match="known cards only"):
        evaluate([bad, 1, 2, 3, 4, 5, 6])
    with pytest.raises(CardError, match="known cards only"):
        evaluate_many([[0, 1, 2, 3, 4], [bad, 1, 2, 3, 4]])


def test_hand_class_refuses_a_value_that_is_not_one() -> None:
    for bad in (0, 7463, -1):
        with pytest.raises(ValueError, match="not a hand value"):
            hand_class(bad)


def test_evaluate_many_matches_evaluate_including_mixed_sizes() -> None:
    hands = [parse_cards(cards) for cards, _, _ in CLASS_EXAMPLES]
    assert evaluate_many(hands) == [evaluate(h) for h in hands]
    assert evaluate_many(iter([h[:5] for h in hands])) == [evaluate(h[:5]) for h in hands]
    assert evaluate_many([]) == []


# -- equivalence (rule case 40) -----------------------------------------------

RANDOM_HANDS = 200_000


@pytest.fixture(scope="module")
def sevens() -> list[tuple[int, ...]]:
    rng = random.Random(40)
    deck = list(range(52))
    return [tuple(rng.sample(deck, 7)) for _ in range(RANDOM_HANDS)]


@pytest.mark.parametrize("size", [7, 5])
def test_same_order_as_phevaluator_on_random_hands(sevens: list[tuple[int, ...]], size: int) -> None:
    hands = [h[:size] for h in sevens]
    ours = evaluate_many(hands)
    theirs = [evaluate_cards(*h) for h in hands]  # public API: lower is stronger
    assert same_order(ours, theirs, higher_is_stronger=False)
    assert [evaluate(h) for h in hands[:20_000]] == ours[:20_000]


@pytest.mark.parametrize("size", [7, 5])
def test_same_order_and_classes_as_eval7_on_random_hands(sevens: list[tuple[int, ...]], size: int) -> None:
    # eval7 is an independent implementation, so this checks phevaluator too.
    e7 = [eval7.Card(card_str(c)) for c in range(52)]
    hands = [h[:size] for h in sevens]
    ours = evaluate_many(hands)
    theirs = [eval7.evaluate([e7[c] for c in h]) for h in hands]
    assert same_order(ours, theirs, higher_is_stronger=True)
    names = {
        "High Card": HandClass.HIGH_CARD,
        "Pair": HandClass.ONE_PAIR,
        "Two Pair": HandClass.TWO_PAIR,
        "Trips": HandClass.THREE_OF_A_KIND,
        "Straight": HandClass.STRAIGHT,
        "Flush": HandClass.FLUSH,
        "Full House": HandClass.FULL_HOUSE,
        "Quads": HandClass.FOUR_OF_A_KIND,
        "Straight Flush": HandClass.STRAIGHT_FLUSH,
    }
    for ours_value, their_value in zip(ours[:50_000], theirs[:50_000], strict=True):
        cls = hand_class(ours_value)
        expected = names[eval7.handtype(their_value)]
        assert cls is expected or (cls is HandClass.ROYAL_FLUSH and expected is HandClass.STRAIGHT_FLUSH)


def test_every_value_has_a_best_five_of_the_same_value(sevens: list[tuple[int, ...]]) -> None:
    for hand in sevens[:3000]:
        five = best_five(hand)
        assert len(five) == 5 and set(five) <= set(hand)
        assert evaluate(five) == evaluate(hand)
        assert describe(hand) == describe(five)
