"""``python -m games.engine replay FILE... [--json]``: replay PHH files through the engine.

Per hand: the final stacks (in the file's player order), the pots with their
winners, shares and fees, or the error that stopped the hand with its stable
code. Amounts are minor units: the file's amounts times ``10**exponent``, the
exponent being the most decimal places the file's amounts are written with
unless ``--exponent`` sets it. ``--json`` prints one object per hand per line
for other tools, as each hand is replayed. The exit status is 1 when any
hand failed, so a script can check a whole directory.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TextIO

from games.engine.phh_files import ReplayResult, iter_replay_text

if TYPE_CHECKING:
    from games.engine.setup import HouseOptions


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games.engine", description="The poker engine's tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay .phh/.phhs hand histories")
    replay.add_argument("files", nargs="+", metavar="FILE")
    replay.add_argument("--json", action="store_true", help="one JSON object per hand per line")
    replay.add_argument(
        "--exponent",
        type=int,
        default=None,
        help="decimal places of the minor unit (2: 12.50 is 1250); default: the most the file's amounts have",
    )
    replay.add_argument(
        "--pokerkit-rules",
        action="store_true",
        help="replay with the house options that move chips as pokerkit does (for files recorded by pokerkit)",
    )
    return parser


def _text(path: str, result: ReplayResult, out: TextIO) -> None:
    head = f"{path} hand {result.number}" + (f" ({result.name})" if result.name != str(result.number) else "")
    if result.error is not None:
        print(f"{head}: error: {result.error} (code {result.code})", file=out)
        return
    stacks = ", ".join(f"seat {s} {c}" for s, c in zip(result.seats, result.final_stacks(), strict=True))
    print(f"{head}: final stacks {stacks}", file=out)
    for k, pot in enumerate(result.pots(), start=1):
        paid = ", ".join(f"seat {s} {x}" for s, x in zip(pot["winners"], pot["shares"], strict=False))
        state = "carried to a replay" if pot["carried"] else paid
        print(f"  pot {k}: {pot['amount']} -> {state} (fee {pot['fee']})", file=out)
    for warning in result.warnings:
        print(f"  warning: {warning}", file=out)


# The lines hold plain dicts and lists built here: no cycle to look for.
_JSON = json.JSONEncoder(check_circular=False)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = _parser().parse_args(argv)
    options: HouseOptions | None = None
    if args.pokerkit_rules:
        from games.engine.setup import HouseOptions  # here: plain hands replay without the engine's modules

        options = HouseOptions.as_pokerkit()
    failed = False
    for path in args.files:
        try:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else f"not UTF-8 text ({error.reason})"
            results: Iterable[ReplayResult] = [
                ReplayResult(1, path, error=f"cannot read the file: {reason}", code="unreadable_file")
            ]
        else:
            results = iter_replay_text(text, exponent=args.exponent, options=options, with_hands=False)
        for result in results:
            failed = failed or not result.ok
            if args.json:
                out.write(_JSON.encode({"file": path, **result.to_dict()}) + "\n")
            else:
                _text(path, result, out)
    return 1 if failed else 0
