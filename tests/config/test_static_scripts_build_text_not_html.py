"""The room's own scripts put data on pages as text and elements, never as HTML to parse or code to evaluate.

The Content Security Policy stops inline code, but not markup a script writes itself: an <img> built from a
player's name still loads, and a form built so still posts. So no script of the room writes HTML.
"""

from __future__ import annotations

import re

from tests.conftest import ROOT

FIRST_PARTY = ("config", "tables", "games", "cashier", "rake", "audit")
PARSES = re.compile(r"\.innerHTML\b|\.outerHTML\b|\binsertAdjacentHTML\b|\bdocument\.write|\beval\(|\bnew Function\b")


def test_no_script_of_the_room_writes_html_or_evaluates_strings() -> None:
    scripts = [path for app in FIRST_PARTY for path in (ROOT / app / "static").rglob("*.js")]
    assert ROOT / "games" / "static" / "games" / "dealer.js" in scripts
    found = {
        f"{path.relative_to(ROOT)}:{number}": line.strip()
        for path in scripts
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if PARSES.search(line)
    }
    assert found == {}
