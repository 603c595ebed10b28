"""The fee summary rows are derived from the fee records and drop shares; nothing in the database stops
an UPDATE of one, so the report proves the rows it reads: an open day against its raw records, a closed
day by the digest its close recorded. A row changed behind the report's back is named, on the page and
in the API, and no total is shown until the summaries are rebuilt."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config.errors import Conflict
from config.gaming_day import current_gaming_day
from games.services.hand_fees import hand_fees_post
from ledger.models import GamingDayClose
from rake.models import DailyFeeSummary
from rake.selectors import ReportFilters, fee_report
from rake.selectors.summaries import summaries_unproven
from rake.services import drop_count_start, drop_tally_record, gaming_day_close, summaries_rebuild
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def _tamper(row: DailyFeeSummary, fees: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {DailyFeeSummary._meta.db_table} SET fees = %s WHERE id = %s", [fees, row.pk])


@pytest.fixture
def today_fees(open_table, holdem_ring, quick_hand, floor_manager, dealer):
    table = open_table(holdem_ring, dealer=dealer)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=40_000, fee=2000, dealer=dealer).pk)
    return table


@pytest.fixture
def closed_day(open_table, holdem_ring, quick_hand, floor_manager, cashier, accountant, dealer, chips_in_play):
    day = current_gaming_day() - timedelta(days=1)
    table = open_table(holdem_ring, dealer=dealer)
    hand = quick_hand(table, pot=40_000, fee=2000, dealer=dealer, gaming_day=day)
    hand_fees_post(actor=floor_manager, hand_id=hand.pk)
    count = drop_count_start(actor=floor_manager, table_id=table.pk, gaming_day=day, shift=3)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[1000]: 2})
    gaming_day_close(actor=accountant, gaming_day=day, room=home_room())
    return day


def _period(day_from, day_to=None) -> ReportFilters:
    return ReportFilters(
        room_ids=(home_room().pk,), day_from=day_from, day_to=day_to or current_gaming_day(), group_by="table"
    )


def test_an_open_days_row_changed_in_the_database_is_named_and_the_report_refused(today_fees) -> None:
    today = current_gaming_day()
    assert fee_report(_period(today)).totals[0].fees == 2000
    row = DailyFeeSummary.objects.get(gaming_day=today, table_id=today_fees.pk)
    _tamper(row, 100_000)
    [wrong] = summaries_unproven(day_from=today, day_to=today)
    assert wrong.key is not None and wrong.key[2] == today_fees.pk
    assert (wrong.recorded or {})["fees"] == 100_000 and (wrong.from_records or {})["fees"] == 2000
    with pytest.raises(Conflict) as refused:
        fee_report(_period(today))
    assert refused.value.code == "summary_unproven"
    summaries_rebuild(day_from=today, day_to=today)
    assert fee_report(_period(today)).totals[0].fees == 2000


def test_a_closed_day_is_proven_by_its_digest_without_reading_its_records(closed_day) -> None:
    close = GamingDayClose.objects.get(gaming_day=closed_day)
    assert len(close.summary_digest) == 64 and close.fees == 2000
    with CaptureQueriesContext(connection) as queries:
        assert fee_report(_period(closed_day, closed_day)).totals[0].fees == 2000
    assert not any("rake_feecharge" in q["sql"] or "rake_dropshare" in q["sql"] for q in queries.captured_queries)


def test_a_closed_days_row_changed_in_the_database_is_named(closed_day) -> None:
    row = DailyFeeSummary.objects.filter(gaming_day=closed_day, fees__gt=0).get()
    _tamper(row, 0)
    [wrong] = summaries_unproven(day_from=closed_day, day_to=closed_day)
    assert wrong.gaming_day == closed_day and wrong.key is not None and wrong.key[2] == row.table_id
    assert (wrong.recorded or {})["fees"] == 0 and (wrong.from_records or {})["fees"] == 2000
    with pytest.raises(Conflict):
        fee_report(_period(closed_day, closed_day))


def test_a_day_whose_summary_disagrees_with_its_records_does_not_close(
    open_table, holdem_ring, quick_hand, floor_manager, cashier, accountant, dealer, chips_in_play
) -> None:
    day = current_gaming_day() - timedelta(days=1)
    table = open_table(holdem_ring, dealer=dealer)
    hand_fees_post(
        actor=floor_manager, hand_id=quick_hand(table, pot=40_000, fee=2000, dealer=dealer, gaming_day=day).pk
    )
    count = drop_count_start(actor=floor_manager, table_id=table.pk, gaming_day=day, shift=3)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[1000]: 2})
    _tamper(DailyFeeSummary.objects.filter(gaming_day=day, fees__gt=0).get(), 5)
    with pytest.raises(Conflict) as refused:
        gaming_day_close(actor=accountant, gaming_day=day, room=home_room())
    assert refused.value.code == "summary_unproven"
    assert not GamingDayClose.objects.exists()


def test_the_page_and_the_api_refuse_with_the_rows(today_fees, accountant, client_for, api_for) -> None:
    today = current_gaming_day()
    _tamper(DailyFeeSummary.objects.get(gaming_day=today, table_id=today_fees.pk), 100_000)
    period = {"day_from": today.isoformat(), "day_to": today.isoformat(), "group_by": "table"}
    answer = api_for(accountant).get(reverse("api:fee_report"), period)
    assert answer.status_code == 409
    error = answer.json()["error"]
    assert error["code"] == "summary_unproven"
    assert error["details"]["rows"][0]["table_id"] == today_fees.pk
    assert error["details"]["rows"][0]["recorded"]["fees"] == 100_000
    page = client_for(accountant).get(reverse("rake:reports"), period)
    html = page.content.decode()
    assert page.status_code == 409
    assert 'data-code="summary_unproven"' in html and "rebuild_fee_summaries" in html
    assert f"table {today_fees.number}: fees 100,000 in the summary, 2,000 in the records" in html
