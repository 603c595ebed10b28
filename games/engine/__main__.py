"""``python -m games.engine``: see ``games.engine.cli``."""

import os
import sys

from games.engine.cli import main


def _run() -> int:
    # Into a pipe, a replay's lines went out 8 KiB at a time (stdout's buffer) and the system calls
    # took a visible share of the command's CPU time (bench/README.md); 64 KiB writes cost a fraction
    # of that. A terminal keeps
    # the line-buffered stdout, so a person reads each hand as it is replayed.
    if sys.stdout.isatty():
        return main()
    stdout = sys.stdout
    with open(
        stdout.fileno(), "w", encoding=stdout.encoding, errors=stdout.errors, buffering=1 << 16, closefd=False
    ) as out:
        return main(out=out)


try:
    status = _run()
except BrokenPipeError:
    # The reader stopped early (``| head``): not an error of the replay. Python's documented way out:
    # point stdout at devnull so the interpreter's final flush does not raise again.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 0
raise SystemExit(status)
