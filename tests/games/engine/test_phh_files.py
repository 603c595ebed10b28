"""Finding a ``.phhs`` file's hand headers at line starts only, against the plain ``finditer`` of ``_HEADER``."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine.phh_files import _HEADER, _headers

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpora" / "phh"
TRICKY = [
    "",
    "\n",
    "[1]\nx = 1",
    "\n[1]\na = 1\n\n\n  [2]  # two\nb = 2",
    "  [a]\n[b]\n",
    "[1]\n[2]\n[3]",
    "# a comment\n\n[x]\n",
    "a=[1]\n[2]",
    "\n\n\n[1]",
    "[1]\r\n\r\n[2]\r\n",
    "\t[1]\n \n\t [2]",
    "['x']\na = 1\n[\"y\"]\n",
    "x\n[1]",
    "[1] [2]\n[[3]]\n[4\n]",
]


def finditer(text: str) -> list[tuple[int, int, str]]:
    return [(match.start(), match.end(), match.group(1)) for match in _HEADER.finditer(text)]


@pytest.mark.parametrize("text", TRICKY)
def test_headers_are_found_where_finditer_finds_them(text: str) -> None:
    assert _headers(text) == finditer(text)


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the shared corpora are not beside the repository ({CORPUS})")
def test_headers_of_the_real_files_are_found_where_finditer_finds_them() -> None:
    for path in sorted(CORPUS.glob("*.phh")):
        text = path.read_text(encoding="utf-8")
        assert _headers(text) == finditer(text), path.name
