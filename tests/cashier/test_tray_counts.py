"""Table opener/closer: counted by denomination, two different signers, differences reported at once."""

from __future__ import annotations

import logging

import pytest

from cashier.models import TrayCount
from cashier.services.slips import slip_issue, slip_receive, slip_request
from cashier.services.trays import tray_count_record, tray_count_sign
from config.errors import DomainError
from ledger.models import Balance
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.cashier.helpers import run_concurrently

pytestmark = pytest.mark.django_db


@pytest.fixture
def stocked_tray(shift, cashier, dealer, floor_manager, table):
    slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 20, 500: 10}))
    slip_issue(actor=cashier, slip_id=slip.pk)
    slip_receive(actor=dealer, slip_id=slip.pk)
    return table


def test_a_matching_count_signed_by_dealer_and_floor_manager(stocked_tray, dealer, floor_manager):
    count = tray_count_record(
        actor=dealer, table_id=stocked_tray.pk, kind="opener", chips=by_value({1_000: 20, 500: 10})
    )
    assert count.total == count.expected == 25_000 and count.difference == 0
    count = tray_count_sign(actor=floor_manager, count_id=count.pk)
    assert count.signed_by == floor_manager and count.created_by == dealer


def test_a_difference_is_reported_at_once(stocked_tray, dealer, caplog, django_capture_on_commit_callbacks):
    with caplog.at_level(logging.WARNING, logger="cardroom.cashier"), django_capture_on_commit_callbacks(execute=True):
        count = tray_count_record(actor=dealer, table_id=stocked_tray.pk, kind="closer", chips=by_value({1_000: 19}))
    assert count.difference == -6_000
    assert {(line.denomination.value, line.counted, line.expected) for line in count.lines.all()} == {
        (1_000, 19_000, 20_000),
        (500, 0, 5_000),
    }
    assert "difference -6000" in caplog.text


def test_the_counter_cannot_sign_and_a_signature_is_given_once(stocked_tray, floor_manager, dealer):
    count = tray_count_record(actor=floor_manager, table_id=stocked_tray.pk, kind="opener", chips={})
    with pytest.raises(DomainError) as same:
        tray_count_sign(actor=floor_manager, count_id=count.pk)
    assert same.value.code == "same_user"
    with pytest.raises(DomainError):
        tray_count_sign(actor=dealer, count_id=count.pk)  # a dealer does not sign
    assert TrayCount.objects.get(pk=count.pk).signed_by is None


def test_cashiers_do_not_count_trays(stocked_tray, cashier):
    with pytest.raises(DomainError):
        tray_count_record(actor=cashier, table_id=stocked_tray.pk, kind="opener", chips={})


def test_after_a_closer_fills_and_credits_are_refused_until_the_next_opener(
    stocked_tray, shift, cashier, dealer, floor_manager
):
    from cashier.models import Slip, SlipStatus

    late = slip_request(actor=floor_manager, kind="fill", table_id=stocked_tray.pk, chips=by_value({1_000: 1}))
    slip_issue(actor=cashier, slip_id=late.pk)
    tray_count_record(actor=dealer, table_id=stocked_tray.pk, kind="closer", chips=by_value({1_000: 20, 500: 10}))
    with pytest.raises(DomainError) as refused:
        slip_receive(actor=dealer, slip_id=late.pk)
    assert refused.value.code == "table_closed" and "opener" in refused.value.message
    credit = slip_request(actor=dealer, kind="credit", table_id=stocked_tray.pk, chips=by_value({1_000: 1}))
    with pytest.raises(DomainError):
        slip_issue(actor=dealer, slip_id=credit.pk)
    tray_count_record(actor=dealer, table_id=stocked_tray.pk, kind="opener", chips=by_value({1_000: 20, 500: 10}))
    slip_receive(actor=dealer, slip_id=late.pk)  # lands on the next opening
    assert Slip.objects.get(pk=late.pk).status == SlipStatus.RECEIVED
    assert_ledger_ok()


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_a_closer_counts_exactly_the_committed_movements(on_postgres, shift, cashier, dealer, floor_manager, table):
    seed = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 10}))
    slip_issue(actor=cashier, slip_id=seed.pk)
    slip_receive(actor=dealer, slip_id=seed.pk)
    one = by_value({500: 1})
    fills = [slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=one) for _ in range(6)]
    for fill in fills:
        slip_issue(actor=cashier, slip_id=fill.pk)

    def work(i: int):
        if i == 0:
            return tray_count_record(actor=floor_manager, table_id=table.pk, kind="closer", chips={})
        return slip_receive(actor=dealer, slip_id=fills[i - 1].pk)

    results = run_concurrently(7, work)
    closer = results[0]
    assert isinstance(closer, TrayCount), results
    landed = [r for r in results[1:] if not isinstance(r, Exception)]
    assert all(getattr(r, "code", "table_closed") == "table_closed" for r in results[1:] if isinstance(r, Exception))
    # The closer's expected total is exactly what had landed before it; nothing landed after it.
    assert closer.expected == 10_000 + 500 * len(landed)
    tray = Balance.objects.filter(account__kind="tray", account__table=table, denomination__isnull=False)
    assert sum(tray.values_list("amount", flat=True)) == closer.expected
    assert_ledger_ok()
