"""Writers of the accountants' exports: CSV, XLSX (openpyxl, write-only) and PDF (reportlab).

Rows are streamed from the database (``iterator(chunk_size=...)``) into the
file, so memory stays flat whatever the period. The CSV and XLSX files are
plain, open formats, readable long after this software is gone (controls,
"Books"); the CSV of a given period is byte-for-byte the same on every run.

On PostgreSQL the detail CSV (every fee record, up to millions of rows) is
formatted by the database instead: ``COPY (SELECT ...) TO STDOUT WITH (FORMAT
csv)`` over the same query as ``detail_rows``, its blocks written straight
into the file. COPY writes several times the rows per second a Python loop
over the rows (``csv.writer``) wrote (``bench.reports``; figures in
bench/README.md), most of that time in psycopg taking the server's one-row
messages, in the same flat memory. The connection streaming the
COPY can run nothing else meanwhile, so progress goes through a second one
(``rake.services.exports``); the row count is the COPY's own.

The columns are formatted in SQL to give the very bytes the Python path
writes (``tests/rake/test_detail_csv_by_copy.py`` compares the two): the
day as ISO text, money through ``numeric(30, exponent)`` like ``money()``,
the time as UTC with microseconds, text that could start a spreadsheet
formula quoted as ``config.exports`` quotes it, and empty text as NULL, because
PostgreSQL quotes an empty string (``""``) where Python writes nothing. One
difference is left: PostgreSQL quotes a value holding a carriage return,
Python's writer (line terminator ``"\\n"``) does not, so while a game name or
a username holds one the Python path writes the file (``detail_by_copy``).
SQLite and the XLSX always take the Python path.
"""

from __future__ import annotations

import functools
import io
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import CharField, DecimalField, F, Func, IntegerField, Value
from django.db.models.functions import Cast, NullIf, Power
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _

from config.db import fast_paths
from config.exports import CsvWriter, XlsxWriter, formula_safe_sql
from config.money import format_money
from ledger.models import GamingDayClose
from rake.models import FeeCharge
from rake.selectors.reports import GROUP_LABELS, FeeReport, ReportFilters, ReportRow, fee_report
from rooms.models import Room
from tables.models import Game

CHUNK = 5000
COPY_BLOCK = 1 << 16
PROGRESS_EVERY = 10_000
PROGRESS_SECONDS = 1.0
Progress = Callable[[int], None]
Row = Sequence[Any]


def money(amount: int, places: int) -> int | Decimal:
    """An amount in major units of a currency with ``places`` decimals, as a number: written as ``-12.50``,
    never neutralised as text."""
    return amount if not places else Decimal(amount).scaleb(-places)


# --- detail: every fee record ---------------------------------------------------------------

DETAIL_COLUMNS = (
    "room",
    "currency",
    "fee_charge_id",
    "gaming_day",
    "shift",
    "table",
    "game",
    "dealer",
    "source",
    "kind",
    "hand_id",
    "time_charge_id",
    "hands",
    "pots",
    "fee",
    "seconds_charged",
    "journal_entry",
    "reverses",
    "recorded_at_utc",
)
_DETAIL_FIELDS = (
    "table__room__code",
    "table__room__currency",
    "pk",
    "gaming_day",
    "shift",
    "table__number",
    "game__name",
    "dealer__username",
    "source",
    "kind",
    "hand_id",
    "time_charge_id",
    "hands",
    "pots",
    "fee",
    "seconds",
    "journal_entry_id",
    "reverses_id",
    "created_at",
)


def detail_queryset(filters: ReportFilters) -> Any:
    rows = FeeCharge.objects.filter(
        gaming_day__range=(filters.day_from, filters.day_to), table__room_id__in=filters.room_ids
    )
    if filters.table_id:
        rows = rows.filter(table_id=filters.table_id)
    return rows.order_by("pk")


def detail_rows(filters: ReportFilters) -> Iterator[Row]:
    """Every fee record of the period, oldest first, as text-ready tuples."""
    fields = (*_DETAIL_FIELDS, "table__room__currency_exponent")
    for values in detail_queryset(filters).values_list(*fields).iterator(chunk_size=CHUNK):
        *row, places = values
        row[3] = row[3].isoformat()
        row[13], row[14] = money(row[13], places), money(row[14], places)
        created: datetime = row[18]
        row[18] = created.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        yield [("" if v is None else v) for v in row]


