"""The floor map's and a table page's reads from the apps around the floor: the hand in play at each table
(games) and the tray count a table that opened or closed waits for (cashier)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from cashier.models import TrayCount, TrayCountKind
from config.gaming_day import current_gaming_day, gaming_day_of
from games.selectors import current_hands_summary
from rooms.models import Room
from tables.models import Table, TableEvent
from tables.selectors.tables import tables_for_user


def tables_with_hands(*, user: AbstractBaseUser | AnonymousUser, room: Room | None) -> list[Table]:
    """The tables of ``room`` ``user`` sees on the floor map, each with ``current_hand``: the hand in play,
    or None."""
    tables = list(tables_for_user(user=user, room=room))
    hands = current_hands_summary(table_ids=[t.pk for t in tables])
    for table in tables:
        table.current_hand = hands.get(table.pk)  # type: ignore[attr-defined]
    return tables


def tray_due(table: Table) -> dict[str, Any] | None:
    """The tray count the table waits for: an opener since it opened, a closer since it closed (today)."""
    last = (
        TableEvent.objects.filter(table=table, action__in=[TableEvent.Action.OPEN, TableEvent.Action.CLOSE])
        .order_by("-created_at", "-pk")
        .first()
    )
    if last is None or gaming_day_of(last.created_at, room=table.room) != current_gaming_day(room=table.room):
        return None
    kind = TrayCountKind.OPENER if last.action == TableEvent.Action.OPEN else TrayCountKind.CLOSER
    if TrayCount.objects.filter(table=table, kind=kind, created_at__gte=last.created_at).exists():
        return None
    return {"kind": kind, "since": last.created_at}
