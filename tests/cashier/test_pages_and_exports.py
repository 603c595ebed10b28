"""The cashier's pages: screen, receipt, shift report, reports and their CSV/XLSX exports."""

from __future__ import annotations

import io
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from cashier.models import ChipTransaction, ShiftStatus, Slip
from cashier.services.sales import chip_sale_create
from cashier.services.slips import slip_issue, slip_request
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.factories import home_room_set

pytestmark = pytest.mark.django_db


def test_a_cashier_opens_a_drawer_sells_and_gets_a_receipt(vault, cashier, drawer, client_for):
    client = client_for(cashier)
    page = client.get(reverse("cashier:index"))
    assert b"Open a drawer" in page.content
    form = {"idempotency_key": str(uuid.uuid4()), "drawer": drawer.pk, "cash": "100000"}
    form |= {f"chip-{d}": n for d, n in by_value({5_000: 10, 1_000: 20}).items()}
    assert client.post(reverse("cashier:shift_open"), form).status_code == 303
    screen = client.get(reverse("cashier:index"))
    assert b"Sell chips" in screen.content and b"100,000" not in screen.content  # no live balance: a blind count
    sale = {"idempotency_key": str(uuid.uuid4()), "amount": "12000", "method": "cash"}
    sale |= {f"chip-{d}": n for d, n in by_value({5_000: 2, 1_000: 2}).items()}
    response = client.post(reverse("cashier:sale"), sale)
    assert response.status_code == 303
    txn = ChipTransaction.objects.get()
    assert response["Location"] == reverse("cashier:receipt", args=[txn.pk])
    again = client.post(reverse("cashier:sale"), sale)  # a double submit
    assert again["Location"] == response["Location"] and again["Idempotent-Replayed"] == "true"
    assert ChipTransaction.objects.count() == 1
    receipt = client.get(response["Location"])
    assert txn.receipt_label.encode() in receipt.content and b"12,000" in receipt.content
    assert_ledger_ok()


def test_a_refused_sale_shows_the_rule_and_moves_nothing(shift, cashier, client_for):
    client = client_for(cashier)
    sale = {"idempotency_key": str(uuid.uuid4()), "amount": "12000", "method": "cash"}
    sale |= {f"chip-{d}": n for d, n in by_value({5_000: 1}).items()}
    response = client.post(reverse("cashier:sale"), sale, follow=True)
    assert b"do not add up" in response.content or b"add up to" in response.content
    assert not ChipTransaction.objects.exists()


def test_htmx_breakdown_and_large_cash_warning(shift, cashier, player, client_for, settings):
    client = client_for(cashier)
    part = client.get(reverse("cashier:hx_breakdown"), {"amount": "36000"}, HTTP_HX_REQUEST="true")
    d = by_value({25_000: 1, 10_000: 1, 1_000: 1})
    for pk in d:
        assert f'name="chip-{pk}" inputmode="numeric" pattern="[0-9]*" value="1"'.encode() in part.content
    home_room_set(large_cash_threshold=20_000)
    chip_sale_create(actor=cashier, amount=15_000, method="cash", chips=by_value({5_000: 3}), player_id=player.pk)
    warn = client.get(reverse("cashier:hx_large_cash"), {"player": player.pk, "amount": "10000", "method": "cash"})
    assert b"Large cash" in warn.content
    calm = client.get(reverse("cashier:hx_large_cash"), {"player": player.pk, "amount": "1000", "method": "cash"})
    assert b"Large cash" not in calm.content


def test_closing_with_a_large_variance_waits_for_a_supervisor(shift, cashier, floor_manager, client_for):
    client = client_for(cashier)
    form = {"idempotency_key": str(uuid.uuid4()), "cash": "0"}
    client.post(reverse("cashier:shift_close", args=[shift.pk]), form)
    shift.refresh_from_db()
    assert shift.status == ShiftStatus.PENDING
    report = client_for(floor_manager).get(reverse("cashier:shift_report", args=[shift.pk]))
    assert b"Sign off the variance" in report.content
    client_for(floor_manager).post(reverse("cashier:shift_approve", args=[shift.pk]), {"idempotency_key": "x1"})
    shift.refresh_from_db()
    assert shift.status == ShiftStatus.CLOSED and shift.supervisor == floor_manager
    assert_ledger_ok()


