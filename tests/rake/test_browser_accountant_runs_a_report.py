"""In Chromium: an accountant runs the fee report, sees the charts, and downloads the CSV."""

from __future__ import annotations

import csv
import io

import pytest

from games.services.hand_fees import hand_fees_post

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_accountant_runs_the_report_sees_the_chart_and_downloads_the_csv(
    login_page, live_server, accountant, floor_manager, open_table, holdem_ring, quick_hand, dealer
) -> None:
    tables = [open_table(holdem_ring) for _ in range(2)]
    for table, pot in zip(tables, (40_000, 60_000), strict=True):
        hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=pot, fee=pot // 20, dealer=dealer).pk)

    page = login_page(accountant)
    page.goto(f"{live_server.url}/reports/")
    page.select_option("#id_group_by", "table")
    page.click("#report-filters button[type=submit]")
    page.wait_for_load_state()
    rows = page.locator("#report-table tbody tr")
    assert rows.count() == 2
    assert "5.00%" in page.locator("#report-table tfoot").inner_text()
    chart = page.locator("figure[data-chart='2'] svg")
    assert chart.is_visible()
    assert chart.locator("rect.bar").count() == 2
    heights = [
        float(h) for h in chart.locator("rect.bar").evaluate_all("bars => bars.map(b => b.getAttribute('height'))")
    ]
    assert heights[1] > heights[0] > 0  # the second table took more

    with page.expect_download() as download_info:
        page.click("#download-csv")
    download = download_info.value
    assert download.suggested_filename.endswith(".csv")
    with open(download.path(), encoding="utf-8") as f:
        lines = list(csv.reader(io.StringIO(f.read())))
    assert lines[0][0] == "table" and len(lines) == 1 + 2 + 1
    assert lines[-1][3] == "5000"  # total fees: 2,000 + 3,000
