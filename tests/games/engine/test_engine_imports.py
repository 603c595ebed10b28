"""The engine is plain Python: importing it loads no Django and no other app."""

from __future__ import annotations

import subprocess
import sys

from tests.games.engine.helpers import holdem


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys, games.engine, games.engine.button;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'rest_framework', 'celery'}"
        " or m in {'games.models', 'games.services', 'rake.models', 'rake.services'});"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_short_handed_and_full_ring_tables():
    assert holdem([100] * 2, seat_count=6).table_kind == "short_handed"
    assert holdem([100] * 2, seat_count=9).table_kind == "full_ring"
