"""Every movement is one balanced entry with an enumerated reason (controls C, D20)."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.models import Sum

from cashier.services.sales import chip_redemption_create, chip_sale_create
from cashier.services.slips import slip_issue, slip_receive, slip_request
from config.errors import DomainError
from ledger.models import Account, AccountKind, Balance, JournalEntry, Leg, Reason
from ledger.services.posting import LegSpec, check_legs, post_entry
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def test_each_entry_nets_to_zero_per_denomination_and_currency(shift, cashier, dealer, floor_manager, table):
    chip_sale_create(actor=cashier, amount=16_000, method="cash", chips=by_value({10_000: 1, 5_000: 1, 1_000: 1}))
    chip_sale_create(actor=cashier, amount=5_000, method="card", chips=by_value({1_000: 5}))
    chip_redemption_create(actor=cashier, chips=by_value({5_000: 1}))
    slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({500: 20}))
    slip_issue(actor=cashier, slip_id=slip.pk)
    slip_receive(actor=dealer, slip_id=slip.pk)
    for entry in JournalEntry.objects.all():
        sums = entry.legs.values("currency", "denomination").annotate(t=Sum("amount"))
        assert all(row["t"] == 0 for row in sums), entry
        assert entry.legs.count() >= 2
        assert entry.reason in Reason.values
    assert_ledger_ok()


def test_sale_moves_chips_to_players_and_cash_into_the_drawer(shift, cashier):
    before = Balance.objects.get(account=shift.account, denomination__isnull=True).amount
    txn = chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({5_000: 2}))
    assert Balance.objects.get(account=shift.account, denomination__isnull=True).amount == before + 10_000
    outstanding = Account.objects.get(kind=AccountKind.OUTSTANDING)
    assert Balance.objects.get(account=outstanding, denomination__value=5_000).amount == 10_000
    assert txn.entry.reason == Reason.SALE
    assert txn.receipt_no == 1
    assert_ledger_ok()


def test_an_unbalanced_set_of_legs_is_refused_before_anything_is_written(vault, room_admin):
    vault_id = Account.objects.get(kind=AccountKind.VAULT).pk
    issue = Account.objects.get(kind=AccountKind.CHIP_ISSUE).pk
    entries = JournalEntry.objects.count()
    with pytest.raises(DomainError) as refused, transaction.atomic():
        post_entry(
            actor=room_admin,
            reason=Reason.ADJUSTMENT,
            legs=[LegSpec(vault_id, 100), LegSpec(issue, -99)],
            room=home_room(),
        )
    assert refused.value.code == "unbalanced_entry"
    with pytest.raises(DomainError):
        check_legs([LegSpec(vault_id, 100)])
    assert JournalEntry.objects.count() == entries
    assert_ledger_ok()


def test_chips_and_cash_do_not_net_against_each_other(vault, room_admin, chips):
    vault_id = Account.objects.get(kind=AccountKind.VAULT).pk
    issue = Account.objects.get(kind=AccountKind.CHIP_ISSUE).pk
    legs = [LegSpec(vault_id, 1_000, chips[1_000].pk), LegSpec(issue, -1_000)]  # chips in, cash out
    with pytest.raises(DomainError) as refused, transaction.atomic():
        post_entry(actor=room_admin, reason=Reason.ADJUSTMENT, legs=legs, room=home_room())
    assert refused.value.code == "unbalanced_entry"


@pytest.mark.parametrize("reason", ["gift", "", "SALE", "rake"])
def test_a_movement_without_an_enumerated_reason_is_refused(vault, room_admin, chips, reason):
    vault_id = Account.objects.get(kind=AccountKind.VAULT).pk
    issue = Account.objects.get(kind=AccountKind.CHIP_ISSUE).pk
    legs = [LegSpec(vault_id, 1_000, chips[1_000].pk), LegSpec(issue, -1_000, chips[1_000].pk)]
    count = Leg.objects.count()
    with pytest.raises(DomainError) as refused, transaction.atomic():
        post_entry(actor=room_admin, reason=reason, legs=legs, room=home_room())
    assert refused.value.code == "bad_reason"
    assert Leg.objects.count() == count


def test_part_chips_are_refused(vault, room_admin, chips):
    vault_id = Account.objects.get(kind=AccountKind.VAULT).pk
    issue = Account.objects.get(kind=AccountKind.CHIP_ISSUE).pk
    legs = [LegSpec(vault_id, 1_500, chips[1_000].pk), LegSpec(issue, -1_500, chips[1_000].pk)]
    with pytest.raises(DomainError) as refused, transaction.atomic():
        post_entry(actor=room_admin, reason=Reason.ADJUSTMENT, legs=legs, room=home_room())
    assert refused.value.code == "not_whole_chips"
