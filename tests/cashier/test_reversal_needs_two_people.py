"""A reversal of a cage entry needs two people: a cashier asks, a different floor manager approves
(controls C12, E22). Both are recorded with who and when; nothing moves until the approval."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cashier.models import ReversalRequest, ReversalStatus
from cashier.selectors.counts import shift_balance
from cashier.services.drawers import drawer_expected, drawer_shift_close
from cashier.services.reversals import reversal_approve, reversal_decline, reversal_request
from cashier.services.sales import chip_sale_create
from config.errors import DomainError
from config.roles import Role
from ledger.models import Denomination, JournalEntry, Reason
from ledger.services.posting import LegSpec, post_entry
from tests.cashier.conftest import assert_ledger_ok, by_value, key
from tests.factories import UserFactory, home_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def sale(shift, cashier):
    return chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({5_000: 2}))


def _reversals() -> int:
    return JournalEntry.objects.filter(reason=Reason.REVERSAL).count()


def test_a_floor_manager_alone_takes_no_cash_out_of_an_open_drawer(sale, shift, floor_manager, api_for):
    cash = shift_balance(shift).cash
    api = api_for(floor_manager)
    # The one-person route of before is gone, and asking is the cage's job.
    gone = api.post(
        f"/api/v1/cashier/entries/{sale.entry_id}/reverse/", {"memo": "x"}, format="json", HTTP_IDEMPOTENCY_KEY=key()
    )
    assert gone.status_code == 404
    asked = api.post(
        reverse("api:cashier-reversal-create"),
        {"entry": sale.entry_id, "reason": "wrong player"},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key(),
    )
    assert asked.status_code == 403
    with pytest.raises(DomainError) as refused:
        reversal_request(actor=floor_manager, entry_id=sale.entry_id, reason="wrong player")
    assert refused.value.status == 403
    assert _reversals() == 0 and not ReversalRequest.objects.exists()
    assert shift_balance(shift).cash == cash


def test_a_cashier_asks_and_another_person_a_floor_manager_approves(sale, shift, cashier, floor_manager):
    cash = shift_balance(shift).cash
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong player")
    assert (asked.status, asked.created_by, asked.decided_by) == (ReversalStatus.PENDING, cashier, None)
    assert asked.created_at is not None
    assert _reversals() == 0 and shift_balance(shift).cash == cash  # nothing moves yet
    approved = reversal_approve(actor=floor_manager, request_id=asked.pk)
    assert (approved.status, approved.decided_by) == (ReversalStatus.APPROVED, floor_manager)
    assert approved.decided_at is not None and approved.decided_at >= approved.created_at
    reversal = JournalEntry.objects.get(reason=Reason.REVERSAL)
    assert approved.reversal == reversal and reversal.reverses_id == sale.entry_id
    assert reversal.created_by == floor_manager and reversal.memo == "wrong player"
    assert shift_balance(shift).cash == cash - 10_000
    assert_ledger_ok()


def test_only_a_floor_manager_approves(sale, cashier, second_cashier, accountant, dealer):
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong player")
    for who in (second_cashier, accountant, dealer):
        with pytest.raises(DomainError) as refused:
            reversal_approve(actor=who, request_id=asked.pk)
        assert refused.value.status == 403
    assert _reversals() == 0


def test_the_one_who_asked_cannot_approve_even_holding_both_roles(vault, open_shift, floor_manager):
    both = UserFactory(roles=[Role.CASHIER, Role.FLOOR_MANAGER])
    open_shift(both)
    sale = chip_sale_create(actor=both, amount=1_000, method="cash", chips=by_value({1_000: 1}))
    asked = reversal_request(actor=both, entry_id=sale.entry_id, reason="mine")
    with pytest.raises(DomainError) as refused:
        reversal_approve(actor=both, request_id=asked.pk)
    assert refused.value.code == "same_user"
    with pytest.raises(DomainError) as refused:
        reversal_decline(actor=both, request_id=asked.pk, reason="no")
    assert refused.value.code == "same_user"
    assert reversal_approve(actor=floor_manager, request_id=asked.pk).status == ReversalStatus.APPROVED


def test_a_floor_manager_cannot_approve_the_reversal_of_their_own_entry(vault, cashier, floor_manager, chips):
    from ledger.models import AccountKind
    from ledger.services.accounts import singleton_accounts

    ids = singleton_accounts(AccountKind.VAULT, AccountKind.OVER_SHORT, room_id=home_room().pk)
    with transaction.atomic():
        adjustment = post_entry(
            actor=floor_manager,
            reason=Reason.ADJUSTMENT,
            legs=[LegSpec(ids[AccountKind.VAULT], -500), LegSpec(ids[AccountKind.OVER_SHORT], 500)],
            room=home_room(),
        )
    asked = reversal_request(actor=cashier, entry_id=adjustment.pk, reason="counted twice")
    with pytest.raises(DomainError) as refused:
        reversal_approve(actor=floor_manager, request_id=asked.pk)
    assert refused.value.code == "same_user"
    assert _reversals() == 0


def test_a_decline_records_who_when_and_why_and_moves_nothing(sale, shift, cashier, floor_manager):
    cash = shift_balance(shift).cash
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong player")
    with pytest.raises(DomainError) as refused:
        reversal_decline(actor=floor_manager, request_id=asked.pk, reason=" ")
    assert refused.value.code == "reason_required"
    declined = reversal_decline(actor=floor_manager, request_id=asked.pk, reason="the player is right")
    assert (declined.status, declined.decided_by, declined.decline_reason) == (
        ReversalStatus.DECLINED,
        floor_manager,
        "the player is right",
    )
    assert declined.decided_at is not None and declined.reversal is None
    assert _reversals() == 0 and shift_balance(shift).cash == cash
    # A decision is final; the cashier may ask again, as a new request.
    with pytest.raises(DomainError) as refused:
        reversal_approve(actor=floor_manager, request_id=asked.pk)
    assert refused.value.code == "already_decided"
    again = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="the player came back")
    assert again.pk != asked.pk and ReversalRequest.objects.count() == 2


def test_one_request_waits_at_a_time_and_an_entry_is_reversed_once(sale, cashier, floor_manager):
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong player")
    with pytest.raises(DomainError) as refused:
        reversal_request(actor=cashier, entry_id=sale.entry_id, reason="again")
    assert refused.value.code == "reversal_pending"
    reversal_approve(actor=floor_manager, request_id=asked.pk)
    with pytest.raises(DomainError) as refused:
        reversal_approve(actor=floor_manager, request_id=asked.pk)
    assert refused.value.code == "already_decided"
    with pytest.raises(DomainError) as refused:
        reversal_request(actor=cashier, entry_id=sale.entry_id, reason="third time")
    assert refused.value.code == "already_reversed"
    assert _reversals() == 1
    assert_ledger_ok()


def test_a_cashier_asks_only_for_the_receipts_of_their_own_drawer(sale, second_cashier, open_shift):
    open_shift(second_cashier)
    with pytest.raises(DomainError) as refused:
        reversal_request(actor=second_cashier, entry_id=sale.entry_id, reason="not mine")
    assert refused.value.code == "not_your_drawer"
    assert not ReversalRequest.objects.exists()


def test_through_the_api_the_cashier_asks_and_the_floor_manager_approves(
    sale, cashier, second_cashier, floor_manager, accountant, api_for
):
    asked = api_for(cashier).post(
        reverse("api:cashier-reversal-create"),
        {"entry": sale.entry_id, "reason": "wrong player"},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key(),
    )
    assert asked.status_code == 201, asked.content
    body = asked.json()
    assert (body["status"], body["created_by"], body["decided_by"]) == ("pending", cashier.pk, None)
    pending = api_for(floor_manager).get(reverse("api:cashier-reversals"), {"status": "pending"}).json()["results"]
    assert [row["id"] for row in pending] == [body["id"]]
    assert api_for(second_cashier).get(reverse("api:cashier-reversals")).json()["results"] == []
    refused = api_for(cashier).post(
        reverse("api:cashier-reversal-approve", args=[body["id"]]), {}, format="json", HTTP_IDEMPOTENCY_KEY=key()
    )
    assert refused.status_code == 403
    approved = api_for(floor_manager).post(
        reverse("api:cashier-reversal-approve", args=[body["id"]]), {}, format="json", HTTP_IDEMPOTENCY_KEY=key()
    )
    assert approved.status_code == 200, approved.content
    assert approved.json()["status"] == "approved" and approved.json()["decided_by"] == floor_manager.pk
    read = api_for(accountant).get(reverse("api:cashier-reversals")).json()["results"]
    assert read[0]["reversal"] == JournalEntry.objects.get(reason=Reason.REVERSAL).pk
    assert_ledger_ok()


def test_on_the_pages_the_cashier_asks_from_the_receipt_and_the_floor_manager_approves(
    sale, cashier, floor_manager, accountant, client_for
):
    cashier_page = client_for(cashier)
    receipt = reverse("cashier:receipt", args=[sale.pk])
    assert b"Ask for a reversal" in cashier_page.get(receipt).content
    asked = cashier_page.post(
        reverse("cashier:reversal_request"), {"idempotency_key": key(), "entry": sale.entry_id, "reason": "wrong"}
    )
    assert asked.status_code == 303 and asked["Location"] == receipt
    assert b'data-testid="reversal-pending"' in cashier_page.get(receipt).content
    listed = client_for(floor_manager).get(reverse("cashier:reversals")).content.decode()
    assert listed.count('data-testid="pending-reversal"') == 1 and "Approve and reverse" in listed
    assert "Approve and reverse" not in client_for(accountant).get(reverse("cashier:reversals")).content.decode()
    [request] = ReversalRequest.objects.all()
    done = client_for(floor_manager).post(
        reverse("cashier:reversal_action", args=[request.pk, "approve"]), {"idempotency_key": key()}
    )
    assert done.status_code == 303
    request.refresh_from_db()
    assert request.status == ReversalStatus.APPROVED and request.decided_by == floor_manager
    assert b"REVERSED" in cashier_page.get(receipt).content
    assert_ledger_ok()


def test_on_the_pages_the_floor_manager_declines_saying_why(sale, cashier, floor_manager, client_for):
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong")
    client_for(floor_manager).post(
        reverse("cashier:reversal_action", args=[asked.pk, "decline"]),
        {"idempotency_key": key(), "reason": "no mistake"},
    )
    asked.refresh_from_db()
    assert (asked.status, asked.decline_reason) == (ReversalStatus.DECLINED, "no mistake")
    assert "no mistake" in client_for(cashier).get(reverse("cashier:reversals")).content.decode()
    assert _reversals() == 0


def test_the_reversal_lists_do_not_grow_queries_with_rows(shift, cashier, floor_manager, accountant, client_for):
    pages = [
        (client_for(floor_manager), reverse("cashier:reversals")),
        (client_for(cashier), reverse("cashier:reversals")),
        (client_for(accountant), reverse("api:cashier-reversals")),
    ]

    def add_rows() -> None:
        for decide in (None, "approve", "decline"):
            sale = chip_sale_create(actor=cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
            asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="test")
            if decide == "approve":
                reversal_approve(actor=floor_manager, request_id=asked.pk)
            elif decide == "decline":
                reversal_decline(actor=floor_manager, request_id=asked.pk, reason="no")

    def queries(client, url: str) -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        return len(ctx.captured_queries)

    add_rows()
    few = [queries(c, u) for c, u in pages]
    for _ in range(5):
        add_rows()
    assert [queries(c, u) for c, u in pages] == few


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_a_request_cannot_be_rewritten_and_a_decision_is_final_in_the_database(
    on_postgres, sale, cashier, floor_manager
):
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong player")
    with pytest.raises(DatabaseError), transaction.atomic():
        ReversalRequest.objects.filter(pk=asked.pk).update(reason="something else")
    reversal_decline(actor=floor_manager, request_id=asked.pk, reason="no")
    with pytest.raises(DatabaseError), transaction.atomic():
        ReversalRequest.objects.filter(pk=asked.pk).update(decline_reason="rewritten afterwards")
    with pytest.raises(DatabaseError), transaction.atomic():
        ReversalRequest.objects.filter(pk=asked.pk).delete()
    assert ReversalRequest.objects.get(pk=asked.pk).status == ReversalStatus.DECLINED


def test_a_receipt_of_a_closed_shift_is_not_reversed_and_the_refusal_says_why(sale, shift, cashier, floor_manager):
    asked = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong player")
    expected = drawer_expected(shift)
    cash = expected.pop(None, 0)
    values = dict(Denomination.objects.values_list("pk", "value"))
    counts = {d: amount // values[d] for d, amount in expected.items() if d is not None}
    drawer_shift_close(actor=cashier, shift_id=shift.pk, cash=cash, chips=counts)
    with pytest.raises(DomainError) as refused:
        reversal_approve(actor=floor_manager, request_id=asked.pk)
    assert refused.value.code == "shift_closed" and sale.receipt_label in refused.value.message
    assert _reversals() == 0
    declined = reversal_decline(actor=floor_manager, request_id=asked.pk, reason="the shift is closed")
    assert declined.status == ReversalStatus.DECLINED
    with pytest.raises(DomainError) as again:
        reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong player")
    assert again.value.code == "shift_closed"
