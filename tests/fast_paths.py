"""Differential tests of the PostgreSQL fast paths: run the same work with the fast paths on and off
(``config.db.fast_paths``) on one database and compare every row of every table afterwards.

``written_both_ways`` runs ``work`` twice inside the test's transaction, each run rolled back once its
rows are read, so both start from the same rows; each also starts from the same sequence values (a
rollback does not give drawn values back, so they are set again), so the rows both runs insert take
the same ids, and an id written into a text or JSON column (an entry's ``ref``, a task's arguments)
matches too. Set aside, and only that: date-times, each run's own ``timezone.now()``, compared as set
or unset. Every other column of every table (updated rows too, history rows, the outbox) must be the
same, the primary keys included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.apps import apps
from django.db import connection, models, transaction
from django.test import override_settings

from config.db import fast_paths

type Snapshot = dict[str, list[dict[str, Any]]]


class _Undo(Exception):
    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot


def _models() -> list[type[models.Model]]:
    return [m for m in apps.get_models(include_auto_created=True) if m._meta.managed and not m._meta.proxy]


def _sequences() -> list[tuple[str, int, bool]]:
    """Every table's id sequence with its value now: (name, last value, whether it was drawn)."""
    found = []
    with connection.cursor() as cursor:
        for model in _models():
            pk = model._meta.pk
            if not isinstance(pk, models.AutoField):
                continue
            cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [model._meta.db_table, pk.column])
            (name,) = cursor.fetchone()
            cursor.execute(f"SELECT last_value, is_called FROM {name}")
            found.append((name, *cursor.fetchone()))
    return found


def _restart(sequences: list[tuple[str, int, bool]]) -> None:
    with connection.cursor() as cursor:
        for name, value, called in sequences:
            cursor.execute("SELECT setval(%s, %s, %s)", [name, value, called])


def _snapshot() -> Snapshot:
    snapshot: Snapshot = {}
    for model in _models():
        fields = model._meta.concrete_fields
        rows = model._base_manager.order_by("pk").values_list(*[f.attname for f in fields])
        snapshot[model._meta.db_table] = [
            {str(f.column): "set" if isinstance(v, datetime) else v for f, v in zip(fields, row, strict=True)}
            for row in rows
        ]
    return snapshot


def _run(work: Callable[[], None], *, fast: bool, sequences: list[tuple[str, int, bool]]) -> Snapshot:
    _restart(sequences)
    with override_settings(CARDROOM_FAST_PATHS=fast):
        assert fast_paths() is fast
        try:
            with transaction.atomic():
                work()
                raise _Undo(_snapshot())
        except _Undo as undone:
            return undone.snapshot
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class BothWays:
    before: Snapshot
    fast: Snapshot
    orm: Snapshot

    def differences(self) -> list[str]:
        """Each table, row and column that differs between the runs, readably."""
        found = []
        for table in sorted(set(self.fast) | set(self.orm)):
            a, b = self.fast.get(table, []), self.orm.get(table, [])
            if len(a) != len(b):
                found.append(f"{table}: {len(a)} rows with the fast paths, {len(b)} without")
                continue
            for k, (x, y) in enumerate(zip(a, b, strict=True)):
                found += [f"{table}[{k}].{c}: {x[c]!r} != {y[c]!r}" for c in sorted(x) if x[c] != y[c]]
        return found

    def new_rows(self, table: str) -> list[dict[str, Any]]:
        """The rows the fast run inserted into ``table`` (its key column is ``id``)."""
        known = {row["id"] for row in self.before[table]}
        return [row for row in self.fast[table] if row["id"] not in known]


def written_both_ways(work: Callable[[], None], *, reset: Callable[[], None] = lambda: None) -> BothWays:
    """Every table after ``work`` with the fast paths on, and after it with them off (``reset`` runs
    before each: per-process caches a rolled-back run must not leave behind). PostgreSQL only."""
    sequences = _sequences()
    before = _snapshot()
    reset()
    fast = _run(work, fast=True, sequences=sequences)
    reset()
    orm = _run(work, fast=False, sequences=sequences)
    return BothWays(before, fast, orm)
