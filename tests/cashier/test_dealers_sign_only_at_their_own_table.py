"""A dealer prepares and signs fills, credits and tray counts only for the table they deal at that moment
(controls E22, E23): the check hand recording uses, with the refusal naming where the dealer deals."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from cashier.models import Slip, SlipStatus, TrayCount
from cashier.services.slips import slip_issue, slip_receive, slip_request
from cashier.services.trays import tray_count_record
from config.errors import DomainError
from config.roles import Role
from ledger.models import Balance
from tables.models import AssignmentEndReason, DealerAssignment
from tests.cashier.conftest import assert_ledger_ok, by_value, deal, key
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealer_of_table_3(make_table):
    """Another dealer, dealing table 3; the ``table`` fixture (table 1) is the ``dealer`` persona's."""
    other = UserFactory(username="dealer3", roles=[Role.DEALER])
    deal(make_table(3), other)
    return other


def _tray_total(table) -> int:
    rows = Balance.objects.filter(account__kind="tray", account__table=table, denomination__isnull=False)
    return sum(rows.values_list("amount", flat=True))


def _refused(call) -> DomainError:
    with pytest.raises(DomainError) as refused:
        call()
    assert refused.value.status == 403
    assert refused.value.code == "not_assigned_dealer"
    return refused.value


def test_a_dealer_cannot_receive_a_fill_into_another_tables_tray(shift, cashier, dealer, dealer_of_table_3, table):
    fill = slip_request(actor=cashier, kind="fill", table_id=table.pk, chips=by_value({1_000: 5}))
    slip_issue(actor=cashier, slip_id=fill.pk)
    error = _refused(lambda: slip_receive(actor=dealer_of_table_3, slip_id=fill.pk))
    assert "you deal table 3, not table 1" in error.message
    assert Slip.objects.get(pk=fill.pk).status == SlipStatus.ISSUED
    assert _tray_total(table) == 0
    slip_receive(actor=dealer, slip_id=fill.pk)  # the table's own dealer signs it
    assert _tray_total(table) == 5_000
    assert_ledger_ok()


def test_a_dealer_cannot_issue_a_credit_out_of_another_tables_tray(shift, cashier, dealer, dealer_of_table_3, table):
    fill = slip_request(actor=cashier, kind="fill", table_id=table.pk, chips=by_value({1_000: 5}))
    slip_issue(actor=cashier, slip_id=fill.pk)
    slip_receive(actor=dealer, slip_id=fill.pk)
    credit = slip_request(actor=dealer, kind="credit", table_id=table.pk, chips=by_value({1_000: 2}))
    error = _refused(lambda: slip_issue(actor=dealer_of_table_3, slip_id=credit.pk))
    assert "you deal table 3, not table 1" in error.message
    assert Slip.objects.get(pk=credit.pk).status == SlipStatus.REQUESTED
    assert _tray_total(table) == 5_000
    assert_ledger_ok()


def test_a_dealer_cannot_prepare_a_slip_for_another_table(cashier, dealer_of_table_3, table, chips):
    _refused(lambda: slip_request(actor=dealer_of_table_3, kind="credit", table_id=table.pk, chips=by_value({500: 1})))
    assert not Slip.objects.exists()
    # The cage prepares slips for any table.
    slip_request(actor=cashier, kind="fill", table_id=table.pk, chips=by_value({500: 1}))


def test_a_dealer_cannot_count_another_tables_tray(dealer, dealer_of_table_3, table, chips):
    error = _refused(lambda: tray_count_record(actor=dealer_of_table_3, table_id=table.pk, kind="opener", chips={}))
    assert "you deal table 3, not table 1" in error.message
    assert not TrayCount.objects.exists()
    tray_count_record(actor=dealer, table_id=table.pk, kind="opener", chips={})


def test_a_dealer_at_no_table_is_told_so(shift, cashier, table):
    idle = UserFactory(roles=[Role.DEALER])
    fill = slip_request(actor=cashier, kind="fill", table_id=table.pk, chips=by_value({1_000: 1}))
    slip_issue(actor=cashier, slip_id=fill.pk)
    error = _refused(lambda: slip_receive(actor=idle, slip_id=fill.pk))
    assert "you deal no table now" in error.message


def test_a_floor_manager_signs_at_any_table(shift, cashier, floor_manager, table):
    fill = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 1}))
    slip_issue(actor=cashier, slip_id=fill.pk)
    slip_receive(actor=floor_manager, slip_id=fill.pk)
    tray_count_record(actor=floor_manager, table_id=table.pk, kind="closer", chips=by_value({1_000: 1}))
    assert_ledger_ok()


def test_a_dealer_moved_to_another_table_is_refused_on_the_next_request(
    shift, cashier, dealer, floor_manager, table, make_table, api_for
):
    fill = slip_request(actor=cashier, kind="fill", table_id=table.pk, chips=by_value({1_000: 1}))
    slip_issue(actor=cashier, slip_id=fill.pk)
    client = api_for(dealer)
    # The floor moves the dealer from table 1 to table 4 between two requests.
    DealerAssignment.objects.filter(dealer=dealer, ended_at__isnull=True).update(
        ended_at=timezone.now(), ended_by=floor_manager, end_reason=AssignmentEndReason.MOVED
    )
    deal(make_table(4), dealer)
    response = client.post(
        reverse("api:cashier-slip-receive", args=[fill.pk]), {}, format="json", HTTP_IDEMPOTENCY_KEY=key()
    )
    assert response.status_code == 403
    error = response.json()["error"]
    assert error["code"] == "not_assigned_dealer"
    assert "you deal table 4, not table 1" in error["message"]
    assert Slip.objects.get(pk=fill.pk).status == SlipStatus.ISSUED


def test_the_page_shows_the_refusal(shift, cashier, dealer_of_table_3, table, client_for):
    fill = slip_request(actor=cashier, kind="fill", table_id=table.pk, chips=by_value({1_000: 1}))
    slip_issue(actor=cashier, slip_id=fill.pk)
    page = client_for(dealer_of_table_3).post(
        reverse("cashier:slip_action", args=[fill.pk, "receive"]), {"idempotency_key": key()}, follow=True
    )
    assert "you deal table 3, not table 1" in page.content.decode()
    assert Slip.objects.get(pk=fill.pk).status == SlipStatus.ISSUED
