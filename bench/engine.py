"""Hold'em hands per second: our engine vs pokerkit on the same recorded hands, and PHH import.

    .venv/bin/python -m bench.engine [--hands 10000] [--seed 2024] [--profile] [--real-hands 10000]

The hands are generated once (random legal no-limit, pot-limit and
fixed-limit hands of 2 to 10 players, all-ins included; see
``tests/games/engine/oracle.py``) and recorded as events; the clock then
covers only replaying them: ``Hand.start`` plus every event for the engine,
state creation plus every operation for pokerkit (its automations post,
collect, show and push as the engine does). The pokerkit results are checked
against the engine's, so both did the same work. PHH import is the time to
parse and replay the same hands exported as one ``.phhs`` text.

Real hand histories: ``--real-hands`` hands of the public PokerStars file
(``shared/corpora/phh/ps_1000nl_.phh`` beside the repository, its 1,000
hands again and again under headers of their own, in a temporary file),
replayed from outside as a user does: ``python -m games.engine replay FILE
--json`` against a pokerkit process that loads the same file with
``HandHistory.load_all`` and plays every hand to its end. Both are timed as
child processes (their CPU time from ``getrusage``), so interpreter start,
imports and parsing count on both sides.

Rates and the ratio are of CPU time (``time.process_time``): on a shared
2-core machine a process often gets half a core, and wall time then
measures the neighbours more than the engine (README.md here). Wall time is
printed alongside.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import resource
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Sequence
from pathlib import Path

import pokerkit

from games.engine.phh import export_hands
from games.engine.phh_import import replay_text, split_hands
from games.engine.state import Hand, replay
from tests.games.engine import oracle


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:>12,.0f}"


class _Clock:
    """CPU and wall seconds of one timed block."""

    def __enter__(self) -> _Clock:
        self.cpu, self.wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu, self.wall = time.process_time() - self.cpu, time.perf_counter() - self.wall


def _pokerkit(recorded: oracle.Recorded) -> pokerkit.State | None:
    """pokerkit's end of the hand, or None where it refuses an action the engine took.

    Known case: a player who acted before two short all-ins that add up to a
    full raise (R4 reopens the betting to him) and a third short all-in after
    them; pokerkit counts only the all-ins since the last reopening
    (``test_rule_case_r4_cumulative_short_all_ins_reopen_even_after_a_third_short_all_in``).
    """
    try:
        return oracle.pokerkit_replay(recorded)
    except ValueError:
        return None


REPOSITORY = Path(__file__).resolve().parents[1]
REAL_FILE = REPOSITORY.parent / "shared" / "corpora" / "phh" / "ps_1000nl_.phh"
# pokerkit's own way through a file: every hand loaded by HandHistory and played to its last state.
POKERKIT_REPLAY = """
import sys, warnings
warnings.simplefilter("ignore")
from pokerkit import HandHistory
with open(sys.argv[1], "rb") as file:
    for history in HandHistory.load_all(file):
        for state in history:
            pass
"""


class _Child:
    """CPU (user + system, from ``getrusage``) and wall seconds of one child process, and its output."""

    def __init__(self, argv: list[str]) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        self.stdout = subprocess.run(argv, cwd=REPOSITORY, check=False, capture_output=True, text=True).stdout
        self.wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _real_file(hands: int, directory: Path) -> Path:
    """``hands`` real hands: the PokerStars file's, again and again, each under a header of its own."""
    bodies = [body.strip() for _, body in split_hands(REAL_FILE.read_text(encoding="utf-8"))]
    path = directory / "real.phhs"
    with path.open("w", encoding="utf-8") as out:
        for k in range(hands):
            out.write(f"[{k + 1}]\n{bodies[k % len(bodies)]}\n\n")
    return path


def real_files(hands: int) -> None:
    """The command line against pokerkit on real hand histories (the module's docstring)."""
    if not REAL_FILE.is_file():
        print(f"\nreal hand histories: {REAL_FILE} is absent, skipped")
        return
    with tempfile.TemporaryDirectory() as directory:
        path = _real_file(hands, Path(directory))
        ours = _Child([sys.executable, "-m", "games.engine", "replay", str(path), "--json"])
        theirs = _Child([sys.executable, "-c", POKERKIT_REPLAY, str(path)])
    replayed = sum(json.loads(line)["error"] is None for line in ours.stdout.splitlines())
    print(f"\n{hands:,} real PokerStars hands ({REAL_FILE.name}, its hands repeated), each side one process\n")
    print(f"{'replay, parsing included':<36}{'hands':>9}{'cpu s':>9}{'wall s':>9}{'hands/s':>12}{'vs pokerkit':>14}")
    print("-" * 89)
    for name, child in (("python -m games.engine replay --json", ours), ("pokerkit HandHistory load+replay", theirs)):
        ratio = theirs.cpu / child.cpu
        print(f"{name:<36}{hands:>9,}{child.cpu:>9.2f}{child.wall:>9.2f}{_rate(hands, child.cpu)}{ratio:>13.1f}x")
    print(f"\n{replayed:,} of {hands:,} real hands replayed; goal: at least 10x pokerkit in CPU time")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="print the engine replay's hot spots")
    parser.add_argument("--real-hands", type=int, default=10_000, help="real hands for the command line (0: none)")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # pokerkit warns about cards not on top of its own shuffled deck
    rng = random.Random(args.seed)
    recorded = [oracle.record(rng) for _ in range(args.hands)]

    with _Clock() as engine:
        ours: list[Hand] = [replay(r.setup, r.events) for r in recorded]
    with _Clock() as theirs:
        states = [_pokerkit(r) for r in recorded]
    refused = sum(s is None for s in states)
    agree = sum(s is not None and oracle.same_outcome(h, s) for h, s in zip(ours, states, strict=True))

    text = export_hands(ours)
    with _Clock() as phh:
        imported = replay_text(text)
    imported_ok = sum(r.ok for r in imported)

    n = args.hands
    print(f"{n:,} recorded Hold'em hands (seed {args.seed}); pokerkit agrees on {agree:,}, refuses {refused:,}\n")
    print(f"{'replay':<28}{'hands':>9}{'cpu s':>9}{'wall s':>9}{'hands/s':>12}{'vs pokerkit':>14}")
    print("-" * 81)
    for name, clock in (("our engine", engine), ("pokerkit 0.7.7", theirs), ("PHH import (parse+replay)", phh)):
        ratio = theirs.cpu / clock.cpu
        print(f"{name:<28}{n:>9,}{clock.cpu:>9.2f}{clock.wall:>9.2f}{_rate(n, clock.cpu)}{ratio:>13.1f}x")
    print(f"\n{imported_ok:,} of {n:,} imported hands replayed; goal: our engine at least 10x pokerkit")
    if args.real_hands:
        real_files(args.real_hands)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(lambda: [replay(r.setup, r.events) for r in recorded])
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
