"""Fast path: the changes of an entry applied to its balance rows by one PostgreSQL statement.

ORM twin: the ``F()`` updates at the end of ``ledger.services.balances.balances_apply``, which
SQLite runs, and PostgreSQL too with ``CARDROOM_FAST_PATHS`` off. Differential test:
``tests/ledger/test_fast_paths_write_what_the_orm_writes.py``.

Rules restated here from the models and the twin: the rows are locked in primary-key order (the
lock order of the cage, ``cashier.services.drawers``); a balance never goes below zero (the check
constraint ``cashier_balance_not_negative``), and a change that would take it there is left
undone and reported, for the caller to refuse the whole entry. Table and column names come from
the model's ``_meta`` (``config.db.sql_text``); the ids and changes are parameters.
"""

from __future__ import annotations

from collections.abc import Sequence

from config.db import prepared_cursor, sql_text
from ledger.models import Balance

# Lock first, in primary-key order, then change. A row is changed only after the CTE has
# locked it (the join needs its ``locked`` row), so the rows are locked in id order whatever
# plan runs the UPDATE. ``locked.amount`` is the latest committed balance, read under the lock
# (READ COMMITTED re-reads a row it had to wait for) and unchangeable by anyone else until
# COMMIT, so the new balance is computed and checked from it rather than from the statement's
# snapshot: a decrease waits for a concurrent increase of the same row and counts it (the
# snapshot's older amount would be refused, or fail the CHECK constraint, which PostgreSQL
# tests before it sees the concurrent update). A row the change would take below zero is
# left as it is, missing from RETURNING.
_APPLY_SQL = sql_text(
    """
WITH locked AS MATERIALIZED (
    SELECT {Balance.id} AS id, {Balance.amount} AS amount FROM {Balance}
    WHERE {Balance.id} = ANY(%(ids)s::bigint[]) ORDER BY {Balance.id} FOR UPDATE
), change AS (
    SELECT * FROM unnest(%(ids)s::bigint[], %(deltas)s::bigint[]) AS given(row_id, delta)
)
UPDATE {Balance} b SET {Balance.amount} = locked.amount + change.delta
FROM locked JOIN change ON change.row_id = locked.id
WHERE b.{Balance.id} = locked.id AND locked.amount + change.delta >= 0
RETURNING b.{Balance.id}
""",
    Balance=Balance,
)
STATEMENTS = (_APPLY_SQL,)


def balances_apply_sql(changes: Sequence[tuple[int, int]]) -> set[int]:
    """Apply ``(balance id, change)`` pairs (ids in increasing order); the ids of the rows changed.

    A row missing from the answer was left as it was: its change would have taken it below zero.
    """
    with prepared_cursor() as cursor:
        cursor.execute(_APPLY_SQL, {"ids": [pk for pk, _d in changes], "deltas": [d for _pk, d in changes]})
        return {row[0] for row in cursor.fetchall()}
