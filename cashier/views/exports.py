"""CSV and XLSX exports of the cashier's reports: open formats readable without this software."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse

from config.exports import CSV_TYPE, XLSX_TYPE, CsvWriter, XlsxWriter

FORMATS = {"csv", "xlsx"}


def wants_export(request: HttpRequest) -> str | None:
    fmt = request.GET.get("format", "")
    return fmt if fmt in FORMATS else None


def export_response(*, fmt: str, name: str, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> HttpResponse:
    if fmt == "xlsx":
        book = XlsxWriter(title=name)
        book.writerow(header)
        book.writerows(rows)
        buffer = io.BytesIO()
        book.save(buffer)
        response = HttpResponse(buffer.getvalue(), content_type=XLSX_TYPE)
    else:
        response = HttpResponse(content_type=CSV_TYPE)
        writer = CsvWriter(response)
        writer.writerow(header)
        writer.writerows(rows)
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response
