"""``python -m games.engine``: see ``games.engine.cli``."""

import os
import sys

from games.engine.cli import main

try:
    status = main()
except BrokenPipeError:
    # The reader stopped early (``| head``): not an error of the replay. Python's documented way out:
    # point stdout at devnull so the interpreter's final flush does not raise again.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 0
raise SystemExit(status)