# --- detail on PostgreSQL: the same bytes, formatted by COPY --------------------------------


def _text(field: str) -> Any:
    # NULL is written as nothing, an empty string as "": Python writes nothing for both.
    return NullIf(formula_safe_sql(field), Value(""))


def _money(field: str) -> Any:
    # Each record in its room's currency, as money(): the amount over 10^places rounded to exactly
    # ``places`` decimals (exact: it has no more), whose text is str(Decimal(amount).scaleb(-places)):
    # 0 -> 0.00, and 1000 -> 1000 in a currency without decimals.
    places = F("table__room__currency_exponent")
    # The amount divided in numeric (a double would lose digits of a large one) by 10 ^ places, which is
    # exact as a double for the at most 4 places a room's currency has.
    scale = Cast(Power(Value(10), places), DecimalField())
    major = Cast(F(field), DecimalField()) / scale
    return Func(major, Cast(places, IntegerField()), function="round", output_field=DecimalField())


def _formatted(field: str, pattern: str) -> Any:
    return Func(F(field), template=f"to_char(%(expressions)s, '{pattern}')", output_field=CharField())


def _detail_sql_columns() -> list[Any]:
    special = {
        "gaming_day": _formatted("gaming_day", "YYYY-MM-DD"),
        "game__name": _text("game__name"),
        "dealer__username": _text("dealer__username"),
        "source": _text("source"),
        "kind": _text("kind"),
        "pots": _money("pots"),
        "fee": _money("fee"),
        # timestamptz AT TIME ZONE 'UTC' is the UTC wall time, as astimezone(UTC).strftime(...).
        "created_at": Func(
            F("created_at"),
            template="""to_char(%(expressions)s AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')""",
            output_field=CharField(),
        ),
    }
    return [special.get(field, F(field)) for field in _DETAIL_FIELDS]


def detail_by_copy() -> bool:
    """Whether COPY writes the detail CSV: a fast path (``config.db.fast_paths``), unless a name holds a
    carriage return."""
    if not fast_paths():
        return False
    games, users = Game.objects.filter(name__contains="\r"), User.objects.filter(username__contains="\r")
    return not (games.exists() or users.exists())


def copy_detail_csv(path: Path, filters: ReportFilters, progress: Progress) -> int:
    """``write_csv(path, DETAIL_COLUMNS, detail_rows(filters), ...)`` on PostgreSQL, by COPY.

    Reports progress about every ``PROGRESS_EVERY`` rows, counted by newlines
    (a name holding one counts twice); ``progress`` must not use this
    connection, which streams the COPY meanwhile. Returns the exact row count.
    """
    sql, params = detail_queryset(filters).values_list(*_detail_sql_columns()).query.sql_with_params()
    # COPY takes no parameters: they are merged client-side (Django's debug cursor passes none on to
    # psycopg). compose_sql is PostgreSQL's own operation, unknown to the base class's stubs.
    copy_sql = f"COPY ({sql}) TO STDOUT WITH (FORMAT csv)"
    statement = connection.ops.compose_sql(copy_sql, params)  # type: ignore[attr-defined]
    header = io.StringIO()
    CsvWriter(header, lineterminator="\n").writerow(DETAIL_COLUMNS)
    lines, report_at = 0, PROGRESS_EVERY
    pending = bytearray()  # the server sends a row a message: written and counted a block at a time
    with path.open("wb") as out, connection.cursor() as cursor:
        out.write(header.getvalue().encode())
        with cursor.copy(statement) as copy:
            for row in copy:
                pending += row
                if len(pending) < COPY_BLOCK:
                    continue
                lines += pending.count(b"\n")
                out.write(pending)
                pending.clear()
                if lines >= report_at:
                    progress(lines)
                    report_at = lines + PROGRESS_EVERY
        out.write(pending)
        rows: int = cursor.rowcount
    return rows


# --- summary: the report as shown -----------------------------------------------------------


