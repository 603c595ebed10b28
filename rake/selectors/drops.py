"""Drop counts as each role may see them, and the day's reconciliation.

While a count is in progress nobody sees the tallies entered so far nor the
expected amount: a counter's result would otherwise steer the next one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet, Sum
from django.utils.translation import gettext as _

from config.errors import NotFound
from config.roles import Role, has_any_role
from rake.models import DropCount, DropCountStatus, FeeCharge
from tables.models import Table

# Floor managers start counts and explain variances; a count needs two people,
# one of them a floor manager; cashiers count and read (the drop goes to the
# cage); accountants read. Dealers neither count nor read: the box holds their fees.
DROP_STARTER_ROLES = (Role.FLOOR_MANAGER,)
DROP_COUNTER_ROLES = (Role.FLOOR_MANAGER, Role.CASHIER)
DROP_SUPERVISOR_ROLES = (Role.FLOOR_MANAGER,)
DROP_READER_ROLES = (Role.FLOOR_MANAGER, Role.CASHIER, Role.ACCOUNTANT)


def drop_counts_list(*, gaming_day: date | None = None, table_id: int | None = None) -> QuerySet[DropCount]:
    rows = DropCount.objects.select_related("table", "created_by", "explained_by")
    if gaming_day is not None:
        rows = rows.filter(gaming_day=gaming_day)
    if table_id is not None:
        rows = rows.filter(table_id=table_id)
    return rows.order_by("-gaming_day", "-shift", "table__number", "-pk")


def drop_count_get_for_user(*, count_id: int, user: AbstractBaseUser | AnonymousUser) -> DropCount:
    count = (
        DropCount.objects.select_related("table", "created_by", "explained_by")
        .prefetch_related("lines__denomination", "tallies__counter", "tallies__lines", "shares")
        .filter(pk=count_id)
        .first()
    )
    if count is None or not has_any_role(user, DROP_READER_ROLES):
        raise NotFound(_("Drop count %(id)s does not exist.") % {"id": count_id}, count_id=count_id)
    return count


def results_visible(count: DropCount) -> bool:
    """Tallies and the expected amount show once the counters agreed."""
    return count.status != DropCountStatus.COUNTING


@dataclass(frozen=True)
class ReconciliationRow:
    table_id: int
    table_number: int
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


def drop_reconciliation(*, gaming_day: date) -> list[ReconciliationRow]:
    """Per table: fees posted in the day (ledger) next to the day's drop counts. Two queries."""
    fees = dict(
        FeeCharge.objects.filter(gaming_day=gaming_day)
        .values("table_id")
        .annotate(total=Sum("fee"))
        .values_list("table_id", "total")
        .order_by()
    )
    counts: dict[int, list[DropCount]] = {}
    numbers: dict[int, int] = {}
    for count in drop_counts_list(gaming_day=gaming_day).order_by("table__number", "shift"):
        counts.setdefault(count.table_id, []).append(count)
        numbers[count.table_id] = count.table.number
    table_ids = sorted(set(fees) | set(counts))
    if set(fees) - set(numbers):
        numbers.update(Table.objects.filter(pk__in=set(fees) - set(numbers)).values_list("pk", "number"))
    return [
        ReconciliationRow(t, numbers.get(t, 0), int(fees.get(t) or 0), counts.get(t, []))
        for t in sorted(table_ids, key=lambda t: numbers.get(t, 0))
    ]
