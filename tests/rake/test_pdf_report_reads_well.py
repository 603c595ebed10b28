"""The PDF fee report: amounts with thousands separators, and a title that names its range in words."""

from __future__ import annotations

import base64
import re
import zlib
from datetime import date, timedelta

import pytest

from config.gaming_day import current_gaming_day
from games.services.hand_fees import hand_fees_post
from rake.selectors import ReportFilters
from rake.services.exporters import period_title, write_pdf

MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip


def pdf_text(data: bytes) -> str:
    """The text the PDF draws, line by line: the strings of its Tj and TJ operators, in the standard
    fonts' WinAnsi encoding, from each content stream (decoded as its /Filter says: ASCII85, Flate)."""
    assert data.startswith(b"%PDF")
    lines = []
    for head, raw in re.findall(rb"<<((?:(?!>>\s*stream).)*?)>>\s*stream\r?\n(.*?)endstream", data, re.S):
        content = raw.strip()
        if b"/ASCII85Decode" in head:
            content = base64.a85decode(content.removesuffix(b"~>"))
        if b"/FlateDecode" in head:
            content = zlib.decompress(content)
        for operand in re.findall(rb"(\((?:\\.|[^\\)])*\)|\[[^\]]*\])\s*T[jJ]", content, re.S):
            parts = re.findall(rb"\(((?:\\.|[^\\)])*)\)", operand)
            lines.append("".join(_unescape(p).decode("cp1252") for p in parts))
    return "\n".join(lines)


def _unescape(text: bytes) -> bytes:
    def one(match: re.Match[bytes]) -> bytes:
        body = match.group(1)
        if body[:1].isdigit():
            return bytes([int(body, 8)])
        return {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}.get(body, body)

    return re.sub(rb"\\([0-7]{1,3}|.)", one, text, flags=re.S)


@pytest.mark.parametrize(
    ("day_from", "day_to", "title"),
    [
        (date(2026, 12, 7), date(2026, 12, 7), "7 December 2026"),
        (date(2026, 12, 1), date(2026, 12, 7), "1–7 December 2026"),
        (date(2026, 11, 28), date(2026, 12, 7), "28 November – 7 December 2026"),
        (date(2026, 12, 28), date(2027, 1, 3), "28 December 2026 – 3 January 2027"),
    ],
)
def test_the_title_names_the_range(day_from: date, day_to: date, title: str) -> None:
    assert period_title(day_from, day_to) == title


def _expected_title(start: date, end: date) -> str:
    if start == end:
        return f"Fees {end.day} {MONTHS[end.month - 1]} {end.year}"
    if start.month == end.month:
        return f"Fees {start.day}–{end.day} {MONTHS[end.month - 1]} {end.year}"
    if start.year == end.year:
        return f"Fees {start.day} {MONTHS[start.month - 1]} – {end.day} {MONTHS[end.month - 1]} {end.year}"
    return f"Fees {start.day} {MONTHS[start.month - 1]} {start.year} – {end.day} {MONTHS[end.month - 1]} {end.year}"


@pytest.mark.django_db
@pytest.mark.parametrize("days", [1, 7])
def test_the_pdf_has_thousands_separators_and_the_range_title(
    open_table, holdem_ring, quick_hand, floor_manager, dealer, tmp_path, days
) -> None:
    table = open_table(holdem_ring)
    for pot in (1_250_000, 2_500_000):
        hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=pot, fee=pot * 2 // 100, dealer=dealer).pk)
    end = current_gaming_day()
    start = end - timedelta(days=days - 1)
    path = tmp_path / "fees.pdf"
    write_pdf(path, ReportFilters(day_from=start, day_to=end, group_by="table"), lambda _n: None)
    text = pdf_text(path.read_bytes())
    assert _expected_title(start, end) in text.splitlines()
    assert "3,750,000" in text.splitlines()  # the pots, in the total row
    assert "75,000" in text.splitlines()  # the fees
    assert "3750000" not in text and "75000" not in text
