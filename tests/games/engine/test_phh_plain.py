"""The plain-hand replay (``games.engine.phh_plain``) against the engine's, hand by hand.

The command line replays plain hands without the engine; its output must be
the engine's to the byte. Every hand is replayed both ways: the real files
(``shared/corpora/phh``, beside the repository), the same hands changed at
random (an action left out, moved, turned into another, an amount off by a
chip) to reach refusals and corners, and random engine hands (all-ins, side
pots, split pots, showdowns) exported without the engine's own fields.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from games.engine import phh_import
from games.engine.phh import export_hands
from games.engine.phh_files import iter_replay_text, split_hands
from games.engine.phh_plain import _ENGINE_FIELDS
from games.engine.state import replay
from tests.games.engine import oracle

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpora" / "phh"
POKERSTARS = CORPUS / "ps_1000nl_.phh"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the shared corpora are not beside the repository ({CORPUS})"
)


def both_ways(text: str) -> tuple[int, int]:
    """Replay ``text`` for summaries (plain hands skip the engine) and through the engine; (plain, hands)."""
    quick = list(iter_replay_text(text, with_hands=False))
    full = list(iter_replay_text(text))
    assert len(quick) == len(full)
    for fast, engine in zip(quick, full, strict=True):
        assert engine.settled is None
        assert fast.to_dict() == engine.to_dict(), engine.name
        assert fast.ok == engine.ok
    return sum(r.settled is not None for r in quick), len(quick)


@needs_corpus
@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.phh")), ids=lambda path: path.name)
def test_every_hand_of_the_real_files_replays_the_same_both_ways(path: Path) -> None:
    both_ways(path.read_text(encoding="utf-8"))


@needs_corpus
def test_the_pokerstars_hands_are_plain_but_those_with_antes_or_a_blind_out_of_position() -> None:
    text = POKERSTARS.read_text(encoding="utf-8")
    found, total = both_ways(text)
    assert total == 1000 and found >= 990  # the fast path is what the benchmark measures


def _mutated(body: str, rng: random.Random) -> str:
    """The hand with one change to its actions."""
    match = re.search(r"^actions = \[(.*)\]$", body, re.MULTILINE)
    assert match is not None
    actions = match.group(1)[1:-1].split("', '")
    k = rng.randrange(len(actions))
    words = actions[k].split()
    change = rng.randrange(6)
    if change == 0:
        del actions[k]
    elif change == 1 and k + 1 < len(actions):
        actions[k], actions[k + 1] = actions[k + 1], actions[k]
    elif change == 2 and len(words) == 2 and words[1] in ("f", "cc"):
        actions[k] = f"{words[0]} {'cc' if words[1] == 'f' else 'f'}"
    elif change == 3 and len(words) == 3 and words[1] == "cbr":
        amount = int(float(words[2]) * 100) + rng.choice((-1, 1))
        actions[k] = f"{words[0]} cbr {amount / 100:.2f}"
    elif change == 4:
        seat = rng.randrange(1, 7)
        actions.insert(k, rng.choice((f"p{seat} sm", f"p{seat} sm ????", f"p{seat} sm AsAd", f"p{seat} f")))
    else:
        del actions[k:]
    listed = ", ".join(f"'{a}'" for a in actions)
    return body[: match.start(1)] + listed + body[match.end(1) :]


@needs_corpus
def test_real_hands_changed_at_random_replay_the_same_both_ways() -> None:
    rng = random.Random(2024)
    bodies = [body for _, body in split_hands(POKERSTARS.read_text(encoding="utf-8"))]
    text = "".join(f"[{k}]\n{_mutated(body, rng)}\n" for k, body in enumerate(bodies * 3, start=1))
    found, total = both_ways(text)
    assert found > total // 6  # many changed hands stay plain and replay


def _without_engine_fields(text: str) -> str:
    """An export as another program writes it: no ``_`` field (seats, button and options are then PHH's)."""
    return "\n".join(line for line in text.split("\n") if not line.startswith("_"))


@pytest.mark.parametrize("exponent", [0, 2])
def test_random_engine_hands_replay_the_same_both_ways(exponent: int) -> None:
    rng = random.Random(7 + exponent)
    hands = []
    for _ in range(1500):
        recorded = oracle.record(rng)
        hands.append(replay(recorded.setup, recorded.events))
    found, total = both_ways(_without_engine_fields(export_hands(hands, exponent=exponent)))
    assert total == 1500 and found > 300  # showdowns, all-ins and side pots among them


def test_a_hand_with_the_engines_own_fields_goes_to_the_engine() -> None:
    recorded = oracle.record(random.Random(3))
    (result,) = iter_replay_text(export_hands([replay(recorded.setup, recorded.events)]), with_hands=False)
    assert result.settled is None and result.hand is not None


def test_every_engine_field_the_importer_reads_sends_a_hand_to_the_engine() -> None:
    """A field added to the importer must be added to the plain replay's refusals, or read only beside one."""
    source = Path(phh_import.__file__).read_text(encoding="utf-8")
    read = set(re.findall(r'"(_[a-z_]+)"', source))
    beside = {"_small_blind_seat", "_fee_cap", "_fee_caps_by_players", "_fee_min_pot", "_fee_no_flop_no_drop"}
    beside |= {"_fee_allocation"}  # read only when ``_big_blind_seat`` or ``_fee_rate`` is there
    assert read - beside == set(_ENGINE_FIELDS)
