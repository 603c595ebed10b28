"""The public ledger API the fee engine uses: fee_to_drop_box and post_entry."""

from __future__ import annotations

import pytest
from django.db import transaction

from cashier.services.sales import chip_sale_create
from config.errors import DomainError
from ledger.models import Account, AccountKind, Balance, JournalEntry, Reason
from ledger.services.fees import fee_to_drop_box
from ledger.services.posting import LegSpec, post_entry
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.factories import home_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def chips_in_play(shift, cashier):
    chip_sale_create(
        actor=cashier, amount=16_500, method="cash", chips=by_value({10_000: 1, 5_000: 1, 1_000: 1, 500: 1})
    )


def _box(table) -> int:
    return sum(
        Balance.objects.filter(account__kind=AccountKind.DROP_BOX, account__table=table).values_list(
            "amount", flat=True
        )
    )


def test_a_fee_moves_players_chips_into_the_drop_box(chips_in_play, dealer, table):
    entry = fee_to_drop_box(actor=dealer, table_id=table.pk, amount=1_500, ref="hand:1", room=home_room())
    assert entry.reason == Reason.FEE and entry.ref == "hand:1"
    assert _box(table) == 1_500
    assert_ledger_ok()


def test_a_fee_is_posted_once_per_reference(chips_in_play, dealer, table):
    fee_to_drop_box(actor=dealer, table_id=table.pk, amount=500, ref="hand:7", room=home_room())
    with pytest.raises(DomainError) as twice:
        fee_to_drop_box(actor=dealer, table_id=table.pk, amount=500, ref="hand:7", room=home_room())
    assert twice.value.code == "already_posted"
    time_fee = fee_to_drop_box(
        actor=dealer, table_id=table.pk, amount=1_000, ref="hand:7", reason=Reason.TIME_FEE, room=home_room()
    )
    assert time_fee.reason == Reason.TIME_FEE
    assert _box(table) == 1_500


def test_explicit_chips_must_add_up_and_must_exist(chips_in_play, dealer, table):
    with pytest.raises(DomainError) as mismatch:
        fee_to_drop_box(
            actor=dealer, table_id=table.pk, amount=1_000, ref="hand:2", chips=by_value({500: 1}), room=home_room()
        )
    assert mismatch.value.code == "breakdown_mismatch"
    with pytest.raises(DomainError) as short:
        fee_to_drop_box(
            actor=dealer, table_id=table.pk, amount=1_000, ref="hand:3", chips=by_value({500: 2}), room=home_room()
        )
    assert short.value.code == "insufficient_balance"
    assert not JournalEntry.objects.filter(reason=Reason.FEE).exists()


@pytest.mark.parametrize("amount", [0, -100, 10**16, 1.5, "100"])
def test_bad_fee_amounts_and_reasons_are_refused(chips_in_play, dealer, table, amount):
    with pytest.raises(DomainError):
        fee_to_drop_box(actor=dealer, table_id=table.pk, amount=amount, ref="hand:9", room=home_room())
    with pytest.raises(DomainError):
        fee_to_drop_box(actor=dealer, table_id=table.pk, amount=500, ref="hand:9", reason=Reason.SALE, room=home_room())


def test_a_refused_fee_inside_the_callers_transaction_leaves_nothing(chips_in_play, dealer, table):
    with transaction.atomic():
        with pytest.raises(DomainError):
            fee_to_drop_box(actor=dealer, table_id=table.pk, amount=100_000, ref="hand:4", room=home_room())
        assert not JournalEntry.objects.filter(reason=Reason.FEE).exists()
    assert_ledger_ok()


def test_post_entry_is_the_general_api(chips_in_play, dealer, table, chips):
    outstanding = Account.objects.get(kind=AccountKind.OUTSTANDING).pk
    fee_to_drop_box(actor=dealer, table_id=table.pk, amount=500, ref="hand:5", room=home_room())  # creates the drop box
    box = Account.objects.get(kind=AccountKind.DROP_BOX, table=table).pk
    with transaction.atomic():
        entry = post_entry(
            actor=dealer,
            reason=Reason.FEE,
            legs=[LegSpec(outstanding, -1_000, chips[1_000].pk), LegSpec(box, 1_000, chips[1_000].pk)],
            ref="hand:6",
            room=home_room(),
        )
    assert entry.legs.count() == 2
    assert _box(table) == 1_500
    assert_ledger_ok()


def test_a_place_of_an_unknown_table_is_refused_and_nothing_is_made(db):
    from config.errors import NotFound
    from ledger.models import Account, AccountKind
    from ledger.services.accounts import table_account

    with pytest.raises(NotFound) as refused:
        table_account(table_id=987_654, kind=AccountKind.DROP_BOX)
    assert refused.value.status == 404
    assert not Account.objects.filter(table_id=987_654).exists()
