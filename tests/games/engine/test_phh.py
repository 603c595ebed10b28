"""PHH export and import (rule case 56), the replay command line."""

from __future__ import annotations

import io
import json
import random
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any, ClassVar

import pokerkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.cards import parse_cards
from games.engine.cli import main
from games.engine.events import Action, ActionKind, Board, Deal, Draw, Show, bet, call, check, fold, raise_to
from games.engine.phh import export_fields, export_hand, export_hands
from games.engine.phh_import import replay_text
from games.engine.setup import Game, HouseOptions, Structure, TableSetup
from games.engine.state import Hand, replay
from rake.engine.policies import PercentageFee
from tests.games.engine import oracle
from tests.profiles import examples


def play(setup: TableSetup, *events: Any) -> Hand:
    return replay(setup, events)


def holdem(**changes: Any) -> TableSetup:
    base: dict[str, Any] = {
        "game": Game.HOLDEM,
        "structure": Structure.NO_LIMIT,
        "seat_count": 9,
        "stacks": {2: 1000, 5: 1000, 7: 1000},
        "button": 7,
        "small_blind": 5,
        "big_blind": 10,
    }
    return TableSetup(**(base | changes))


def finished(hand: Hand) -> dict[str, Any]:
    assert hand.result is not None
    return hand.result.to_dict()


def test_export_names_the_standard_fields_and_player_order() -> None:
    hand = play(
        holdem(),
        Deal({2: parse_cards("AsKd"), 5: parse_cards("QhQc"), 7: parse_cards("7c2d")}),
        raise_to(7, 30),
        call(2),
        fold(5),
    )
    data = tomllib.loads(export_hand(hand, table=4, number=17))
    assert data["variant"] == "NT"
    assert data["seats"] == [2, 5, 7]  # from the button's left, button last
    assert data["blinds_or_straddles"] == [5, 10, 0]
    assert data["min_bet"] == 10
    assert data["actions"][:5] == ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 7c2d", "p3 cbr 30", "p1 cc"]
    assert data["table"] == 4 and data["hand"] == 17 and data["_button"] == 7


def test_export_then_import_gives_the_same_result_with_fees_and_decimals() -> None:
    rng = random.Random(56)
    hands = []
    for _ in range(40):
        setup = oracle.random_setup(rng, options=HouseOptions())
        setup = TableSetup(**{**_fields(setup), "fee": PercentageFee(Decimal("0.05"), cap_per_hand=300)})
        hands.append(oracle.play(rng, setup))
    results = replay_text(export_hands(hands, exponent=2), exponent=2)
    assert [r.error for r in results] == [None] * len(hands)
    for hand, result in zip(hands, results, strict=True):
        assert result.hand is not None
        assert finished(result.hand) == finished(hand)
        assert result.warnings == ()


def _fields(setup: TableSetup) -> dict[str, Any]:
    return {name: getattr(setup, name) for name in TableSetup.__dataclass_fields__}


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), structure=st.sampled_from(list(Structure)))
def test_export_import_round_trip_property(seed: int, structure: Structure) -> None:
    rng = random.Random(seed)
    setup = oracle.random_setup(rng, options=HouseOptions())
    setup = TableSetup(**{**_fields(setup), "structure": structure})
    hand = oracle.play(rng, setup)
    (result,) = replay_text(export_hand(hand))
    assert result.error is None
    assert result.hand is not None
    assert result.hand.snapshot()["result"] == hand.snapshot()["result"]


class HouseHandHistory(pokerkit.HandHistory):  # type: ignore[misc]
    """pokerkit's reader with a game type for the house code ``PT`` (pot-limit Texas hold'em)."""

    game_types: ClassVar[dict[str, Any]] = {**pokerkit.HandHistory.game_types, "PT": oracle.PotLimitTexasHoldem}
    required_field_names: ClassVar[dict[str, Any]] = {
        **pokerkit.HandHistory.required_field_names,
        "PT": pokerkit.HandHistory.required_field_names["NT"],
    }


