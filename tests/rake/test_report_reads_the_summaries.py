"""The accountants' report: grouped figures from the daily summaries only, an exact effective rate,
charts drawn server-side as SVG, a bounded number of queries, and the exports (CSV, XLSX, PDF)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config.gaming_day import current_gaming_day
from config.models import JobStatus
from games.services.hand_fees import hand_fees_post
from rake.models import ExportCompletion, ExportContent, ExportFormat, ReportExport
from rake.selectors import ReportFilters, fee_report
from rake.services import export_create, export_run
from rake.services.exports import export_file
from tests.factories import home_room
from tests.rake.helpers import eager_tasks

pytestmark = pytest.mark.django_db


@pytest.fixture
def activity(open_table, holdem_ring, quick_hand, floor_manager, dealer):
    tables = [open_table(holdem_ring) for _ in range(3)]
    for k, table in enumerate(tables):
        for pot in (30_000, 10_000 * (k + 1)):
            hand_fees_post(
                actor=floor_manager, hand_id=quick_hand(table, pot=pot, fee=pot * 3 // 100, dealer=dealer).pk
            )
    return tables


def _filters(group_by: str = "table") -> ReportFilters:
    today = current_gaming_day()
    return ReportFilters(room_ids=(home_room().pk,), day_from=today.replace(day=1), day_to=today, group_by=group_by)


def test_the_report_groups_and_rates_exactly(activity) -> None:
    report = fee_report(_filters())
    assert [r.hands for r in report.rows] == [2, 2, 2]
    assert report.totals[0].pots == 30_000 * 3 + 60_000 and report.totals[0].fees == report.totals[0].pots * 3 // 100
    assert all(r.rate_percent == Decimal("3.0000") for r in report.rows)
    assert isinstance(report.totals[0].rate_percent, Decimal)


@pytest.mark.parametrize("group_by", ["gaming_day", "shift", "table", "game", "dealer", "kind"])
def test_the_report_reads_only_the_summaries_in_a_few_queries(
    activity, group_by, django_assert_max_num_queries
) -> None:
    filters = _filters(group_by)
    with CaptureQueriesContext(connection) as queries:
        fee_report(filters)
    # The proof of the rows first (the summary rows, the closes' digests, and for the open day the two
    # grouped reads of its raw records), then the grouped rows, the two charts unless the grouping is
    # one of them, the tables with their rooms, and group names.
    proof = 4
    expected = {"gaming_day": 3, "table": 3, "shift": 4, "kind": 4, "game": 5, "dealer": 5}
    assert len(queries) == proof + expected[group_by]
    report = " ".join(q["sql"] for q in queries.captured_queries[proof:])
    assert "rake_dailyfeesummary" in report
    assert "rake_feecharge" not in report and "games_hand" not in report and "cashier_" not in report


def test_the_page_shows_the_table_and_two_svg_charts(
    activity, accountant, client_for, django_assert_max_num_queries
) -> None:
    client = client_for(accountant)
    url = reverse("rake:reports") + "?group_by=table"
    client.get(url)  # warm the session and the role cache of the first request
    # The page's own queries, the proof of the open day's summary rows (four) and the reader's exports.
    with django_assert_max_num_queries(18):
        page = client.get(url)
    html = page.content.decode()
    assert page.status_code == 200
    assert html.count("<svg") == 2 and html.count('class="bar"') == 3 + 1  # three tables, one day
    assert 'id="report-table"' in html and "3.00%" in html


def test_the_api_returns_the_report_as_json(activity, accountant, api_for) -> None:
    today = current_gaming_day()
    answer = api_for(accountant).get(
        reverse("api:fee_report"), {"day_from": today.isoformat(), "day_to": today.isoformat(), "group_by": "table"}
    )
    assert answer.status_code == 200
    body = answer.json()
    assert len(body["rows"]) == 3 and body["rows"][0]["rate_percent"] == "3.0000"
    assert body["totals"][0]["hands"] == 6 and len(body["fees_per_table"]) == 3


def test_the_on_screen_csv_downloads(activity, accountant, client_for) -> None:
    answer = client_for(accountant).get(reverse("rake:report_csv") + "?group_by=table")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0][:3] == ["room", "currency", "table"] and len(rows) == 1 + 3 + 1


@pytest.mark.parametrize(
    ("fmt", "content"),
    [("csv", "detail"), ("csv", "summary"), ("xlsx", "detail"), ("xlsx", "summary"), ("pdf", "summary")],
)
def test_exports_write_a_complete_file_once(activity, accountant, fmt, content) -> None:
    export = export_create(actor=accountant, format=fmt, content=content, filters=_filters())
    done = export_run(export_id=export.pk)
    again = export_run(export_id=export.pk)  # a redelivered task finds the completion
    assert again.pk == done.pk and ExportCompletion.objects.count() == 1
    export.refresh_from_db()
    assert export.status == JobStatus.DONE and export.attempts == 1
    data = export_file(done).read_bytes()
    assert len(data) == done.size and done.rows == (6 if content == "detail" else 4)
    if fmt == "csv":
        assert data.decode().count("\n") == done.rows + 1
    elif fmt == "xlsx":
        from openpyxl import load_workbook

        sheet = load_workbook(io.BytesIO(data), read_only=True).active
        assert sum(1 for _row in sheet.iter_rows(values_only=True)) == done.rows + 1
    else:
        assert data.startswith(b"%PDF") and b"Cardroom" in data


def test_a_pdf_holds_only_the_summary(accountant) -> None:
    from config.errors import DomainError

    with pytest.raises(DomainError):
        export_create(actor=accountant, format=ExportFormat.PDF, content=ExportContent.DETAIL, filters=_filters())


def test_the_page_starts_an_export_and_polls_it(
    activity, accountant, client_for, django_capture_on_commit_callbacks
) -> None:
    client = client_for(accountant)
    with eager_tasks(), django_capture_on_commit_callbacks(execute=True):
        started = client.post(
            reverse("rake:export_start"),
            {
                "day_from": _filters().day_from.isoformat(),
                "day_to": _filters().day_to.isoformat(),
                "group_by": "table",
                "format": "csv",
                "content": "summary",
            },
            HTTP_HX_REQUEST="true",
        )
    assert started.status_code == 200 and "<progress" in started.content.decode()
    export = ReportExport.objects.get()
    assert export.status == JobStatus.DONE  # the task ran once the request's transaction committed
    polled = client.get(reverse("rake:export_progress", args=[export.pk])).content.decode()
    assert "hx-get" not in polled and reverse("rake:export_download", args=[export.pk]) in polled
    download = client.get(reverse("rake:export_download", args=[export.pk]))
    assert download.status_code == 200 and b"".join(download.streaming_content).startswith(b"room,currency,table,")


def test_a_rolled_back_export_is_never_queued(accountant, django_capture_on_commit_callbacks) -> None:
    from django.db import transaction

    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        export_create(actor=accountant, format="csv", content="summary", filters=_filters())
        transaction.set_rollback(True)
    assert callbacks == [] and not ReportExport.objects.exists()
