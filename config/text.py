"""Text as the room's searches compare it: one folding rule for every database.

SQLite's LIKE folds only ASCII letters and PostgreSQL's UPPER() keeps accents, so neither finds
"Butkutė" for "butkute" or "ŽUKAUSKAS" for "žukau". A search instead compares text folded here, in
Python, on both sides: the column a service writes beside the text (``tables.Player.search_key``,
filled for older rows by its migration) and the words typed.
"""

from __future__ import annotations

import unicodedata


def folded(text: str) -> str:
    """Case folded and accents stripped: "Žukauskas", "ŽUKAUSKAS" and "zukauskas" all read "zukauskas";
    Armenian capitals read as small letters, and compatibility forms (ligatures, full-width digits)
    as their plain letters."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


def search_key(*parts: str) -> str:
    """The folded words of ``parts``, one space between parts, so that a word typed without spaces
    matches within one part only."""
    return " ".join(folded(part) for part in parts if part)
