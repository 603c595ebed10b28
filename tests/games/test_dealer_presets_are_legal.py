"""The dealer's screen offers only legal bet and raise presets: in every betting turn of random hands, no limit,
pot limit and fixed limit, with stacks off the chip unit, the engine takes each preset the state offers."""

from __future__ import annotations

import random

import pytest

from games.engine import Action, ActionKind, Structure
from games.models import Hand as HandRow
from games.services.state import state_payload
from tests.games.engine.helpers import RandomPlayer, holdem, random_hand


@pytest.mark.parametrize("structure", [Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT])
def test_every_preset_offered_is_a_bet_the_engine_takes(structure: Structure) -> None:
    rng = random.Random(structure.value)
    row = HandRow(pk=1, table_id=1, number=1, revision=1, status="open")
    offered = 0
    for _ in range(60):
        stacks = {seat: rng.randint(4, 400) * 5 for seat in range(1, rng.randint(2, 6) + 1)}
        setup = holdem(stacks, blinds=(25, 50), structure=structure, chip_unit=25, button=rng.choice(list(stacks)))
        for state in random_hand(setup, RandomPlayer(rng)):
            legal = state_payload(row, state)["legal"]
            if legal is None or legal["presets"] is None:
                continue
            kind = ActionKind(legal["raise_kind"])
            for name, to in legal["presets"].items():
                assert legal["min_to"] <= to <= legal["max_to"], (name, to, legal)
                state.apply(Action(legal["seat"], kind, to))  # refused: an EngineError fails the test
                offered += 1
    assert offered > 500
