"""Real threads on PostgreSQL: nothing goes negative, the ledger balances (controls A1, A2, A4)."""

from __future__ import annotations

import threading

import pytest
from django.db import connections, transaction
from django.utils import timezone

from cashier.models import ChipTransaction, Drawer, DrawerShift
from cashier.services.drawers import drawer_shift_open
from cashier.services.sales import chip_redemption_create, chip_sale_create
from cashier.services.vault import vault_stock
from config.errors import DomainError
from config.roles import Role
from ledger.models import Account, AccountKind, Balance, Denomination
from ledger.services.accounts import singleton_accounts
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.cashier.helpers import run_concurrently, wait_until_a_session_waits_on_a_lock
from tests.factories import UserFactory, home_room

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]
THREADS = 8


def test_parallel_sales_of_the_last_chips_never_oversell(on_postgres, cashier, open_shift):
    shift = open_shift(cashier, chips={100_000: 3}, cash=0)
    results = run_concurrently(
        THREADS,
        lambda i: chip_sale_create(actor=cashier, amount=100_000, method="cash", chips=by_value({100_000: 1})),
    )
    sold = [r for r in results if isinstance(r, ChipTransaction)]
    refused = [r for r in results if isinstance(r, DomainError)]
    assert len(sold) == 3, results
    assert len(refused) == THREADS - 3
    assert {r.code for r in refused} == {"insufficient_balance"}
    assert Balance.objects.get(account_id=shift.account_id, denomination__value=100_000).amount == 0
    assert sorted(t.receipt_no for t in sold) == [1, 2, 3]  # gap-free under the shift's lock
    assert_ledger_ok()


def test_parallel_redemptions_never_pay_more_cash_than_the_drawer_holds(on_postgres, cashier, open_shift, player):
    shift = open_shift(cashier, chips={}, cash=100_000)
    # Players hold chips bought elsewhere (another drawer) so the redemptions are real.
    seller = UserFactory(username="seller", roles=[Role.CASHIER])
    open_shift(seller, chips={25_000: 10}, cash=0)
    chip_sale_create(actor=seller, amount=250_000, method="cash", chips=by_value({25_000: 10}), player_id=player.pk)
    results = run_concurrently(THREADS, lambda i: chip_redemption_create(actor=cashier, chips=by_value({25_000: 1})))
    paid = [r for r in results if isinstance(r, ChipTransaction)]
    assert len(paid) == 4, results
    assert all(isinstance(r, DomainError) for r in results if not isinstance(r, ChipTransaction))
    assert Balance.objects.get(account_id=shift.account_id, denomination__isnull=True).amount == 0
    assert_ledger_ok()


def test_cashiers_opening_drawers_at_once_never_overdraw_the_vault(on_postgres, room_admin, chips):
    vault_stock(actor=room_admin, cash=0, chips=by_value({100_000: 10}), room=home_room())
    cashiers = [UserFactory(username=f"c{i}", roles=[Role.CASHIER]) for i in range(THREADS)]
    drawers = [Drawer.objects.create(room=home_room(), name=f"W{i}") for i in range(THREADS)]
    results = run_concurrently(
        THREADS,
        lambda i: drawer_shift_open(actor=cashiers[i], drawer_id=drawers[i].pk, cash=0, chips=by_value({100_000: 4})),
    )
    opened = [r for r in results if isinstance(r, DrawerShift)]
    assert len(opened) == 2, results
    vault = Account.objects.get(kind=AccountKind.VAULT)
    assert Balance.objects.get(account=vault, denomination__value=100_000).amount == 200_000
    assert_ledger_ok()


