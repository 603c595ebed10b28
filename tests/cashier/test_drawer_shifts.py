"""Drawer shifts: counted opening bank from the vault, expected vs counted at close, supervisor sign-off."""

from __future__ import annotations

import pytest

from cashier.models import CountKind, ShiftStatus
from cashier.services.drawers import drawer_shift_approve, drawer_shift_close, drawer_shift_open
from cashier.services.sales import chip_sale_create
from config.errors import DomainError
from ledger.models import Account, AccountKind, Balance
from tests.cashier.conftest import assert_ledger_ok, by_value

pytestmark = pytest.mark.django_db


def test_opening_moves_the_counted_bank_from_the_vault(vault, cashier, drawer):
    vault_account = Account.objects.get(kind=AccountKind.VAULT)
    before = Balance.objects.get(account=vault_account, denomination__isnull=True).amount
    shift = drawer_shift_open(actor=cashier, drawer_id=drawer.pk, cash=500_000, chips=by_value({5_000: 10}))
    assert shift.status == ShiftStatus.OPEN
    assert Balance.objects.get(account=vault_account, denomination__isnull=True).amount == before - 500_000
    assert Balance.objects.get(account=shift.account, denomination__value=5_000).amount == 50_000
    assert shift.counts.get(kind=CountKind.OPENING).lines.count() == 2
    assert_ledger_ok()


def test_one_open_drawer_per_cashier_and_per_drawer(shift, cashier, second_cashier, drawer, make_drawer):
    with pytest.raises(DomainError) as twice:
        drawer_shift_open(actor=cashier, drawer_id=make_drawer("W9").pk, cash=0, chips={})
    assert twice.value.code == "drawer_already_open"
    with pytest.raises(DomainError) as taken:
        drawer_shift_open(actor=second_cashier, drawer_id=shift.drawer_id, cash=0, chips={})
    assert taken.value.code == "drawer_in_use"


def test_an_opening_bank_larger_than_the_vault_is_refused(vault, cashier, drawer):
    with pytest.raises(DomainError) as refused:
        drawer_shift_open(actor=cashier, drawer_id=drawer.pk, cash=10**12, chips={})
    assert refused.value.code == "insufficient_balance"
    assert not cashier.drawer_shifts.exists()


def test_a_sale_needs_my_own_open_drawer(vault, cashier):
    with pytest.raises(DomainError) as refused:
        chip_sale_create(actor=cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
    assert refused.value.code == "no_open_drawer"


def test_closing_within_the_threshold_returns_the_bank_to_the_vault(cashier, open_shift, settings):
    shift = open_shift(cashier, cash=100_000, chips={1_000: 10})
    chip_sale_create(actor=cashier, amount=3_000, method="cash", chips=by_value({1_000: 3}))
    settings.CARDROOM_DRAWER_VARIANCE_THRESHOLD = 5_000
    # Expected: cash 103,000 and 7 × 1,000. Counted 1,000 short in cash: within the threshold.
    shift = drawer_shift_close(actor=cashier, shift_id=shift.pk, cash=102_000, chips=by_value({1_000: 7}))
    assert shift.status == ShiftStatus.CLOSED
    assert shift.variance == 1_000 and shift.net_variance == -1_000
    assert all(b.amount == 0 for b in Balance.objects.filter(account=shift.account))
    closing = shift.counts.get(kind=CountKind.CLOSING)
    cash_line = closing.lines.get(denomination__isnull=True)
    assert (cash_line.expected, cash_line.counted) == (103_000, 102_000)
    over_short = Account.objects.get(kind=AccountKind.OVER_SHORT)
    assert sum(over_short.legs.values_list("amount", flat=True)) == 1_000
    assert_ledger_ok()


def test_a_variance_over_the_threshold_waits_for_an_independent_supervisor(
    cashier, open_shift, floor_manager, dealer, settings
):
    settings.CARDROOM_DRAWER_VARIANCE_THRESHOLD = 5_000
    shift = open_shift(cashier, cash=100_000, chips={})
    shift = drawer_shift_close(actor=cashier, shift_id=shift.pk, cash=90_000, chips={})
    assert shift.status == ShiftStatus.PENDING and shift.closing_entry is None
    with pytest.raises(DomainError):
        chip_sale_create(actor=cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
    with pytest.raises(DomainError):
        drawer_shift_approve(actor=dealer, shift_id=shift.pk)
    with pytest.raises(DomainError):
        drawer_shift_approve(actor=cashier, shift_id=shift.pk)
    shift = drawer_shift_approve(actor=floor_manager, shift_id=shift.pk)
    assert shift.status == ShiftStatus.CLOSED and shift.supervisor == floor_manager
    assert_ledger_ok()


def test_a_chip_swap_counts_as_variance(cashier, open_shift, settings):
    settings.CARDROOM_DRAWER_VARIANCE_THRESHOLD = 5_000
    shift = open_shift(cashier, cash=0, chips={5_000: 2})
    shift = drawer_shift_close(actor=cashier, shift_id=shift.pk, cash=0, chips=by_value({10_000: 1}))
    assert shift.net_variance == 0 and shift.variance == 20_000
    assert shift.status == ShiftStatus.PENDING


def test_a_cashier_cannot_close_someone_elses_drawer(shift, second_cashier):
    with pytest.raises(DomainError) as refused:
        drawer_shift_close(actor=second_cashier, shift_id=shift.pk, cash=0, chips={})
    assert refused.value.status == 403
