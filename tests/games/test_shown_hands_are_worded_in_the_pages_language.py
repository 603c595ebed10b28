"""A shown hand's words (recorded in English by the engine) are said again in the page's language."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils import translation

from games import services as hands
from games.engine.cards import card_str, parse_cards
from games.engine.evaluator import describe
from games.selectors.words import hand_words
from tests.games.helpers import HOLDEM_HAND, record

# One hand of each class (hole cards and board together), and what Armenian and Lithuanian pages say.
EACH_CLASS = [
    ("AsKsQsJsTs2d3c", "Ռոյալ ֆլեշ", "Karališkoji spalvota eilė"),
    ("9h8h7h6h5h2d3c", "Ստրեյթ ֆլեշ՝ մինչև 9", "Spalvota eilė iki 9"),
    ("QcQdQhQs9d2c3h", "Կարե՝ Q, կիկեր՝ 9", "Ketvertas: Q, papildoma korta 9"),
    ("KcKdKh8s8d2c3h", "Ֆուլ հաուս՝ K և 8", "Pilnas namas: K ir 8"),
    ("Ad9d7d4d2dKcQh", "Ֆլեշ՝ A, 9, 7, 4, 2", "Spalva: A, 9, 7, 4, 2"),
    ("5c4d3h2sAd9cKh", "Ստրեյթ՝ մինչև 5", "Eilė iki 5"),
    ("7c7d7hAsTd2c3h", "Սեթ՝ 7, կիկերներ՝ A, 10", "Trejetas: 7, papildomos kortos A, 10"),
    ("KcKd8h8sAd2c3h", "Երկու զույգ՝ K և 8, կիկեր՝ A", "Dvi poros: K ir 8, papildoma korta A"),
    ("6c6dAhJs9d2c3h", "Զույգ՝ 6, կիկերներ՝ A, J, 9", "Pora: 6, papildomos kortos A, J, 9"),
    ("AcJd9h7s5d2c3h", "Բարձր քարտ՝ A, J, 9, 7, 5", "Aukščiausia korta: A, J, 9, 7, 5"),
]


@pytest.mark.parametrize(("cards", "armenian", "lithuanian"), EACH_CLASS)
def test_each_class_of_hand_is_worded_in_each_language(cards: str, armenian: str, lithuanian: str) -> None:
    recorded = describe(parse_cards(cards))
    with translation.override("hy"):
        assert hand_words(recorded) == armenian
    with translation.override("lt"):
        assert hand_words(recorded) == lithuanian
    with translation.override("en"):
        assert hand_words(recorded) == recorded


def test_every_wording_of_the_engine_is_read_back() -> None:
    """Whatever the engine says of a hand, another language says it again: a change to the engine's words
    that the page cannot read fails here, not on a page showing English."""
    rng = random.Random(20261202)
    deck = list(range(52))
    with translation.override("lt"):
        for _ in range(3000):
            cards = rng.sample(deck, 7)
            recorded = describe(cards)
            assert hand_words(recorded) != recorded, (recorded, "".join(card_str(c) for c in cards))
        assert hand_words("Shown before the flop") == "Atversta prieš flopą"


def test_words_it_cannot_read_are_shown_as_recorded() -> None:
    with translation.override("hy"):
        assert hand_words("Two pair, kings and elephants, ace kicker") == "Two pair, kings and elephants, ace kicker"
        assert hand_words("") == ""


@pytest.mark.django_db
def test_the_hand_page_words_the_showdown_in_the_readers_language(client_for, floor_manager, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    client = client_for(floor_manager)
    client.cookies["django_language"] = "hy"
    page = client.get(reverse("games:hand", args=[hand.pk])).content.decode()
    assert "Զույգ՝ K, կիկերներ՝ J, 9, 7" in page and "kings" not in page
