"""Cells of every CSV and XLSX file the room writes, safe to open in a spreadsheet.

A text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is read as a formula by Excel, LibreOffice and Google Sheets (OWASP,
"CSV injection"): a player registered as ``=HYPERLINK(...)`` would become a
live link, or worse, in the accountant's spreadsheet. Such a cell is written
with a leading single quote, which the spreadsheet takes as text.

Only text is changed. Numbers (``int``, ``Decimal``, ``float``) stay numbers,
so a negative amount is ``-12.50`` in both formats: every export passes its
amounts as numbers, never as formatted text. Anything else (a name, a user, a
date) is written as its text and goes through the rule, so a value a person
typed can never start a formula, even one that looks like a number (a player
called ``-5`` is written ``'-5``).

Every export writes through ``CsvWriter`` or ``XlsxWriter``;
``tests/config/test_exports.py`` fails when an app builds a writer of its
own. The fee report's detail CSV on PostgreSQL is formatted by ``COPY``
(``rake.services.exporters``), which applies the same rule in SQL
(``formula_safe_sql``).
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable
from contextlib import suppress
from decimal import Decimal
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from django.db.models import CharField, F, Value
from django.db.models.expressions import Case, When
from django.db.models.functions import Concat, Ord
from django.db.models.lookups import In

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TEXT_MARK = "'"
CSV_TYPE = "text/csv; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

Cell = int | float | Decimal | str | None


def cell(value: object) -> Cell:
    """``value`` as a spreadsheet cell: a number, nothing, or text that cannot start a formula."""
    if value is None or isinstance(value, int | float | Decimal):
        return value
    text = str(value)
    return TEXT_MARK + text if text.startswith(FORMULA_STARTS) else text


def cells(row: Iterable[object]) -> list[Cell]:
    return [cell(value) for value in row]


class CsvWriter:
    """``csv.writer`` whose every cell goes through ``cell``."""

    def __init__(self, out: SupportsWrite[str], *, lineterminator: str = "\r\n") -> None:
        self._writer = csv.writer(out, lineterminator=lineterminator)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow(cells(row))

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


class XlsxWriter:
    """A one-sheet workbook written row by row (openpyxl's write-only mode: flat memory), through ``cell``.

    Without the rule openpyxl itself would store a string beginning with ``=`` as a formula.

    Use it in a ``with``: openpyxl writes the rows to a temporary file of its own, which it removes only
    after a successful save or when the process exits, so a worker whose export failed (a full disk)
    would otherwise keep that file, and the space it holds, for as long as it runs.
    """

    def __init__(self, *, title: str) -> None:
        from openpyxl import Workbook

        self._book = Workbook(write_only=True)
        self._sheet = self._book.create_sheet(title=title[:31])  # Excel's longest sheet name

    def __enter__(self) -> XlsxWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def writerow(self, row: Iterable[object]) -> None:
        self._sheet.append(cells(row))

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)

    def save(self, target: Path | IO[bytes]) -> None:
        """Write the workbook to ``target``: a file this opens and closes whatever happens (openpyxl,
        given a name, leaves its archive open when a write fails), or an open one the caller closes."""
        if isinstance(target, Path):
            with target.open("wb") as out:
                self._book.save(out)
        else:
            self._book.save(target)

    def close(self) -> None:
        """Close the rows' temporary file and remove it, saved or not (a saved book's is already gone)."""
        sheet: Any = self._sheet  # the write-only sheet's row stream and writer have no public handle
        writer = sheet._writer
        if writer is None:
            return
        try:
            if sheet._rows is not None:
                with suppress(OSError, ValueError):  # its closing tag cannot be written to a full disk
                    sheet._rows.close()
            with suppress(OSError, ValueError):
                writer.close()
        finally:
            if os.path.exists(writer.out):
                writer.cleanup()


def formula_safe_sql(field: str) -> Case:
    """``cell`` for a text column, in SQL: for exports the database formats itself.

    The first character's code is compared as a number: on PostgreSQL a fraction of the server time
    of comparing the first character as text (figures: bench/README.md).
    """
    starts = [ord(start) for start in FORMULA_STARTS]
    return Case(
        When(In(Ord(F(field)), starts), then=Concat(Value(TEXT_MARK), F(field), output_field=CharField())),
        default=F(field),
        output_field=CharField(),
    )
