"""Correction by reversal: a new entry linked to the original, once only (controls C12)."""

from __future__ import annotations

import pytest

from cashier.models import JournalEntry, Reason
from cashier.services.ledger import entry_reverse
from cashier.services.sales import chip_sale_create
from config.errors import DomainError
from tests.cashier.conftest import assert_ledger_ok, by_value, key

pytestmark = pytest.mark.django_db


@pytest.fixture
def sale(shift, cashier):
    return chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({5_000: 2}))


def test_reversal_posts_the_mirror_entry_linked_to_the_untouched_original(sale, floor_manager):
    original_legs = list(sale.entry.legs.values_list("account_id", "denomination_id", "amount"))
    reversal = entry_reverse(actor=floor_manager, entry_id=sale.entry_id, memo="wrong player")
    assert reversal.reason == Reason.REVERSAL
    assert reversal.reverses_id == sale.entry_id
    mirrored = {(a, d, -x) for a, d, x in original_legs}
    assert set(reversal.legs.values_list("account_id", "denomination_id", "amount")) == mirrored
    sale.entry.refresh_from_db()
    assert list(sale.entry.legs.values_list("account_id", "denomination_id", "amount")) == original_legs
    assert_ledger_ok()


def test_a_second_reversal_fails(sale, floor_manager, admin_user):
    entry_reverse(actor=floor_manager, entry_id=sale.entry_id, memo="first")
    with pytest.raises(DomainError) as refused:
        entry_reverse(actor=admin_user, entry_id=sale.entry_id, memo="second")
    assert refused.value.code == "already_reversed"
    assert JournalEntry.objects.filter(reason=Reason.REVERSAL).count() == 1
    assert_ledger_ok()


def test_a_reversal_cannot_be_reversed(sale, floor_manager, admin_user):
    reversal = entry_reverse(actor=floor_manager, entry_id=sale.entry_id, memo="first")
    with pytest.raises(DomainError) as refused:
        entry_reverse(actor=admin_user, entry_id=reversal.pk, memo="again")
    assert refused.value.code == "not_reversible"


def test_a_cashier_cannot_reverse_and_a_supervisor_needs_a_reason(sale, cashier, floor_manager):
    with pytest.raises(DomainError):
        entry_reverse(actor=cashier, entry_id=sale.entry_id, memo="mine")
    with pytest.raises(DomainError) as refused:
        entry_reverse(actor=floor_manager, entry_id=sale.entry_id, memo=" ")
    assert refused.value.code == "reason_required"
    assert not JournalEntry.objects.filter(reason=Reason.REVERSAL).exists()


def test_reversal_through_the_api_twice_gives_409(sale, floor_manager, api_for):
    api = api_for(floor_manager)
    url = f"/api/v1/cashier/entries/{sale.entry_id}/reverse/"
    first = api.post(url, {"memo": "wrong amount"}, format="json", HTTP_IDEMPOTENCY_KEY=key())
    assert first.status_code == 201, first.content
    second = api.post(url, {"memo": "again"}, format="json", HTTP_IDEMPOTENCY_KEY=key())
    assert second.status_code == 409
    assert second.json()["error"]["code"] == "already_reversed"
    assert_ledger_ok()


def test_a_reversal_that_would_make_a_place_negative_is_refused(shift, cashier, floor_manager):
    sale = chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    from cashier.services.sales import chip_redemption_create

    chip_redemption_create(actor=cashier, chips=by_value({10_000: 1}))
    # Drawer cash went out again; reversing the sale would take the 10,000 chip from players who no longer hold it.
    with pytest.raises(DomainError) as refused:
        entry_reverse(actor=floor_manager, entry_id=sale.entry_id, memo="late")
    assert refused.value.code == "insufficient_balance"
    assert not JournalEntry.objects.filter(reason=Reason.REVERSAL).exists()
    assert_ledger_ok()
