"""The ledger's tables renamed from their cashier and rake names (ledger 0003) on a database with
rows in them: every row is kept, and on PostgreSQL a posted leg still cannot be changed and an
unbalanced entry still cannot commit, before the move and after it.

Transactional tests: the migration runs as it does in production, in its own transaction, and the
balance check acts only at a real COMMIT.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import nullcontext
from typing import Any

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from cashier.services.sales import chip_sale_create
from config.db import on_postgresql
from ledger.models import Account, Balance, Denomination, GamingDayClose, JournalEntry, Leg
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.database_roles import OWNER, connected_as
from tests.factories import home_room

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("ledger", "0002_gaming_day_close_summary_digest")
RENAMED = ("ledger", "0003_tables_named_for_the_ledger")
MODELS = (Account, Balance, Denomination, JournalEntry, Leg, GamingDayClose)
OLD_NAMES = {
    Account: "cashier_account",
    Balance: "cashier_balance",
    Denomination: "cashier_denomination",
    JournalEntry: "cashier_journalentry",
    Leg: "cashier_leg",
    GamingDayClose: "rake_gamingdayclose",
}


def _migrate(target: tuple[str, str] | None = None) -> None:
    """To ``target`` (the last migrations when None), connected as the tables' owner on PostgreSQL, who
    migrates in production (the runtime role the tests run as may not alter a table)."""
    with connected_as(OWNER) if on_postgresql() else nullcontext():
        executor = MigrationExecutor(connection)
        executor.migrate([target] if target else executor.loader.graph.leaf_nodes())


@pytest.fixture
def before_the_rename() -> Iterator[None]:
    """The database at ledger 0002, with the tables under their old names; migrated to the end again
    whatever the test does, so the tests after it find the schema the code expects."""
    _migrate(BEFORE)
    try:
        yield
    finally:
        _migrate(RENAMED)
        _migrate()


@pytest.fixture
def posted(shift, cashier, room_admin) -> None:
    """Rows in every one of the ledger's tables: chips, accounts, balances, a sale's entry and legs,
    a closed gaming day."""
    chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({5_000: 2}))
    GamingDayClose.objects.create(
        room=home_room(),
        gaming_day=timezone.localdate().replace(year=2020),
        created_at=timezone.now(),
        created_by=room_admin,
    )


def _rows(table: str) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)} ORDER BY id")
        return [tuple(row) for row in cursor.fetchall()]


def _tables() -> set[str]:
    with connection.cursor() as cursor:
        return set(connection.introspection.table_names(cursor))


def _raw_entry(leg_table: str, entry_table: str, user_id: int, account_id: int, *, amounts: tuple[int, ...]) -> None:
    """An adjustment written by raw SQL, as no service would: its legs of ``amounts`` on one account."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {entry_table} (reason, gaming_day, memo, ref, created_at, created_by_id) "
            "VALUES ('adjustment', %s, 'raw', '', %s, %s) RETURNING id",
            [timezone.localdate(), timezone.now(), user_id],
        )
        entry_id = cursor.fetchone()[0]
        for amount in amounts:
            cursor.execute(
                f"INSERT INTO {leg_table} (entry_id, account_id, currency, amount) VALUES (%s, %s, 'AMD', %s)",
                [entry_id, account_id, amount],
            )


def test_every_row_is_kept_under_the_ledgers_names(posted):
    _migrate(RENAMED)  # the ledger as the rename left it: its rows had no room yet
    try:
        kept = {model: _rows(model._meta.db_table) for model in MODELS}
        assert all(kept.values())
        _migrate(BEFORE)
        try:
            assert {OLD_NAMES[model] for model in MODELS} <= _tables()
            assert {model._meta.db_table for model in MODELS}.isdisjoint(_tables())
            assert {OLD_NAMES[model]: _rows(OLD_NAMES[model]) for model in MODELS} == {
                OLD_NAMES[model]: rows for model, rows in kept.items()
            }
        finally:
            _migrate(RENAMED)
        assert {model._meta.db_table for model in MODELS} == {f"ledger_{model._meta.model_name}" for model in MODELS}
        assert {model: _rows(model._meta.db_table) for model in MODELS} == kept
        assert set(OLD_NAMES.values()).isdisjoint(_tables())
    finally:
        _migrate()
    assert_ledger_ok()


@pytest.mark.postgres
def test_a_posted_leg_and_an_unbalanced_entry_are_refused_before_and_after_the_move(
    on_postgres, posted, before_the_rename, cashier, shift
):
    account = shift.account_id
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE cashier_leg SET amount = amount * 2")
    with pytest.raises(IntegrityError, match="does not balance"):
        _raw_entry("cashier_leg", "cashier_journalentry", cashier.pk, account, amounts=(100, -99))

    _migrate(RENAMED)

    legs = _rows("ledger_leg")
    for statement in ("UPDATE ledger_leg SET amount = amount * 2", "DELETE FROM ledger_leg"):
        with pytest.raises(DatabaseError, match="Cannot"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL cardroom.allow_truncate = 'off'")
        cursor.execute("TRUNCATE ledger_leg CASCADE")
    assert _rows("ledger_leg") == legs
    with pytest.raises(IntegrityError, match="does not balance"):
        _raw_entry("ledger_leg", "ledger_journalentry", cashier.pk, account, amounts=(100, -99))
    with pytest.raises(IntegrityError, match="needs at least two"):
        _raw_entry("ledger_leg", "ledger_journalentry", cashier.pk, account, amounts=(100,))
    # A leg added later to an entry of an earlier transaction is checked on its own.
    entry_id = JournalEntry.objects.order_by("pk").values_list("pk", flat=True).first()
    assert entry_id is not None
    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        Leg.objects.create(entry_id=entry_id, account_id=account, currency="AMD", amount=1)
    _raw_entry("ledger_leg", "ledger_journalentry", cashier.pk, account, amounts=(100, -100))
    assert JournalEntry.objects.filter(memo="raw").count() == 1
    _migrate()  # the ledger's rooms came after the rename: the check reads them
    assert_ledger_ok()


@pytest.mark.postgres
def test_the_balance_check_is_the_ledgers_own_after_the_move(on_postgres):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgrelid::regclass::text, tgname FROM pg_trigger WHERE tgname LIKE '%%balanced' ORDER BY 1, 2"
        )
        triggers = cursor.fetchall()
        cursor.execute("SELECT proname FROM pg_proc WHERE proname LIKE '%%entry_balanced'")
        functions = [name for (name,) in cursor.fetchall()]
    assert triggers == [("ledger_journalentry", "ledger_entry_balanced"), ("ledger_leg", "ledger_leg_balanced")]
    assert functions == ["ledger_entry_balanced"]


def test_the_move_is_one_transaction():
    """What keeps the guards on through the move: PostgreSQL's DDL is transactional, and the
    migration runs in one transaction only when it is atomic."""
    executor = MigrationExecutor(connection)
    assert executor.loader.get_migration(*RENAMED).atomic
    if on_postgresql():
        assert connection.features.can_rollback_ddl
