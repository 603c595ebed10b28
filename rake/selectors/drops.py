"""Drop counts as each role may see them, and the day's reconciliation.

While a count is in progress nobody sees the tallies entered so far nor the
expected amount: a counter's result would otherwise steer the next one.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet, Sum
from django.utils.translation import gettext as _

from config.errors import NotFound
from config.roles import Role, has_any_role
from rake.models import DropCount, DropCountStatus, FeeCharge
from rooms.models import Room
from rooms.selectors import room_ids_of
from tables.models import Table

# Floor managers start counts and explain variances; a count needs two people,
# one of them a floor manager; cashiers count and read (the drop goes to the
# cage); accountants read. Dealers neither count nor read: the box holds their fees.
DROP_STARTER_ROLES = (Role.FLOOR_MANAGER,)
DROP_COUNTER_ROLES = (Role.FLOOR_MANAGER, Role.CASHIER)
DROP_SUPERVISOR_ROLES = (Role.FLOOR_MANAGER,)
DROP_READER_ROLES = (Role.FLOOR_MANAGER, Role.CASHIER, Role.ACCOUNTANT)


def drop_counts_list(
    *, room_ids: Collection[int], gaming_day: date | None = None, table_id: int | None = None
) -> QuerySet[DropCount]:
    """The drop counts of tables of ``room_ids``."""
    rows = DropCount.objects.select_related("table__room", "created_by", "explained_by").filter(
        table__room_id__in=room_ids
    )
    if gaming_day is not None:
        rows = rows.filter(gaming_day=gaming_day)
    if table_id is not None:
        rows = rows.filter(table_id=table_id)
    return rows.order_by("-gaming_day", "-shift", "table__number", "-pk")


def drop_count_get_for_user(*, count_id: int, user: AbstractBaseUser | AnonymousUser) -> DropCount:
    count = (
        DropCount.objects.select_related("table__room", "created_by", "explained_by")
        .prefetch_related("lines__denomination", "tallies__counter", "tallies__lines", "shares")
        .filter(pk=count_id)
        .first()
    )
    # Another room's count is unknown to the reader, as a missing one.
    if count is None or not has_any_role(user, DROP_READER_ROLES) or count.table.room_id not in room_ids_of(user):
        raise NotFound(_("Drop count %(id)s does not exist.") % {"id": count_id}, count_id=count_id)
    return count


def results_visible(count: DropCount) -> bool:
    """Tallies and the expected amount show once the counters agreed."""
    return count.status != DropCountStatus.COUNTING


@dataclass(frozen=True)
class ReconciliationRow:
    table_id: int
    table_number: int
    room: Room
    fees_posted: int
    counts: list[DropCount]

    @property
    def expected(self) -> int:
        return sum(c.expected for c in self.counts)

    @property
    def counted(self) -> int:
        return sum(c.counted or 0 for c in self.counts if c.status == DropCountStatus.FINAL)

    @property
    def variance(self) -> int:
        return sum(c.variance or 0 for c in self.counts if c.status == DropCountStatus.FINAL)

    @property
    def pending(self) -> bool:
        return any(c.status != DropCountStatus.FINAL for c in self.counts)


def drop_reconciliation(*, gaming_day: date, room_ids: Collection[int]) -> list[ReconciliationRow]:
    """Per table of ``room_ids``: fees posted in the day (ledger) next to the day's drop counts, room by
    room (each in its own money). Two queries, three when a table has fees and no count."""
    fees = dict(
        FeeCharge.objects.filter(gaming_day=gaming_day, table__room_id__in=room_ids)
        .values("table_id")
        .annotate(total=Sum("fee"))
        .values_list("table_id", "total")
        .order_by()
    )
    counts: dict[int, list[DropCount]] = {}
    tables: dict[int, Table] = {}
    for count in drop_counts_list(room_ids=room_ids, gaming_day=gaming_day).order_by("table__number", "shift"):
        counts.setdefault(count.table_id, []).append(count)
        tables[count.table_id] = count.table
    if set(fees) - set(tables):
        tables.update((t.pk, t) for t in Table.objects.select_related("room").filter(pk__in=set(fees) - set(tables)))
    return [
        ReconciliationRow(t, tables[t].number, tables[t].room, int(fees.get(t) or 0), counts.get(t, []))
        for t in sorted(tables, key=lambda t: (tables[t].room.name, tables[t].room_id, tables[t].number))
    ]
