"""Hold'em hands per second: our engine vs pokerkit on the same recorded hands, and PHH import.

    .venv/bin/python -m bench.engine [--hands 10000] [--seed 2024] [--profile]

The hands are generated once (random legal no-limit, pot-limit and
fixed-limit hands of 2 to 10 players, all-ins included; see
``tests/games/engine/oracle.py``) and recorded as events; the clock then
covers only replaying them: ``Hand.start`` plus every event for the engine,
state creation plus every operation for pokerkit (its automations post,
collect, show and push as the engine does). The pokerkit results are checked
against the engine's, so both did the same work. PHH import is the time to
parse and replay the same hands exported as one ``.phhs`` text.

Rates and the ratio are of CPU time (``time.process_time``): on a shared
2-core machine a process often gets half a core, and wall time then
measures the neighbours more than the engine (one run saw 0.72 s of CPU
take 1.37 s of wall time). Wall time is printed alongside.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
import warnings
from collections.abc import Sequence

import pokerkit

from games.engine.phh import export_hands
from games.engine.phh_import import replay_text
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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="print the engine replay's hot spots")
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
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(lambda: [replay(r.setup, r.events) for r in recorded])
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
