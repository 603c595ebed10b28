"""The detail CSV by PostgreSQL's COPY is byte for byte the file the Python writer makes of the same
records: awkward names (commas, quotes, newlines, non-ASCII, empty), no dealer, no game, reversals with
negative amounts, in a currency without and with minor units."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.gaming_day import current_gaming_day
from rake.models import FeeCharge
from rake.selectors import ReportFilters
from rake.services import export_create, export_run, exporters
from rake.services.exports import export_file
from tests.factories import home_room, home_room_set

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

AWKWARD_GAME = 'Deep "Stack", 1,000\nlate — Սուրճ'
FORMULA_GAME = '=HYPERLINK("http://evil.example","Fees")'


@pytest.fixture
def records(on_postgres, floor_manager, holdem_ring, make_game, open_table) -> ReportFilters:
    """Fee records written straight to the table (only their export is under test)."""
    day = current_gaming_day()
    table = open_table(holdem_ring, open=False)
    awkward, formula = make_game(AWKWARD_GAME), make_game(FORMULA_GAME)
    dealers = [
        # Usernames the form would refuse, but the database holds whatever it is given.
        User.objects.create(username='Անի, "Ani"\nK.'),
        User.objects.create(username=""),
        User.objects.create(username="plain"),
        User.objects.create(username="-2+3"),  # a spreadsheet formula, and a valid Django username
        None,
    ]
    games = [holdem_ring, awkward, formula, None]
    base = datetime(2026, 3, 1, 20, 59, 59, tzinfo=UTC)
    amounts = [(0, 0), (100, 5), (24_680, 1234), (2 * 10**15, 10**15), (500, 25)]
    charges = []
    for n in range(1, 13):
        pots, fee = amounts[n % len(amounts)]
        charges.append(
            FeeCharge(
                source="hand",
                kind="percentage",
                hand_id=n,
                table=table,
                game=games[n % len(games)],
                dealer=dealers[n % len(dealers)],
                gaming_day=day,
                shift=1 + n % 3,
                hands=1,
                pots=pots,
                fee=fee,
                # Whole seconds (".000000"), microseconds, and a UTC day unlike the local one.
                created_at=base + timedelta(hours=n, microseconds=0 if n % 2 else 7 * n),
                created_by=floor_manager,
            )
        )
    first, second = FeeCharge.objects.bulk_create(charges)[:2]
    for original in (first, second):
        FeeCharge.objects.create(
            source="hand",
            kind="percentage",
            hand_id=original.hand_id,
            table=table,
            game=original.game,
            dealer=original.dealer,
            gaming_day=day,
            shift=original.shift,
            hands=-original.hands,
            pots=-original.pots,
            fee=-original.fee,
            reverses=original,
            created_at=base + timedelta(days=1, microseconds=123_456),
            created_by=floor_manager,
        )
    return ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day)


def _both(filters: ReportFilters, tmp_path: Path) -> tuple[bytes, bytes, int, int]:
    by_python, by_copy = tmp_path / "python.csv", tmp_path / "copy.csv"
    python_rows = exporters.write_csv(by_python, exporters.DETAIL_COLUMNS, exporters.detail_rows(filters), _ignore)
    copy_rows = exporters.copy_detail_csv(by_copy, filters, _ignore)
    return by_python.read_bytes(), by_copy.read_bytes(), python_rows, copy_rows


def _ignore(done: int) -> None:
    pass


def test_copy_writes_the_bytes_of_the_python_writer(records, tmp_path) -> None:
    python, copy, python_rows, copy_rows = _both(records, tmp_path)
    assert copy == python
    assert copy_rows == python_rows == 14
    text = copy.decode()
    assert text.startswith(",".join(exporters.DETAIL_COLUMNS) + "\n")
    assert '"Deep ""Stack"", 1,000\nlate — Սուրճ"' in text and '"Անի, ""Ani""\nK."' in text
    assert '"\'=HYPERLINK(""http://evil.example"",""Fees"")"' in text and ",'-2+3," in text  # quoted: text
    assert ",2000000000000000,1000000000000000," in text and ",-24680,-1234," in text
    assert "T21:59:59.000000Z" in text and "T22:59:59.000014Z" in text  # UTC, microseconds


def test_copy_writes_the_bytes_of_the_python_writer_in_cents(records, tmp_path) -> None:
    home_room_set(currency="EUR", currency_exponent=2)  # each record is written in its room's money
    python, copy, _, _ = _both(records, tmp_path)
    assert copy == python
    text = copy.decode()
    assert ",0.00,0.00," in text and ",1.00,0.05," in text and ",246.80,12.34," in text
    assert ",-246.80,-12.34," in text and ",20000000000000.00,10000000000000.00," in text


def test_copy_writes_each_rooms_money_in_one_file(records, tmp_path, floor_manager) -> None:
    """A group's detail: the records of a room without minor units and of one with cents, side by side."""
    from rooms.services import room_create
    from tests.factories import TableFactory

    vilnius = room_create(
        code="vilnius", name="Vilnius", time_zone="Europe/Vilnius", currency="EUR", currency_exponent=2
    )
    table = TableFactory(room=vilnius, number=1, created_by=floor_manager)
    FeeCharge.objects.create(
        source="hand",
        kind="percentage",
        hand_id=99,  # a hand id of its own, as the records' (the foreign key is checked at commit)
        table=table,
        gaming_day=records.day_from,
        shift=1,
        hands=1,
        pots=24_680,
        fee=1234,
        created_at=datetime(2026, 3, 1, 12, tzinfo=UTC),
        created_by=floor_manager,
    )
    both = ReportFilters(room_ids=(home_room().pk, vilnius.pk), day_from=records.day_from, day_to=records.day_to)
    python, copy, python_rows, copy_rows = _both(both, tmp_path)
    assert copy == python and copy_rows == python_rows == 15
    euro = f"vilnius,EUR,{FeeCharge.objects.get(table=table).pk},"
    assert any(line.startswith(euro) and ",246.80,12.34," in line for line in copy.decode().splitlines())
    assert ",24680,1234," in copy.decode()  # the same amounts in the room without minor units