@pytest.mark.parametrize("missing", ["balance row", "account"])
def test_a_denomination_without_balance_rows_sells_concurrently(on_postgres, room_admin, chips, missing):
    """A chip created without its balance rows: the first postings create them (ON CONFLICT DO NOTHING)."""
    new = Denomination.objects.create(room=home_room(), value=50_000, colour="orange", label="50,000")
    assert not Balance.objects.filter(denomination=new).exists()
    vault_stock(actor=room_admin, cash=0, chips={new.pk: 40}, room=home_room())
    cashiers = [UserFactory(username=f"n{i}", roles=[Role.CASHIER]) for i in range(THREADS)]
    for i, user in enumerate(cashiers):
        drawer_shift_open(
            actor=user, drawer_id=Drawer.objects.create(room=home_room(), name=f"N{i}").pk, cash=0, chips={new.pk: 2}
        )
    if missing == "balance row":
        singleton_accounts(AccountKind.OUTSTANDING, room_id=home_room().pk)
        Balance.objects.filter(account__kind=AccountKind.OUTSTANDING, denomination=new).delete()
    else:  # the first sales of the day race to create the players' account itself
        assert not Account.objects.filter(kind=AccountKind.OUTSTANDING).exists()
    results = run_concurrently(
        THREADS, lambda i: chip_sale_create(actor=cashiers[i], amount=100_000, method="cash", chips={new.pk: 2})
    )
    assert all(isinstance(r, ChipTransaction) for r in results), results
    outstanding = Account.objects.get(kind=AccountKind.OUTSTANDING)
    assert Balance.objects.get(account=outstanding, denomination=new).amount == THREADS * 100_000
    assert_ledger_ok()


def test_sales_and_redemptions_mixed_across_drawers_keep_every_invariant(on_postgres, room_admin, chips, open_shift):
    cashiers = [UserFactory(username=f"m{i}", roles=[Role.CASHIER]) for i in range(4)]
    for user in cashiers:
        open_shift(user, chips={1_000: 20, 5_000: 4}, cash=20_000)

    def work(i: int):
        user = cashiers[i % 4]
        if i % 2:
            return chip_redemption_create(actor=user, chips=by_value({1_000: 5}))
        return chip_sale_create(actor=user, amount=10_000, method="cash", chips=by_value({5_000: 1, 1_000: 5}))

    started = timezone.now()
    results = run_concurrently(16, work)
    assert not [r for r in results if not isinstance(r, (ChipTransaction, DomainError))], results
    assert ChipTransaction.objects.filter(created_at__gte=started).count() == sum(
        isinstance(r, ChipTransaction) for r in results
    )
    assert not Balance.objects.filter(amount__lt=0).exists()
    assert_ledger_ok()


def test_a_redemption_waits_for_the_sale_of_the_chips_it_takes_back(on_postgres, cashier, second_cashier, open_shift):
    """A decrease is checked under the row lock against the latest committed balance: it waits for a
    concurrent increase of the same row and counts it, rather than refusing on an older snapshot."""
    open_shift(cashier, chips={25_000: 2}, cash=0)
    open_shift(second_cashier, chips={}, cash=100_000)
    singleton_accounts(AccountKind.OUTSTANDING, room_id=home_room().pk)  # the players hold no 25,000 chip yet
    held, outcome = threading.Event(), []

    def sell() -> None:
        try:
            with transaction.atomic():
                sale = chip_sale_create(actor=cashier, amount=25_000, method="cash", chips=by_value({25_000: 1}))
                held.set()
                wait_until_a_session_waits_on_a_lock()  # the redemption, on the players' 25,000 row
            outcome.append(sale)
        except Exception as exc:  # the test reads it
            outcome.append(exc)
        finally:
            connections.close_all()

    seller = threading.Thread(target=sell)
    seller.start()
    assert held.wait(20)
    paid = chip_redemption_create(actor=second_cashier, chips=by_value({25_000: 1}))
    seller.join(30)
    assert isinstance(outcome[0], ChipTransaction), outcome
    assert paid.amount == 25_000
    outstanding = Balance.objects.get(account__kind=AccountKind.OUTSTANDING, denomination__value=25_000)
    assert outstanding.amount == 0
    assert_ledger_ok()