@pytest.mark.parametrize(
    "name",
    ["cashier:cage_summary", "cashier:outstanding", "cashier:large_cash", "cashier:slips", "cashier:tray_counts"],
)
def test_reports_render_and_export_csv_and_xlsx(shift, cashier, accountant, client_for, name, table):
    chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    client = client_for(accountant)
    assert client.get(reverse(name)).status_code == 200
    csv = client.get(reverse(name), {"format": "csv"})
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    xlsx = client.get(reverse(name), {"format": "xlsx"})
    book = load_workbook(io.BytesIO(xlsx.content))
    assert book.active.max_row >= 1


def test_outstanding_export_lists_what_players_hold(shift, cashier, accountant, client_for):
    chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    csv = client_for(accountant).get(reverse("cashier:outstanding"), {"format": "csv"}).content.decode()
    assert "10000,1,10000" in csv.replace(" ", "")


def test_shift_report_and_its_export(shift, cashier, accountant, client_for):
    chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    client = client_for(cashier)
    own = client.get(reverse("cashier:shift_report", args=[shift.pk])).content
    assert f"{shift.pk}-0001".encode() in own and b"Sales, cash" not in own  # the receipts, not the totals: blind
    assert b"Sales, cash" in client_for(accountant).get(reverse("cashier:shift_report", args=[shift.pk])).content
    exported = client.get(reverse("cashier:shift_export", args=[shift.pk]), {"format": "csv"})
    assert f"{shift.pk}-0001" in exported.content.decode()
    assert f'filename="shift-{shift.drawer.room.code}-{shift.pk}.csv"' in exported["Content-Disposition"]


def test_floor_staff_prepare_and_sign_slips_on_the_page(shift, cashier, dealer, floor_manager, table, client_for):
    form = {"idempotency_key": "k1", "kind": "fill", "table": table.pk}
    form |= {f"chip-{d}": n for d, n in by_value({1_000: 5}).items()}
    client_for(floor_manager).post(reverse("cashier:slip_create"), form)
    slip = Slip.objects.get()
    client_for(cashier).post(reverse("cashier:slip_action", args=[slip.pk, "issue"]), {"idempotency_key": "k2"})
    client_for(dealer).post(reverse("cashier:slip_action", args=[slip.pk, "receive"]), {"idempotency_key": "k3"})
    slip.refresh_from_db()
    assert slip.status == "received"
    assert b"received" in client_for(dealer).get(reverse("cashier:slips")).content
    assert_ledger_ok()


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_list_pages_do_not_grow_queries_with_rows(shift, cashier, accountant, dealer, floor_manager, table, client_for):
    cashier_client, accountant_client = client_for(cashier), client_for(accountant)
    pages = [
        (cashier_client, reverse("cashier:index")),
        (cashier_client, reverse("cashier:shift_report", args=[shift.pk])),
        (accountant_client, reverse("cashier:slips")),
        (accountant_client, reverse("cashier:cage_summary")),
        (accountant_client, "/api/v1/cashier/transactions/"),
        (accountant_client, "/api/v1/cashier/slips/"),
        (accountant_client, "/api/v1/cashier/entries/"),
    ]

    def add_rows() -> None:
        chip_sale_create(actor=cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
        slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({500: 1}))
        slip_issue(actor=cashier, slip_id=slip.pk)

    add_rows()
    _queries(cashier_client, reverse("cashier:index"))  # warm sessions and caches
    few = [_queries(c, u) for c, u in pages]
    for _ in range(10):
        add_rows()
    many = [_queries(c, u) for c, u in pages]
    assert many == few
    assert max(few) <= 25
