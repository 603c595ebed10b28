"""A length of time reads "18 s", "4 min" or "1 h 5 min" in the reader's language, never as Python's
"0:04:12.345678" (the pages' waits: tests/tables/test_waitlists_page_says_its_waits_in_minutes.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import translation

from config.durations import format_duration

NBSP = "\N{NO-BREAK SPACE}"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["0 s", "18 s", "1 min", "4 min", "59 min", "1 h", "1 h 5 min", "25 h 1 min"]),
        ("hy", ["0 վրկ", "18 վրկ", "1 րոպե", "4 րոպե", "59 րոպե", "1 ժամ", "1 ժամ 5 րոպե", "25 ժամ 1 րոպե"]),
        ("lt", ["0 s", "18 s", "1 min", "4 min", "59 min", "1 val.", "1 val. 5 min", "25 val. 1 min"]),
    ],
)
def test_a_length_of_time_in_words(language: str, words: list[str]) -> None:
    lengths = [
        timedelta(seconds=-1),  # a clock set back: never "-1 s"
        timedelta(seconds=18, microseconds=400_000),
        timedelta(seconds=59, microseconds=600_000),  # rounds to a minute, not "60 s"
        timedelta(minutes=4, seconds=12),
        timedelta(minutes=59, seconds=29),
        timedelta(minutes=59, seconds=30),
        timedelta(hours=1, minutes=5),
        timedelta(days=1, minutes=61),
    ]
    with translation.override(language):
        assert [format_duration(length) for length in lengths] == [w.replace(" ", NBSP) for w in words]