def test_rule_case_56_pokerkit_reads_our_export_and_finishes_with_the_same_stacks() -> None:
    rng = random.Random(5656)
    checked = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about cards not on top of its own shuffled deck
        for _ in range(150):
            hand = oracle.play(rng, oracle.random_setup(rng))
            history = HouseHandHistory.loads(export_hand(hand))
            final = list(history)[-1]
            order = oracle.player_order(hand.setup)
            expected = oracle.pokerkit_split(hand)["stacks"]
            assert list(final.stacks) == [expected[s] for s in order], export_hand(hand)
            checked += 1
    assert checked == 150


def test_a_bad_hand_in_a_phhs_is_reported_with_its_number_and_the_rest_replay() -> None:
    rng = random.Random(3)
    hands = [oracle.play(rng, oracle.random_setup(rng, options=HouseOptions())) for _ in range(4)]
    text = export_hands(hands)
    text = text.replace("[2]\n", "[2]\nthis is = not toml\n")
    third = text.index("[3]\n")
    text = text[:third] + text[third:].replace('"d dh p1', '"p1 cbr 1", "d dh p1', 1)
    results = replay_text(text)
    assert [r.number for r in results] == [1, 2, 3, 4]
    assert results[1].error is not None and "not valid TOML" in results[1].error
    assert results[2].error is not None and results[2].error.startswith("action 1 'p1 cbr 1'")
    assert results[0].ok and results[3].ok
    assert finished(results[3].hand) == finished(hands[3])  # type: ignore[arg-type]


def test_imports_decimal_amounts_unknown_cards_and_reads_winnings() -> None:
    text = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1.0, 0]
min_bet = 1.0
starting_stacks = [100.00, 80.25, 50.00]
actions = ["d dh p1 ????", "d dh p2 AhAd", "d dh p3 KsKc", "p3 cbr 3.5", "p1 f", "p2 cbr 12", "p3 cc",
           "d db 2c7d9h", "p2 cbr 20", "p3 cc", "d db Th", "p2 cc", "p3 cc", "d db 3s", "p2 cc", "p3 cc"]
