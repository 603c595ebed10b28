"""Per-process memory of committed rows that never change: chip values, balance row ids.

Part of the fast paths (``config.db.fast_paths``), which run only on PostgreSQL,
where a primary key is never handed out twice (sequences survive rollbacks, and
Django's test flush truncates without RESTART IDENTITY); SQLite gives a
rolled-back id out again, so there, as in every ORM twin, each read goes to
the database. What a transaction read is kept only once it has committed,
so a row created by a transaction that then rolled back is never remembered.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import connection, transaction

from config.db import fast_paths

# A store past this many entries starts again from empty (each drawer shift adds its balance rows).
MAX_ENTRIES = 50_000


def remember[K, V](store: dict[K, V], items: Mapping[K, V]) -> None:
    """Add ``items`` to ``store`` once the current transaction commits (at once in autocommit)."""
    if not fast_paths() or not items:
        return
    kept = dict(items)

    def keep() -> None:
        # Still inside an atomic block: a test running its captured on-commit callbacks
        # inside the transaction it will roll back. Nothing read there is kept.
        if connection.in_atomic_block:
            return
        if len(store) + len(kept) > MAX_ENTRIES:
            store.clear()
        store.update(kept)

    transaction.on_commit(keep)
