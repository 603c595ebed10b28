"""Correction by reversal: a new entry linked to the original, once only (controls C12).

Who may ask and approve: tests/cashier/test_reversal_needs_two_people.py.
"""

from __future__ import annotations

import pytest

from cashier.models import ReversalStatus
from cashier.services.reversals import reversal_approve, reversal_request
from cashier.services.sales import chip_sale_create
from config.errors import DomainError
from ledger.models import JournalEntry, Reason
from tests.cashier.conftest import assert_ledger_ok, by_value, key

pytestmark = pytest.mark.django_db


@pytest.fixture
def sale(shift, cashier):
    return chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({5_000: 2}))


def _reverse(cashier, floor_manager, entry_id: int, reason: str) -> JournalEntry:
    """The two steps: the cashier asks, the floor manager approves."""
    asked = reversal_request(actor=cashier, entry_id=entry_id, reason=reason)
    reversal = reversal_approve(actor=floor_manager, request_id=asked.pk).reversal
    assert reversal is not None
    return reversal


def test_reversal_posts_the_mirror_entry_linked_to_the_untouched_original(sale, cashier, floor_manager):
    original_legs = list(sale.entry.legs.values_list("account_id", "denomination_id", "amount"))
    reversal = _reverse(cashier, floor_manager, sale.entry_id, "wrong player")
    assert reversal.reason == Reason.REVERSAL
    assert reversal.reverses_id == sale.entry_id
    mirrored = {(a, d, -x) for a, d, x in original_legs}
    assert set(reversal.legs.values_list("account_id", "denomination_id", "amount")) == mirrored
    sale.entry.refresh_from_db()
    assert list(sale.entry.legs.values_list("account_id", "denomination_id", "amount")) == original_legs
    assert_ledger_ok()


def test_a_second_reversal_fails(sale, cashier, floor_manager):
    _reverse(cashier, floor_manager, sale.entry_id, "first")
    with pytest.raises(DomainError) as refused:
        reversal_request(actor=cashier, entry_id=sale.entry_id, reason="second")
    assert refused.value.code == "already_reversed"
    assert JournalEntry.objects.filter(reason=Reason.REVERSAL).count() == 1
    assert_ledger_ok()


def test_a_reversal_cannot_be_reversed(sale, cashier, floor_manager):
    reversal = _reverse(cashier, floor_manager, sale.entry_id, "first")
    with pytest.raises(DomainError) as refused:
        reversal_request(actor=cashier, entry_id=reversal.pk, reason="again")
    assert refused.value.code == "not_reversible"


def test_a_reversal_needs_a_reason(sale, cashier):
    with pytest.raises(DomainError) as refused:
        reversal_request(actor=cashier, entry_id=sale.entry_id, reason=" ")
    assert refused.value.code == "reason_required"
    assert not JournalEntry.objects.filter(reason=Reason.REVERSAL).exists()


def test_reversal_through_the_api_twice_gives_409(sale, cashier, floor_manager, api_for):
    url = "/api/v1/cashier/reversals/create/"
    first = api_for(cashier).post(
        url, {"entry": sale.entry_id, "reason": "wrong amount"}, format="json", HTTP_IDEMPOTENCY_KEY=key()
    )
    assert first.status_code == 201, first.content
    reversal_approve(actor=floor_manager, request_id=first.json()["id"])
    second = api_for(cashier).post(
        url, {"entry": sale.entry_id, "reason": "again"}, format="json", HTTP_IDEMPOTENCY_KEY=key()
    )
    assert second.status_code == 409
    assert second.json()["error"]["code"] == "already_reversed"
    assert_ledger_ok()


def test_a_reversal_that_would_make_a_place_negative_is_refused(shift, cashier, floor_manager):
    sale = chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    from cashier.services.sales import chip_redemption_create

    chip_redemption_create(actor=cashier, chips=by_value({10_000: 1}))
    # Drawer cash went out again; reversing the sale would take the 10,000 chip from players who no longer hold it.
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="late")
    with pytest.raises(DomainError) as refused:
        reversal_approve(actor=floor_manager, request_id=asked.pk)
    assert refused.value.code == "insufficient_balance"
    assert not JournalEntry.objects.filter(reason=Reason.REVERSAL).exists()
    asked.refresh_from_db()
    assert asked.status == ReversalStatus.PENDING  # the refused approval left the request waiting
    assert_ledger_ok()