finishing_stacks = [99.50, 112.75, 18.00]
winnings = [0, 64.5, 0]
"""
    (result,) = replay_text(text, exponent=2)
    assert result.error is None, result.error
    assert result.final_stacks() == [9950, 11275, 1800]
    assert result.warnings == ()
    wrong = text.replace("winnings = [0, 64.5, 0]", "winnings = [0, 60, 0]")
    (checked,) = replay_text(wrong, exponent=2)
    assert checked.warnings and "winnings" in checked.warnings[0]


def test_refuses_amounts_finer_than_the_minor_unit_and_other_variants() -> None:
    (result,) = replay_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n'
        "starting_stacks = [10.005, 10]\nactions = []\n",
        exponent=2,
    )
    assert result.error is not None and "not a whole number of minor units" in result.error
    (omaha,) = replay_text(
        'variant = "PO"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [100, 100]\nactions = []\n"
    )
    assert omaha.error is not None and "'PO' is not a Texas hold'em variant" in omaha.error


def test_club_poker_exports_as_five_card_draw_with_card_fees_and_the_tie() -> None:
    setup = TableSetup(
        game=Game.CLUB_POKER, structure=Structure.FIXED_LIMIT, seat_count=6, stacks={1: 100, 3: 100}, button=1, ante=5
    )
    hand = play(
        setup,
        Deal({1: parse_cards("AsKsQs2c3d"), 3: parse_cards("AhKhQh4c5d")}),
        check(3),
        check(1),
        Draw(3, parse_cards("4c5d"), parse_cards("Jh9c")),
        Draw(1),  # stands pat, so may still bet
        check(3),
        bet(1, 10),
        call(3),
        Show(1, parse_cards("AsKsQs2c3d")),
    )
    data = export_fields(hand)
    assert data["variant"] == "F5CD"
    assert data["_card_fee"] == 5 and data["_cards_bought"] == [2, 0]  # p1 is seat 3, left of the button
    assert "p1 sd 4c5d" in data["actions"] and "d dh p1 Jh9c" in data["actions"]
    tomllib.loads(export_hand(hand))  # valid TOML whatever the hand


def test_cli_json_prints_one_object_per_hand(tmp_path: Path) -> None:
    rng = random.Random(9)
    hands = [oracle.play(rng, oracle.random_setup(rng, options=HouseOptions())) for _ in range(3)]
    path = tmp_path / "hands.phhs"
    path.write_text(export_hands(hands).replace("[3]\n", '[3]\nvariant = "FB"\n'))
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 1
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["hand"] for line in lines] == ["1", "2", "3"]
    order = oracle.player_order(hands[0].setup)
    assert lines[0]["final_stacks"] == [hands[0].result.final_stacks[s] for s in order]  # type: ignore[union-attr]
    assert lines[0]["error"] is None and lines[0]["pots"]
    assert lines[2]["error"] is not None and lines[2]["final_stacks"] == []
    text = io.StringIO()
    main(["replay", str(path)], out=text)
    assert "hand 3: error:" in text.getvalue() and "hand 1: final stacks seat" in text.getvalue()


def test_imports_a_min_bet_other_than_the_big_blind_as_pokerkit_reads_it() -> None:
    # Blinds 1/2 with a minimum bet of 5: the smallest raise pre-flop is to 2 + 5, the smallest flop bet 5.
    text = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 5
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AhAd", "d dh p2 KsKc", "d dh p3 7c2d", "p3 cbr 7", "p1 cc", "p2 cc", "d db 2c7d9h",
           "p1 cbr 5", "p2 cc", "p3 f", "d db Th", "p1 cc", "p2 cc", "d db 3s", "p1 cc", "p2 cc",
           "p1 sm AhAd", "p2 sm KsKc"]
"""
    (result,) = replay_text(text)
    assert result.error is None, result.error
    assert result.hand is not None and result.hand.setup.min_bet == 5
    expected = list(list(pokerkit.HandHistory.loads(text))[-1].stacks)
    assert result.final_stacks() == expected == [119, 88, 93]
    (too_small,) = replay_text(text.replace('"p3 cbr 7"', '"p3 cbr 6"'))
    assert too_small.error is not None and "raise to 6 is below the minimum raise to 7" in too_small.error
    exported = tomllib.loads(export_hand(result.hand))
    assert exported["min_bet"] == 5
    (again,) = replay_text(export_hand(result.hand))
    assert again.final_stacks() == [119, 88, 93]


def test_an_out_of_turn_action_is_exported_where_it_took_effect() -> None:
    setup = holdem(stacks={2: 1000, 5: 1000, 7: 1000, 9: 1000})  # button 7: blinds 9 and 2, seat 5 first
    hand = play(
        setup,
        Deal({2: parse_cards("AsKd"), 5: parse_cards("QhQc"), 7: parse_cards("7c2d"), 9: parse_cards("3h3s")}),
        Action(9, ActionKind.FOLD, out_of_turn=True),  # the small blind folds before seats 5 and 7 acted
        call(5),
        fold(7),
        check(2),
        Board(parse_cards("2c7d9h")),
        bet(2, 10),
        fold(5),
    )
    assert [a.seat for a in hand.effective_actions] == [5, 7, 9, 2, 2, 5]
    data = export_fields(hand)
    actions = [line for line in data["actions"] if not line.startswith("d ")]
    assert actions == ["p3 cc", "p4 f", "p1 f", "p2 cc", "p2 cbr 10", "p3 f"]
    final = list(pokerkit.HandHistory.loads(export_hand(hand)))[-1]
    (again,) = replay_text(export_hand(hand))
    assert again.ok and list(final.stacks) == again.final_stacks()
