"""The statements every hand sends find their rows in the tables that grow with play through indexes,
however much play is recorded.

They are prepared on the server (``config.db.prepared_cursor``), and after a few
runs PostgreSQL keeps one generic plan per connection, made without the
parameters' values. Such a plan cannot use a partial index unless the statement
states the index's condition itself, and a planner that expects many rows per
key may pick a full scan for an ``EXISTS`` or ``LIMIT 1`` that finds none. The
tables below grow with every hand; each statement's generic plan is read with
them full (fake rows, rolled back before the deferred foreign keys are
checked) and must not scan any of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.db import connection, transaction

from games.services.hand_fee_sql import _WRITE
from games.services.recording import _RECORD_SQL
from games.services.table_state import _READ_SQL

GROWING = ("games_hand", "games_handseat", "games_handevent", "games_seatstack", "ledger_journalentry")

# Many rows, few keys: a planner estimate of thousands of rows per seat session is what made a full
# scan look cheaper than the index for a session with none.
_FILL = (
    """INSERT INTO games_hand (id, created_at, gaming_day, number, revision, setup, button, client_hand_id,
        status, seq, pot, fee, created_by_id, game_id, table_id)
    SELECT 10000000 + g, now(), DATE '2026-01-01', g, 1, '{}', 1, 'c' || g, 'complete', 0, 0, 0, 1, 1,
        10000000 + g % 20
    FROM generate_series(1, 5000) g""",
    """INSERT INTO games_handseat (seat_number, start_stack, hand_id, seat_session_id)
    SELECT 1 + g % 10, 100, 10000000 + 1 + g / 10, 10000000 + g % 40 FROM generate_series(0, 49999) g""",
    """INSERT INTO games_handevent (created_at, seq, client_event_id, kind, data, created_by_id, hand_id)
    SELECT now(), g % 20, 'e' || g, 'action', '{}', 1, 10000000 + 1 + g / 20 FROM generate_series(0, 49999) g""",
    """INSERT INTO games_seatstack (created_at, seat_number, kind, change, stack, note, created_by_id,
        seat_session_id, table_id)
    SELECT now(), 1, 'hand', 0, 100, '', 1, 10000000 + g % 40, 10000000 FROM generate_series(1, 50000) g""",
    """INSERT INTO ledger_journalentry (room_id, created_at, reason, gaming_day, memo, ref, created_by_id)
    SELECT (SELECT min(id) FROM rooms_room), now(), 'fee', DATE '2026-01-01', '', 'hand:' || (10000000 + g), 1
    FROM generate_series(1, 30000) g""",
)


def _generic_plan(sql: str) -> str:
    """The plan PostgreSQL keeps for ``sql`` prepared (``%(name)s`` parameters), made without values."""
    names = list(dict.fromkeys(re.findall(r"%\((\w+)\)s", sql)))
    numbered = re.sub(r"%\((\w+)\)s", lambda m: f"${names.index(m.group(1)) + 1}", sql)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        cursor.execute(f"PREPARE hot AS {numbered}")
        cursor.execute(f"EXPLAIN EXECUTE hot({', '.join(['NULL'] * len(names))})")
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("DEALLOCATE hot")
    return plan


@pytest.fixture
def full_tables(on_postgres, db) -> Iterator[None]:
    """The growing tables full of rows that point nowhere, rolled back (with their statistics) before
    the test case checks its deferred foreign keys."""
    with transaction.atomic(), connection.cursor() as cursor:
        for sql in _FILL:
            cursor.execute(sql)
        cursor.execute(f"ANALYZE {', '.join(GROWING)}")
        yield
        transaction.set_rollback(True)


@pytest.mark.parametrize(
    "name, sql, indexes",
    [
        # Was the seat session ever dealt in; the hand already recorded under a client hand id.
        ("hand start's table read", _READ_SQL, ["handseat_session_idx", "hand_client_id_per_table"]),
        ("event insert", _RECORD_SQL, ["games_hand_pkey"]),
        ("fee write", _WRITE.sql, ["cashier_entry_ref_unique"]),  # the fee's entry posted already?
    ],
)
def test_no_hot_statement_scans_a_growing_table(full_tables, name: str, sql: str, indexes: list[str]) -> None:
    plan = _generic_plan(sql)
    scanned = [table for table in GROWING if re.search(rf"Seq Scan on {table}\b", plan)]
    assert scanned == [], f"{name} scans {scanned}:\n{plan}"
    assert [i for i in indexes if i not in plan] == [], plan
