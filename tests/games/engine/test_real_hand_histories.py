"""Real hand histories (``shared/corpora/phh``, beside the repository) replayed as they are written.

Every in-scope hand must end on pokerkit's final stacks; the hands a room's
engine must refuse are refused hand by hand with a stable code. pokerkit
reads decimal amounts as ``Decimal`` and splits a pot with ``divmod``, which
on a ``Decimal`` (or on a pot that happens to be whole dollars) gives whole
units to each winner and the rest to the first: a $119 pot split in two is
$60 and $59. Its hand history takes the split function as ``divmod``, so the
comparison hands it one that splits to the file's minor unit, as a cash
table does; the rest of the reading is pokerkit's own ``HandHistory.loads``.
"""

from __future__ import annotations

import io
import json
import tomllib
import warnings
from collections.abc import Callable
from decimal import ROUND_DOWN, Decimal
from functools import cache
from pathlib import Path

import pokerkit
import pytest

from games.engine.cli import main
from games.engine.phh import loads_hand, loads_simple_hand, to_units
from games.engine.phh_import import ReplayResult, replay_file, split_hands
from games.engine.setup import HouseOptions

# The CI clones the repository next to a copy of shared/: <repo>/../shared/corpora/phh.
CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpora" / "phh"
POKERSTARS = CORPUS / "ps_1000nl_.phh"
IPOKER = CORPUS / "ipn_1000nl_.phh"
HOLDEM_FAMOUS = CORPUS / "dwan-ivey-2009.phh"
OTHER_VARIANTS = {
    "antonius-blom-2009.phh": "PO",
    "phua-xuan-2019.phh": "NS",
    "arieh-yockey-2019.phh": "F2L3D",
    "alice-carol-wikipedia.phh": "FB",
}

pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the shared corpora of real hand histories are not beside the repository ({CORPUS})"
)


def split_to(unit: Decimal) -> Callable[[int | Decimal, int], tuple[Decimal, Decimal]]:
    """A ``divmod`` for pokerkit that splits a pot to ``unit`` (a cent), the rest to the first winner."""

    def split(amount: int | Decimal, parts: int) -> tuple[Decimal, Decimal]:
        share = (Decimal(amount) / parts).quantize(unit, rounding=ROUND_DOWN)
        return share, amount - share * parts

    return split


def pokerkit_final_stacks(body: str, exponent: int) -> list[int]:
    """pokerkit's final stacks of one hand, in minor units."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about the fields it does not know and the cards it deals
        history = pokerkit.HandHistory.loads(body, divmod=split_to(Decimal(1).scaleb(-exponent)))
        final = list(history)[-1]
    return [to_units(Decimal(stack), exponent, what="pokerkit's stack") for stack in final.stacks]


@cache
def replayed(path: Path) -> tuple[tuple[ReplayResult, str], ...]:
    """Each hand of a file replayed with pokerkit's chip rules, beside the hand's text."""
    results = replay_file(path, options=HouseOptions.as_pokerkit())
    bodies = [body for _, body in split_hands(path.read_text(encoding="utf-8"))]
    return tuple(zip(results, bodies, strict=True))


def test_every_pokerstars_hand_replays_and_ends_on_pokerkits_final_stacks() -> None:
    hands = replayed(POKERSTARS)
    assert len(hands) == 1000
    assert [(r.name, r.error) for r, _ in hands if not r.ok] == []
    assert {r.exponent for r, _ in hands} == {2}  # cents, read from the file's decimals (623.75)
    differ = [r.name for r, body in hands if r.final_stacks() != pokerkit_final_stacks(body, r.exponent)]
    assert differ == []


def test_the_pokerstars_file_holds_what_the_importer_must_read() -> None:
    """The file's hard cases are still there, so the test above covers them."""
    fields = [loads_hand(body) for _, body in replayed(POKERSTARS)]
    assert any(b < 0 for data in fields for b in data["blinds_or_straddles"])  # blinds posted out of position
    assert any("sm ????" in a for data in fields for a in data["actions"])  # hands kept face down (mucked)
    assert any(data["ante_trimming_status"] is False for data in fields)


def test_the_famous_holdem_hand_ends_on_pokerkits_final_stacks() -> None:
    ((result, body),) = replayed(HOLDEM_FAMOUS)
    assert result.ok, result.error
    assert result.final_stacks() == pokerkit_final_stacks(body, result.exponent) == [572100, 1997500, 1109500]


def test_every_ipoker_hand_is_refused_for_its_unknown_stacks() -> None:
    hands = replayed(IPOKER)
    assert len(hands) == 992
    assert {r.code for r, _ in hands} == {"unknown_stacks"}
    assert all(r.error is not None and "inf" in r.error and r.final_stacks() == [] for r, _ in hands)


@pytest.mark.parametrize(("name", "variant"), sorted(OTHER_VARIANTS.items()))
def test_the_other_famous_hands_are_refused_as_other_variants(name: str, variant: str) -> None:
    ((result, _),) = replayed(CORPUS / name)
    assert result.code == "unsupported_variant"
    assert result.error is not None and repr(variant) in result.error


def test_the_fast_reader_gives_tomllibs_fields_for_every_hand_of_the_corpus() -> None:
    checked = 0
    for path in sorted(CORPUS.glob("*.phh")):
        for _, body in split_hands(path.read_text(encoding="utf-8")):
            expected = tomllib.loads(body, parse_float=Decimal)
            fields = loads_hand(body)
            assert fields == expected and repr(fields) == repr(expected)  # repr: Decimal stays Decimal, int int
            checked += 1
    assert checked == 1000 + 992 + 5


def test_the_fast_reader_reads_every_site_hand_itself() -> None:
    """The site files are in the subset it reads (the commented famous hands go to tomllib)."""
    for path in (POKERSTARS, IPOKER):
        bodies = [body for _, body in split_hands(path.read_text(encoding="utf-8"))]
        assert all(loads_simple_hand(body) is not None for body in bodies)


def test_cli_json_carries_the_error_code_and_the_files_exponent() -> None:
    out = io.StringIO()
    assert main(["replay", str(HOLDEM_FAMOUS), str(IPOKER), str(CORPUS / "phua-xuan-2019.phh"), "--json"], out=out) == 1
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 1 + 992 + 1
    assert lines[0]["code"] is None and lines[0]["error"] is None and lines[0]["exponent"] == 0
    assert {line["code"] for line in lines[1:-1]} == {"unknown_stacks"}
    assert lines[-1]["code"] == "unsupported_variant"
    cents = io.StringIO()
    assert main(["replay", str(POKERSTARS), "--json"], out=cents) == 0
    first = json.loads(cents.getvalue().splitlines()[0])
    assert first["exponent"] == 2 and first["code"] is None
    assert first["final_stacks"][1] == 109855  # seat 6 started with 623.75 and won the pot