def summary_columns(filters: ReportFilters) -> tuple[str, ...]:
    return (
        _("room"),
        _("currency"),
        str(GROUP_LABELS[filters.group_by]),
        _("hands dealt"),
        _("pots"),
        _("fees"),
        _("effective rate (%)"),
        _("hours charged"),
        _("time charges"),
        _("drop expected"),
        _("drop counted"),
        _("variance"),
    )


def summary_row(row: ReportRow) -> Row:
    places = row.exponent
    return (
        row.room.name if row.room else "",
        row.currency,
        row.label,
        row.hands,
        money(row.pots, places),
        money(row.fees, places),
        "" if row.rate_percent is None else row.rate_percent,
        row.hours,
        row.time_charges,
        money(row.expected, places),
        money(row.counted, places),
        money(row.variance, places),
    )


def summary_rows(report: FeeReport) -> Iterator[Row]:
    """The rows, then a total per currency (two rooms' amounts are added only in the same money)."""
    for row in report.rows:
        yield summary_row(row)
    for total in report.totals:
        yield summary_row(total)


# --- writers ----------------------------------------------------------------------------------


def _counted(rows: Iterable[Row], progress: Progress) -> Iterator[Row]:
    """Report every ``PROGRESS_EVERY`` rows and at least every ``PROGRESS_SECONDS``: each report is also
    the export's heartbeat (``config.services.jobs``), which a slow writer must not miss."""
    n, last = 0, time.monotonic()
    for n, row in enumerate(rows, 1):
        if n % PROGRESS_EVERY == 0 or (n % 100 == 0 and time.monotonic() - last > PROGRESS_SECONDS):
            progress(n)
            last = time.monotonic()
        yield row
    progress(n)


def write_csv(path: Path, header: Row, rows: Iterable[Row], progress: Progress) -> int:
    written = 0
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = CsvWriter(out, lineterminator="\n")
        writer.writerow(header)
        for row in _counted(rows, progress):
            writer.writerow(row)
            written += 1
        out.flush()
    return written


def write_xlsx(path: Path, header: Row, rows: Iterable[Row], progress: Progress, *, title: str) -> int:
    written = 0
    with XlsxWriter(title=title) as book:
        book.writerow(header)
        for row in _counted(rows, progress):
            book.writerow(row)
            written += 1
        book.save(path)
    return written


def period_title(day_from: date, day_to: date) -> str:
    """The range in words, as short as it reads: "7 December 2026", "1–7 December 2026",
    "28 November – 7 December 2026", "28 December 2026 – 3 January 2027".

    The month is Django's alternative (genitive where a language has one) month name.
    """

    def day(d: date) -> str:
        return _("%(day)s %(month)s %(year)s") % {"day": d.day, "month": dateformat.format(d, "E"), "year": d.year}

    if day_from == day_to:
        return day(day_from)
    if (day_from.year, day_from.month) == (day_to.year, day_to.month):
        return _("%(start)s–%(end)s %(month)s %(year)s") % {
            "start": day_from.day,
            "end": day_to.day,
            "month": dateformat.format(day_to, "E"),
            "year": day_to.year,
        }
    if day_from.year == day_to.year:
        return _("%(start_day)s %(start_month)s – %(end_day)s %(end_month)s %(year)s") % {
            "start_day": day_from.day,
            "start_month": dateformat.format(day_from, "E"),
            "end_day": day_to.day,
            "end_month": dateformat.format(day_to, "E"),
            "year": day_to.year,
        }
    return _("%(start)s – %(end)s") % {"start": day(day_from), "end": day(day_to)}


def pdf_row(row: ReportRow) -> list[str]:
    """A summary row as printed: amounts in its room's money format, with thousands separators."""

    def shown(amount: int) -> str:
        return format_money(amount, places=row.exponent)

    return [
        row.room.name if row.room else "",
        row.currency,
        row.label,
        f"{row.hands:,}",
        shown(row.pots),
        shown(row.fees),
        "" if row.rate_percent is None else f"{row.rate_percent:.2f}",
        f"{row.hours:,}",
        f"{row.time_charges:,}",
        shown(row.expected),
        shown(row.counted),
        ("−" if row.variance < 0 else "") + shown(abs(row.variance)),
    ]


