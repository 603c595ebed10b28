"""PostgreSQL refuses UPDATE, DELETE and TRUNCATE of posted records and an unbalanced entry at COMMIT.

Controls C10 and C11.

Transactional tests: triggers and deferred constraints act only on real commits.
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone

from cashier.models import ChipTransaction, Slip, SlipLine, TrayCount
from cashier.services.sales import chip_sale_create
from cashier.services.slips import slip_issue, slip_receive, slip_request
from cashier.services.trays import tray_count_record
from ledger.models import JournalEntry, Leg
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.factories import home_room

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def sale(on_postgres, shift, cashier) -> ChipTransaction:
    return chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({5_000: 2}))


def _refused(sql: str, params: list[object] | None = None) -> str:
    with pytest.raises(DatabaseError) as refused, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
    return str(refused.value)


@pytest.mark.parametrize(
    ("sql", "table"),
    [
        ("UPDATE ledger_journalentry SET memo = 'edited' WHERE id = %s", "entry"),
        ("DELETE FROM ledger_journalentry WHERE id = %s", "entry"),
        ("UPDATE ledger_leg SET amount = amount * 2 WHERE entry_id = %s", "leg"),
        ("DELETE FROM ledger_leg WHERE entry_id = %s", "leg"),
        ("UPDATE cashier_chiptransaction SET amount = 1 WHERE entry_id = %s", "receipt"),
        ("DELETE FROM cashier_chiptransaction WHERE entry_id = %s", "receipt"),
    ],
)
def test_raw_sql_cannot_change_or_delete_a_posted_entry(sale, sql, table):
    message = _refused(sql, [sale.entry_id])
    assert "pgtrigger" in message or "Cannot" in message
    sale.entry.refresh_from_db()
    assert sale.entry.memo != "edited"
    assert_ledger_ok()


def test_orm_bulk_update_and_delete_are_refused_too(sale):
    with pytest.raises(DatabaseError), transaction.atomic():
        JournalEntry.objects.filter(pk=sale.entry_id).update(memo="bulk")
    with pytest.raises(DatabaseError), transaction.atomic():
        Leg.objects.filter(entry_id=sale.entry_id).delete()
    with pytest.raises(DatabaseError), transaction.atomic():
        ChipTransaction.objects.filter(pk=sale.pk).update(amount=1)


def test_truncate_is_refused(sale):
    with pytest.raises(DatabaseError) as refused, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL cardroom.allow_truncate = 'off'")
        cursor.execute("TRUNCATE ledger_leg CASCADE")
    assert "append-only" in str(refused.value)


def test_an_entry_with_one_leg_is_refused_at_commit(sale, cashier):
    with pytest.raises(IntegrityError) as refused, transaction.atomic():
        entry = JournalEntry.objects.create(
            room=home_room(),
            reason="adjustment",
            gaming_day=timezone.localdate(),
            created_at=timezone.now(),
            created_by=cashier,
        )
        Leg.objects.create(entry=entry, account_id=sale.shift.account_id, currency="AMD", amount=100)
        # Nothing is refused yet: the check is deferred to COMMIT.
        assert Leg.objects.filter(entry=entry).count() == 1
    assert "leg" in str(refused.value)
    assert not JournalEntry.objects.filter(reason="adjustment").exists()
    assert_ledger_ok()


def test_currencies_that_do_not_net_are_refused_at_commit(sale, cashier):
    account = sale.shift.account_id
    with pytest.raises(IntegrityError) as refused, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO ledger_journalentry (room_id, reason, gaming_day, memo, ref, created_at, created_by_id) "
            "VALUES ((SELECT min(id) FROM rooms_room), 'adjustment', now()::date, 'raw', '', now(), %s) RETURNING id",
            [cashier.pk],
        )
        entry_id = cursor.fetchone()[0]
        cursor.execute(
            "INSERT INTO ledger_leg (entry_id, account_id, currency, amount) VALUES (%s, %s, 'AMD', 100), "
            "(%s, %s, 'EUR', -100)",
            [entry_id, account, entry_id, account],
        )
    assert "does not balance" in str(refused.value)
    assert not JournalEntry.objects.filter(memo="raw").exists()


def test_a_leg_added_later_to_a_posted_entry_is_refused_at_commit(sale):
    with pytest.raises(IntegrityError), transaction.atomic():
        Leg.objects.create(entry_id=sale.entry_id, account_id=sale.shift.account_id, currency="AMD", amount=1)
    assert sale.entry.legs.count() == 4
    assert_ledger_ok()


def _raw_entry(cursor, cashier_id: int, account: int) -> int:
    cursor.execute(
        "INSERT INTO ledger_journalentry (room_id, reason, gaming_day, memo, ref, created_at, created_by_id) "
        "VALUES ((SELECT min(id) FROM rooms_room), 'adjustment', now()::date, 'raw', '', now(), %s) RETURNING id",
        [cashier_id],
    )
    entry_id = int(cursor.fetchone()[0])
    cursor.execute(
        "INSERT INTO ledger_leg (entry_id, account_id, currency, amount) VALUES (%s, %s, 'AMD', 100), "
        "(%s, %s, 'AMD', -100)",
        [entry_id, account, entry_id, account],
    )
    return entry_id


def test_a_leg_added_to_an_entry_of_the_same_transaction_is_checked_with_the_entry(sale, cashier):
    """The legs' own checks are skipped for an entry this transaction wrote: the entry's check counts them."""
    account = sale.shift.account_id
    with pytest.raises(IntegrityError) as refused, transaction.atomic(), connection.cursor() as cursor:
        entry_id = _raw_entry(cursor, cashier.pk, account)
        cursor.execute(
            "INSERT INTO ledger_leg (entry_id, account_id, currency, amount) VALUES (%s, %s, 'AMD', 5)",
            [entry_id, account],
        )
    assert "does not balance" in str(refused.value)
    assert not JournalEntry.objects.filter(memo="raw").exists()


def test_an_entry_written_in_a_savepoint_is_still_checked(sale, cashier):
    account = sale.shift.account_id
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        with transaction.atomic():  # a savepoint: the entry's xmin is the subtransaction's
            entry_id = _raw_entry(cursor, cashier.pk, account)
        cursor.execute(
            "INSERT INTO ledger_leg (entry_id, account_id, currency, amount) VALUES (%s, %s, 'AMD', 5)",
            [entry_id, account],
        )
    assert not JournalEntry.objects.filter(memo="raw").exists()
    with transaction.atomic(), connection.cursor() as cursor:
        _raw_entry(cursor, cashier.pk, account)  # balanced: commits
    assert JournalEntry.objects.filter(memo="raw").count() == 1
    assert_ledger_ok()


def test_a_slip_cannot_be_changed_after_preparation_nor_deleted(
    on_postgres, shift, cashier, dealer, floor_manager, table
):
    slip = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 10}))
    with pytest.raises(DatabaseError), transaction.atomic():
        Slip.objects.filter(pk=slip.pk).update(amount=1)
    with pytest.raises(DatabaseError), transaction.atomic():
        SlipLine.objects.filter(slip=slip).update(amount=1)
    slip_issue(actor=cashier, slip_id=slip.pk)
    with pytest.raises(DatabaseError), transaction.atomic():
        Slip.objects.filter(pk=slip.pk).update(issued_by=dealer)  # a signature, once given, stays
    slip_receive(actor=dealer, slip_id=slip.pk)
    with pytest.raises(DatabaseError), transaction.atomic():
        Slip.objects.filter(pk=slip.pk).update(status="requested")  # received: frozen
    with pytest.raises(DatabaseError), transaction.atomic():
        Slip.objects.filter(pk=slip.pk).delete()
    assert_ledger_ok()


def test_a_tray_count_cannot_be_changed_once_signed(on_postgres, dealer, floor_manager, table, chips):
    count = tray_count_record(actor=dealer, table_id=table.pk, kind="opener", chips={})
    with pytest.raises(DatabaseError), transaction.atomic():
        TrayCount.objects.filter(pk=count.pk).update(total=5)
    TrayCount.objects.filter(pk=count.pk).update(signed_by=floor_manager, signed_at=timezone.now())
    with pytest.raises(DatabaseError), transaction.atomic():
        TrayCount.objects.filter(pk=count.pk).update(signed_by=dealer)
