"""CSV and XLSX exports of the cashier's reports: open formats readable without this software."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from openpyxl import Workbook

FORMATS = {"csv", "xlsx"}


def wants_export(request: HttpRequest) -> str | None:
    fmt = request.GET.get("format", "")
    return fmt if fmt in FORMATS else None


def export_response(*, fmt: str, name: str, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> HttpResponse:
    if fmt == "xlsx":
        book = Workbook()
        sheet = book.active
        assert sheet is not None
        sheet.title = name[:31]
        sheet.append([str(h) for h in header])
        for row in rows:
            sheet.append([_cell(v) for v in row])
        buffer = io.BytesIO()
        book.save(buffer)
        response = HttpResponse(
            buffer.getvalue(), content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        )
    else:
        text = io.StringIO()
        writer = csv.writer(text)
        writer.writerow([str(h) for h in header])
        writer.writerows([_cell(v) for v in row] for row in rows)
        response = HttpResponse(text.getvalue().encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


def _cell(value: Any) -> Any:
    if value is None or isinstance(value, (int, float, str)):
        return value
    return str(value)