# DejaVu Sans (rake/fonts/, its licence beside it), embedded in every PDF: reportlab's built-in
# Helvetica has no Armenian letters and few Lithuanian ones (ą, č, ė, ...), which it draws as boxes.
FONTS = Path(__file__).resolve().parent.parent / "fonts"
PDF_FONT, PDF_FONT_BOLD = "DejaVuSans", "DejaVuSans-Bold"


@functools.cache
def _pdf_fonts() -> None:
    """Registers the report's fonts with reportlab, once per process."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in (PDF_FONT, PDF_FONT_BOLD):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))


def write_pdf(path: Path, filters: ReportFilters, progress: Progress) -> int:
    """The signed-off fee report in the active language: titled with its range; the room, when and by
    which version it was made."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    _pdf_fonts()
    report = fee_report(filters)
    rooms = ", ".join(room.name for room in report.rooms)
    styles = getSampleStyleSheet()
    styles["Title"].fontName = PDF_FONT_BOLD
    styles["Normal"].fontName = PDF_FONT
    now = timezone.localtime()
    period = (
        filters.day_from.isoformat()
        if filters.day_from == filters.day_to
        else f"{filters.day_from.isoformat()} – {filters.day_to.isoformat()}"
    )
    title = _("Fees %(period)s") % {"period": period_title(filters.day_from, filters.day_to)}
    story: list[Any] = [
        Paragraph(escape(title), styles["Title"]),
        Paragraph(
            escape(_("%(room)s · Daily fee report") % {"room": rooms}),
            styles["Normal"],
        ),
        Paragraph(escape(_("Gaming day(s): %(period)s") % {"period": period}), styles["Normal"]),
        Paragraph(
            escape(
                _("Generated %(at)s by Cardroom %(version)s; amounts in %(currency)s.")
                % {
                    "at": now.strftime("%Y-%m-%d %H:%M %Z"),
                    "version": settings.VERSION,
                    "currency": ", ".join(total.currency for total in report.totals),
                }
            ),
            styles["Normal"],
        ),
        Spacer(1, 6 * mm),
    ]
    data = [list(summary_columns(filters)), *[pdf_row(r) for r in (*report.rows, *report.totals)]]
    grid = Table(data, repeatRows=1)
    grid.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), PDF_FONT_BOLD, 8),
                ("FONT", (0, 1), (-1, -1), PDF_FONT, 8),
                ("FONT", (0, -len(report.totals)), (-1, -1), PDF_FONT_BOLD, 8),
                ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
            ]
        )
    )
    story += [grid, Spacer(1, 6 * mm)]
    closes = GamingDayClose.objects.filter(
        room_id__in=filters.room_ids, gaming_day__range=(filters.day_from, filters.day_to)
    ).select_related("created_by", "room")
    for close in closes.order_by("gaming_day", "room__name"):
        story.append(
            Paragraph(
                escape(
                    _("Gaming day %(day)s of %(room)s closed by %(who)s at %(at)s.")
                    % {
                        "day": close.gaming_day.isoformat(),
                        "room": close.room.name,
                        "who": close.created_by.get_full_name() or close.created_by.username,
                        "at": timezone.localtime(close.created_at).strftime("%Y-%m-%d %H:%M"),
                    }
                ),
                styles["Normal"],
            )
        )
    story += [
        Spacer(1, 12 * mm),
        Paragraph(_("Prepared by (accountant): ______________________   Signature: ____________"), styles["Normal"]),
        Spacer(1, 8 * mm),
        Paragraph(_("Approved by (supervisor): ______________________   Signature: ____________"), styles["Normal"]),
    ]
    # Given a name, ReportLab leaves the file open when its write fails (a full disk): it gets an open file.
    with path.open("wb") as out:
        SimpleDocTemplate(out, pagesize=landscape(A4), title=title, author=rooms).build(story)
    progress(len(data) - 1)
    return len(data) - 1


def rooms_label(room_ids: Iterable[int]) -> str:
    """The rooms of a file's name: their codes (slugs), joined by "+"."""
    return "+".join(Room.objects.filter(pk__in=list(room_ids)).order_by("code").values_list("code", flat=True))


def period_label(day_from: date, day_to: date) -> str:
    return day_from.isoformat() if day_from == day_to else f"{day_from.isoformat()}_{day_to.isoformat()}"