def test_copy_reports_progress_while_streaming_and_counts_rows_exactly(records, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(exporters, "PROGRESS_EVERY", 4)
    monkeypatch.setattr(exporters, "COPY_BLOCK", 1)
    reports: list[int] = []
    rows = exporters.copy_detail_csv(tmp_path / "copy.csv", records, reports.append)
    assert rows == 14  # while the newlines inside names make more lines than that
    assert (tmp_path / "copy.csv").read_bytes().count(b"\n") > rows + 1
    assert len(reports) >= 3 and reports == sorted(reports)


def test_the_export_task_writes_the_detail_csv_by_copy(records, accountant, tmp_path, monkeypatch) -> None:
    expected = tmp_path / "python.csv"
    exporters.write_csv(expected, exporters.DETAIL_COLUMNS, exporters.detail_rows(records), _ignore)

    def no_python_rows(filters: ReportFilters) -> Any:
        raise AssertionError("the Python path ran")

    monkeypatch.setattr(exporters, "detail_rows", no_python_rows)
    export = export_create(actor=accountant, format="csv", content="detail", filters=records)
    with CaptureQueriesContext(connection) as queries:  # Django's debug cursor, as with DEBUG=True
        done = export_run(export_id=export.pk)
    assert done.rows == 14 and export_file(done).read_bytes() == expected.read_bytes()
    assert sum(q["sql"].startswith("COPY (SELECT") for q in queries.captured_queries) == 1


def test_a_carriage_return_in_a_name_sends_the_export_through_python(records, accountant, make_game, tmp_path) -> None:
    # PostgreSQL would quote "a\rb"; Python's writer, ending lines with "\n", does not.
    assert exporters.detail_by_copy()
    make_game("Night\rgame")
    assert not exporters.detail_by_copy()
    expected = tmp_path / "python.csv"
    exporters.write_csv(expected, exporters.DETAIL_COLUMNS, exporters.detail_rows(records), _ignore)
    export = export_create(actor=accountant, format="csv", content="detail", filters=records)
    assert export_file(export_run(export_id=export.pk)).read_bytes() == expected.read_bytes()


@pytest.mark.django_db(transaction=True)
def test_progress_beside_the_copy_is_written_and_never_waits(on_postgres, accountant) -> None:
    from django.db import transaction

    from rake.models import ReportExport
    from rake.services.exports import _progress_aside

    day = current_gaming_day()
    export = export_create(
        actor=accountant,
        format="csv",
        content="detail",
        filters=ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day),
    )
    ReportExport.objects.filter(pk=export.pk).update(done=0)
    export.refresh_from_db()
    with _progress_aside(export.pk, export.attempts) as report:  # as the attempt that holds the export
        report(10_000)
        export.refresh_from_db()
        assert export.done == 10_000
        with transaction.atomic():
            ReportExport.objects.select_for_update().get(pk=export.pk)
            report(20_000)  # the row is locked by this connection: skipped, not waited for
        export.refresh_from_db()
        assert export.done == 10_000
