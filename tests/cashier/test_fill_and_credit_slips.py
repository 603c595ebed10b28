"""Fill and credit slips: two signatures, gap-free numbers per year, void by two people (controls C13, C14, E22)."""

from __future__ import annotations

import pytest
from django.db import transaction

from cashier.models import Slip, SlipStatus
from cashier.services.slips import slip_issue, slip_receive, slip_request, slip_void_confirm, slip_void_request
from config.errors import DomainError
from ledger.models import Account, AccountKind, Balance
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.cashier.helpers import run_concurrently

pytestmark = pytest.mark.django_db


def _tray(table):
    return Balance.objects.filter(account__kind=AccountKind.TRAY, account__table=table, denomination__isnull=False)


def test_a_fill_goes_drawer_to_transit_to_tray_with_two_signatures(shift, cashier, dealer, floor_manager, table):
    slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 20, 500: 10}))
    assert slip.status == SlipStatus.REQUESTED and slip.amount == 25_000
    slip_issue(actor=cashier, slip_id=slip.pk)
    transit = Account.objects.get(kind=AccountKind.TRANSIT)
    assert sum(b.amount for b in transit.balances.all()) == 25_000
    slip = slip_receive(actor=dealer, slip_id=slip.pk)
    assert slip.status == SlipStatus.RECEIVED and slip.issued_by != slip.received_by
    assert sum(b.amount for b in _tray(table)) == 25_000
    assert sum(b.amount for b in transit.balances.all()) == 0
    assert_ledger_ok()


def test_a_credit_goes_tray_to_the_receiving_cashiers_drawer(shift, cashier, dealer, floor_manager, table):
    fill = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 20}))
    slip_issue(actor=cashier, slip_id=fill.pk)
    slip_receive(actor=dealer, slip_id=fill.pk)
    credit = slip_request(actor=dealer, kind="credit", table_id=table.pk, chips=by_value({1_000: 5}))
    slip_issue(actor=dealer, slip_id=credit.pk)
    credit = slip_receive(actor=cashier, slip_id=credit.pk)
    assert credit.shift_id == shift.pk
    assert sum(b.amount for b in _tray(table)) == 15_000
    assert_ledger_ok()


def test_the_issuer_cannot_receive_and_roles_are_checked(shift, cashier, dealer, floor_manager, table):
    slip = slip_request(actor=floor_manager, kind="credit", table_id=table.pk, chips=by_value({1_000: 1}))
    with pytest.raises(DomainError):
        slip_issue(actor=cashier, slip_id=slip.pk)  # a credit is issued at the table
    fill = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 1}))
    with pytest.raises(DomainError):
        slip_issue(actor=dealer, slip_id=fill.pk)  # a fill is issued by the cage
    slip_issue(actor=cashier, slip_id=fill.pk)
    with pytest.raises(DomainError):
        slip_receive(actor=cashier, slip_id=fill.pk)  # the issuer, and not floor staff
    assert Slip.objects.get(pk=fill.pk).status == SlipStatus.ISSUED


def test_a_fill_larger_than_the_drawer_is_refused_and_nothing_moves(cashier, open_shift, floor_manager, table):
    open_shift(cashier, chips={1_000: 2})
    slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 3}))
    with pytest.raises(DomainError) as refused:
        slip_issue(actor=cashier, slip_id=slip.pk)
    assert refused.value.code == "insufficient_balance"
    assert Slip.objects.get(pk=slip.pk).status == SlipStatus.REQUESTED
    assert_ledger_ok()


def test_a_void_needs_a_reason_the_cage_and_a_second_independent_user(
    shift, cashier, second_cashier, floor_manager, dealer, table
):
    slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 10}))
    slip_issue(actor=cashier, slip_id=slip.pk)
    with pytest.raises(DomainError):
        slip_void_request(actor=cashier, slip_id=slip.pk, reason="  ")
    with pytest.raises(DomainError):
        slip_void_request(actor=dealer, slip_id=slip.pk, reason="wrong table")  # not the cage
    slip_void_request(actor=cashier, slip_id=slip.pk, reason="wrong table")
    with pytest.raises(DomainError) as same:
        slip_void_confirm(actor=cashier, slip_id=slip.pk)
    assert same.value.status == 403
    with pytest.raises(DomainError):
        slip_void_confirm(actor=second_cashier, slip_id=slip.pk)  # the cage is not independent
    slip = slip_void_confirm(actor=floor_manager, slip_id=slip.pk)
    assert slip.status == SlipStatus.VOID and slip.void_reason == "wrong table"
    assert slip.void_entry.reverses_id == slip.issue_entry_id
    assert sum(b.amount for b in Account.objects.get(kind=AccountKind.TRANSIT).balances.all()) == 0
    with pytest.raises(DomainError):
        slip_receive(actor=dealer, slip_id=slip.pk)
    assert_ledger_ok()


def test_numbers_stay_sequential_with_voids_per_kind_and_year(shift, cashier, floor_manager, table):
    made = []
    for i in range(6):
        slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({500: 1}))
        if i % 2:
            slip_void_request(actor=cashier, slip_id=slip.pk, reason="test void")
            slip_void_confirm(actor=floor_manager, slip_id=slip.pk)
        made.append(slip)
    credit = slip_request(actor=floor_manager, kind="credit", table_id=table.pk, chips=by_value({500: 1}))
    fills = list(Slip.objects.filter(kind="fill").order_by("number").values_list("number", "status"))
    assert [n for n, _s in fills] == [1, 2, 3, 4, 5, 6]
    assert [s for _n, s in fills].count(SlipStatus.VOID) == 3
    assert credit.number == 1
    assert {s.year for s in made} == {credit.year}


def test_a_rolled_back_request_gives_its_number_back(floor_manager, table, chips):
    slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({500: 1}))
    with pytest.raises(RuntimeError), transaction.atomic():
        slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({500: 1}))
        raise RuntimeError("printer jammed")
    third = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({500: 1}))
    assert third.number == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_concurrent_slip_requests_with_rollbacks_leave_no_gaps(on_postgres, floor_manager, table, chips):
    n = 40

    def work(i: int):
        with transaction.atomic():
            slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({500: 1}))
            if i % 5 == 0:
                raise RuntimeError("forced rollback")
            return slip.number

    results = run_concurrently(n, work)
    numbers = sorted(r for r in results if isinstance(r, int))
    assert len(numbers) == n - n // 5
    assert numbers == list(range(1, len(numbers) + 1))
