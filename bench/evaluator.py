"""Hand evaluations per second: our interface vs eval7, phevaluator, treys and pokerkit.

    .venv/bin/python -m bench.evaluator [--hands 1000000] [--seed 2024] [--repeat 3]

Every contender gets the same random hands (the 5-card hands are the first
five cards of the 7-card ones), each in its own native card form converted
before the clock starts. treys and pokerkit are pure Python and evaluate only
the first ``--slow-hands`` of them; their rates are per second like the
others, so the figures compare directly. Each rate is the best of
``--repeat`` runs (one run for the slow ones).

The bare C loop row is phevaluator's private C function mapped over the
hands with no range check and phevaluator's lower-is-stronger ranks: the floor
under any Python interface, shown for reference.

Agreement: for every contender, the hands it evaluated are checked to be in
exactly the same order (same ties, same strict order) as our values; our
order against phevaluator's public API covers every hand.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import starmap
from typing import Any

import eval7
import pokerkit
import treys
from phevaluator import _pheval
from phevaluator.evaluator import evaluate_cards

from games.engine.cards import card_str
from games.engine.evaluator import evaluate, evaluate_many

# phevaluator's private C function in a C loop, no checks, ranks not flipped:
# the floor under any Python interface, shown for reference, not a contender.
BARE = "(phevaluator bare C loop)"


@dataclass
class Row:
    name: str
    size: int
    hands: int
    rate: float
    agrees: str


def same_order(ours: Sequence[int], theirs: Sequence[Any], *, higher_is_stronger: bool) -> bool:
    """True when both value lists rank the hands identically (ties included)."""
    mapping: dict[int, Any] = {}
    for a, b in zip(ours, theirs, strict=True):
        if mapping.setdefault(a, b) != b:
            return False  # one of our values maps to two of theirs: we tie what they separate
    keys = sorted(mapping)
    values = [mapping[k] for k in keys]
    if not higher_is_stronger:
        values.reverse()
    # Strictly increasing also catches two of our values mapping to one of theirs.
    return all(x < y for x, y in itertools.pairwise(values))


def timed(run: Callable[[], list[Any]], repeat: int) -> tuple[float, list[Any]]:
    best = float("inf")
    result: list[Any] = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def contenders(hands: list[tuple[int, ...]], slow: int) -> list[tuple[str, int, Callable[[], list[Any]], bool]]:
    """(name, hands evaluated, the timed run, higher is stronger) for one hand size."""
    size = len(hands[0])
    e7_cards = [eval7.Card(card_str(c)) for c in range(52)]
    e7_hands = [[e7_cards[c] for c in h] for h in hands]
    tr_cards = [treys.Card.new(card_str(c)) for c in range(52)]
    tr_hands = [[tr_cards[c] for c in h] for h in hands[:slow]]
    tr_eval = treys.Evaluator()
    pk_cards = [next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(52)]
    pk_hands = [[pk_cards[c] for c in h] for h in hands[:slow]]
    raw = {5: _pheval.evaluate_5cards, 7: _pheval.evaluate_7cards}[size]
    pk_hand = pokerkit.StandardHighHand
    e7_evaluate = eval7.evaluate
    return [
        ("ours: evaluate(cards)", len(hands), lambda: [evaluate(h) for h in hands], True),
        ("ours: evaluate_many(hands)", len(hands), lambda: evaluate_many(hands), True),
        ("phevaluator evaluate_cards", len(hands), lambda: [evaluate_cards(*h) for h in hands], False),
        (BARE, len(hands), lambda: list(starmap(raw, hands)), False),
        ("eval7 evaluate", len(hands), lambda: [e7_evaluate(h) for h in e7_hands], True),
        ("treys Evaluator.evaluate", slow, lambda: [tr_eval.evaluate(h, []) for h in tr_hands], False),
        ("pokerkit StandardHighHand", slow, lambda: [pk_hand.from_game(h).entry.index for h in pk_hands], True),
    ]


def bench_size(hands: list[tuple[int, ...]], slow: int, repeat: int) -> list[Row]:
    ours = evaluate_many(hands)
    rows = []
    for name, count, run, higher in contenders(hands, slow):
        seconds, values = timed(run, repeat if count == len(hands) else 1)
        agrees = same_order(ours[:count], values, higher_is_stronger=higher)
        rows.append(Row(name, len(hands[0]), count, count / seconds, "yes" if agrees else "NO"))
    return rows


def print_table(rows: list[Row]) -> None:
    header = (
        f"{'cards':>5}  {'evaluator':<30}{'hands':>11}{'evals/s':>13}{'vs fastest lib':>16}{'vs bare C':>11}  order"
    )
    print(header)
    print("-" * len(header))
    for size in sorted({r.size for r in rows}, reverse=True):
        group = [r for r in rows if r.size == size]
        fastest = max(r.rate for r in group if not r.name.startswith(("ours", BARE)))
        bare = next(r.rate for r in group if r.name == BARE)
        for r in group:
            print(
                f"{r.size:>5}  {r.name:<30}{r.hands:>11,}{r.rate:>13,.0f}"
                f"{r.rate / fastest:>15.2f}x{r.rate / bare:>10.2f}x  {r.agrees}"
            )
        print()
    print("vs fastest lib: against the fastest public API of eval7, phevaluator, treys, pokerkit.")
    print("order: the same ranking (ties included) as our values on the hands it evaluated.")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--slow-hands", type=int, default=20_000, help="hands for treys and pokerkit")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deck = list(range(52))
    sevens = [tuple(rng.sample(deck, 7)) for _ in range(args.hands)]
    fives = [h[:5] for h in sevens]
    slow = min(args.slow_hands, args.hands)
    print(f"{args.hands:,} random hands (seed {args.seed}); treys and pokerkit on the first {slow:,}\n")
    print_table(bench_size(sevens, slow, args.repeat) + bench_size(fives, slow, args.repeat))


if __name__ == "__main__":
    main()
