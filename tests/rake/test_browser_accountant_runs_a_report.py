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
    assert lines[0][:3] == ["room", "currency", "table"] and len(lines) == 1 + 2 + 1
    assert lines[-1][1:3] == ["AMD", "Total"] and lines[-1][5] == "5000"  # total fees: 2,000 + 3,000


def test_a_group_accountant_reads_every_room_and_picks_one_in_the_top_bar(
    login_page, live_server, floor_manager, open_table, holdem_ring, quick_hand, vilnius
) -> None:
    """The report of every room has a room column and a total per currency; the room picked in the top bar
    is the one the pages are for, and they say so."""
    from config.roles import Role
    from tests.factories import UserFactory

    table = open_table(holdem_ring)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=40_000, fee=2_000).pk)
    page = login_page(UserFactory(roles=[Role.ACCOUNTANT], rooms=[None]))
    page.goto(f"{live_server.url}/reports/")
    page.select_option("#id_room", "")
    page.click("#report-filters button[type=submit]")
    page.wait_for_load_state()
    head = page.locator("#report-table thead").inner_text()
    assert head.startswith("Room")
    totals = page.locator("#report-table tfoot tr").all_inner_texts()
    assert [t.split()[:2] for t in totals] == [["Total", "AMD"], ["Total", "EUR"]]
    with page.expect_navigation():  # the picker posts itself on change
        page.select_option("#room-select", str(vilnius.pk))
    page.goto(f"{live_server.url}/reports/drops/")
    assert "Salon Neris" in page.locator("h1").inner_text()
    assert page.locator("#reconciliation tbody tr").all_inner_texts() == ["No fees and no counts on this day."]
