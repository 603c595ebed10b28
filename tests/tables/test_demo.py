"""seed_demo builds the demo floor and is idempotent."""

from __future__ import annotations

from config.demo import seed_demo
from tables.models import Expulsion, SeatSession, Table, TableStatus, WaitlistEntry
from tables.selectors import dealer_assigned_now


def test_seed_demo_builds_the_floor_once(db):
    first = seed_demo()
    assert any("expelled" in line for line in first)
    tables = list(Table.objects.all())
    assert [t.status for t in tables] == [TableStatus.OPEN] * 3
    assert all(dealer_assigned_now(table_id=t.pk) for t in tables)
    assert SeatSession.objects.filter(ended_at__isnull=True).count() == 6
    assert WaitlistEntry.objects.count() == 2
    assert Expulsion.objects.count() == 1
    assert [line for line in seed_demo() if not line.startswith(("user", "cashier", "rake", "games"))] == []
