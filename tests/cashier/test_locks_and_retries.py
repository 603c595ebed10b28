"""Locks in a fixed order and bounded retries of 40001/40P01 (controls A3, A4, G30)."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from cashier.models import ChipTransaction, Slip
from cashier.services.sales import chip_sale_create
from cashier.services.slips import slip_issue, slip_receive, slip_request
from config import transactions as tx
from config.errors import DomainError
from config.roles import Role
from ledger.models import JournalEntry
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.cashier.helpers import run_concurrently
from tests.factories import UserFactory


class _PgError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


def _deadlock() -> OperationalError:
    error = OperationalError("deadlock detected")
    error.__cause__ = _PgError("40P01")
    return error


@pytest.mark.django_db(transaction=True)
def test_a_deadlock_is_retried_and_succeeds(shift, cashier, monkeypatch):
    real = tx.transaction.atomic
    failures = iter([True, True, False])

    class Flaky:
        def __init__(self, *args, **kwargs):
            self.inner = real(*args, **kwargs)

        def __enter__(self):
            return self.inner.__enter__()

        def __exit__(self, *exc):
            if exc[0] is None and next(failures, False):
                self.inner.__exit__(OperationalError, _deadlock(), None)  # roll back, as PostgreSQL would
                raise _deadlock()
            return self.inner.__exit__(*exc)

    monkeypatch.setattr(tx.transaction, "atomic", Flaky)
    txn = chip_sale_create(actor=cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
    monkeypatch.undo()
    assert ChipTransaction.objects.filter(pk=txn.pk).count() == 1
    assert ChipTransaction.objects.count() == 1  # the rolled-back attempts left nothing
    assert_ledger_ok()


@pytest.mark.django_db(transaction=True)
def test_retries_are_bounded_and_leave_no_partial_journal(shift, cashier, monkeypatch):
    calls = []

    def always_deadlocks() -> None:
        calls.append(1)
        raise _deadlock()

    entries = JournalEntry.objects.count()
    with pytest.raises(DomainError) as refused:
        tx.run_atomic(always_deadlocks)
    assert refused.value.code == "retry_exhausted" and refused.value.status == 409
    assert len(calls) == tx.ATTEMPTS
    assert JournalEntry.objects.count() == entries


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_fills_and_credits_on_one_tray_and_drawers_at_once_never_deadlock(
    on_postgres, cashier, open_shift, dealer, floor_manager, table
):
    """Fills lock drawer then cage rows, credits lock cage rows then a drawer: the code orders them by pk."""
    cashiers = [cashier] + [UserFactory(username=f"k{i}", roles=[Role.CASHIER]) for i in range(3)]
    for user in cashiers:
        open_shift(user, chips={1_000: 50}, cash=0)
    seed = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 40}))
    slip_issue(actor=cashier, slip_id=seed.pk)
    slip_receive(actor=dealer, slip_id=seed.pk)
    fills = [
        slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 2})) for _ in range(4)
    ]
    credits = [
        slip_request(actor=dealer, kind="credit", table_id=table.pk, chips=by_value({1_000: 3})) for _ in range(4)
    ]
    for credit in credits:
        slip_issue(actor=dealer, slip_id=credit.pk)

    def work(i: int):
        if i % 2:
            slip = slip_issue(actor=cashiers[i // 2], slip_id=fills[i // 2].pk)
            return slip_receive(actor=dealer, slip_id=slip.pk)
        return slip_receive(actor=cashiers[i // 2], slip_id=credits[i // 2].pk)

    results = run_concurrently(8, work)
    assert all(isinstance(r, Slip) for r in results), results
    assert_ledger_ok()
