"""The accountants' fee report: read from the daily summaries, or (to check them, and in the
benchmark) computed the same way straight from the raw fee records.

A report is one grouped aggregate over the period, plus one per chart
(fees per day, fees per table) unless the grouping already is that, plus
one query per dimension whose names it shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet, Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rake.models import DailyFeeSummary, DropShare, FeeCharge, FeeKind
from rake.selectors.summaries import CHARGE_SUMS, SHARE_SUMS, check_summaries_proven
from tables.models import Game, Table

# Grouping -> the column holding it (the same name in the summaries and the raw records).
GROUPS: dict[str, str] = {
    "gaming_day": "gaming_day",
    "shift": "shift",
    "table": "table_id",
    "game": "game_id",
    "dealer": "dealer_id",
    "kind": "kind",
}
GROUP_LABELS = {
    "gaming_day": gettext_lazy("gaming day"),
    "shift": gettext_lazy("shift"),
    "table": gettext_lazy("table"),
    "game": gettext_lazy("game"),
    "dealer": gettext_lazy("dealer"),
    "kind": gettext_lazy("fee kind"),
}
RATE_STEP = Decimal("0.0001")
HOUR_STEP = Decimal("0.01")


@dataclass(frozen=True)
class ReportFilters:
    day_from: date
    day_to: date
    group_by: str = "gaming_day"
    table_id: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "day_from": self.day_from.isoformat(),
            "day_to": self.day_to.isoformat(),
            "group_by": self.group_by,
            "table_id": self.table_id,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReportFilters:
        return cls(
            day_from=date.fromisoformat(data["day_from"]),
            day_to=date.fromisoformat(data["day_to"]),
            group_by=data.get("group_by") or "gaming_day",
            table_id=data.get("table_id"),
        )


@dataclass
class ReportRow:
    key: Any
    label: str = ""
    hands: int = 0
    pots: int = 0
    fees: int = 0
    percentage_fees: int = 0
    seconds: int = 0
    time_charges: int = 0
    expected: int = 0
    counted: int = 0
    variance: int = 0

    @property
    def rate_percent(self) -> Decimal | None:
        """Percentage fees over pots, in percent, exact to four decimals (no float anywhere)."""
        if not self.pots:
            return None
        return (Decimal(self.percentage_fees) * 100 / Decimal(self.pots)).quantize(RATE_STEP, ROUND_HALF_EVEN)

    @property
    def hours(self) -> Decimal:
        return (Decimal(self.seconds) / 3600).quantize(HOUR_STEP, ROUND_HALF_EVEN)

    def add(self, other: Mapping[str, Any]) -> None:
        for name in NUMBERS:
            setattr(self, name, getattr(self, name) + int(other.get(name) or 0))


NUMBERS = tuple(f.name for f in fields(ReportRow) if f.name not in ("key", "label"))


@dataclass
class FeeReport:
    filters: ReportFilters
    rows: list[ReportRow]
    totals: ReportRow
    fees_per_day: list[tuple[date, int]] = field(default_factory=list)
    fees_per_table: list[tuple[str, int]] = field(default_factory=list)


_SUMMARY_SUMS = {
    "hands": Sum("hands"),
    "pots": Sum("pots"),
    "fees": Sum("fees"),
    "percentage_fees": Sum("fees", filter=Q(kind=FeeKind.PERCENTAGE)),
    "seconds": Sum("seconds"),
    "time_charges": Sum("time_charges"),
    "expected": Sum("expected"),
    "counted": Sum("counted"),
    "variance": Sum("variance"),
}
_CHARGE_SUMS = {**CHARGE_SUMS, "percentage_fees": Sum("fee", filter=Q(kind=FeeKind.PERCENTAGE))}


def _period(rows: QuerySet[Any], filters: ReportFilters) -> QuerySet[Any]:
    rows = rows.filter(gaming_day__range=(filters.day_from, filters.day_to))
    return rows.filter(table_id=filters.table_id) if filters.table_id else rows


def _grouped(rows: QuerySet[Any], column: str, sums: Mapping[str, Any]) -> list[dict[str, Any]]:
    # Aggregates are named apart from the columns they sum (an annotation may not shadow a field).
    named = {f"sum_{name}": aggregate for name, aggregate in sums.items()}
    return [
        {column: values[column], **{name: values[f"sum_{name}"] for name in sums}}
        for values in rows.values(column).annotate(**named).order_by(column)
    ]


def _merge(column: str, *parts: Iterable[dict[str, Any]]) -> dict[Any, ReportRow]:
    merged: dict[Any, ReportRow] = {}
    for part in parts:
        for values in part:
            key = values[column] if values[column] is not None else (0 if column != "kind" else "")
            merged.setdefault(key, ReportRow(key=key)).add(values)
    return merged


def fee_report(filters: ReportFilters) -> FeeReport:
    """The report from the daily summary table, refused when its sources do not prove the rows."""
    check_summaries_proven(day_from=filters.day_from, day_to=filters.day_to)
    column = GROUPS[filters.group_by]
    base = _period(DailyFeeSummary.objects.all(), filters)
    rows = _merge(column, _grouped(base, column, _SUMMARY_SUMS))
    per_day = (
        rows if column == "gaming_day" else _merge("gaming_day", _grouped(base, "gaming_day", {"fees": Sum("fees")}))
    )
    per_table = rows if column == "table_id" else _merge("table_id", _grouped(base, "table_id", {"fees": Sum("fees")}))
    return _report(filters, rows, per_day, per_table)


def fee_report_from_raw(filters: ReportFilters) -> FeeReport:
    """The same report computed from the fee records and drop shares (slow on a month; for checks)."""
    column = GROUPS[filters.group_by]
    charges = _period(FeeCharge.objects.all(), filters)
    shares = _period(DropShare.objects.all(), filters)
    rows = _merge(column, _grouped(charges, column, _CHARGE_SUMS), _grouped(shares, column, SHARE_SUMS))
    per_day = _merge("gaming_day", _grouped(charges, "gaming_day", {"fees": Sum("fee")}))
    per_table = _merge("table_id", _grouped(charges, "table_id", {"fees": Sum("fee")}))
    return _report(filters, rows, per_day, per_table)


def _report(
    filters: ReportFilters,
    rows: dict[Any, ReportRow],
    per_day: dict[Any, ReportRow],
    per_table: dict[Any, ReportRow],
) -> FeeReport:
    numbers = _table_numbers(set(per_table) | (set(rows) if filters.group_by == "table" else set()))
    labels = _labels(filters.group_by, set(rows), numbers)
    order = {k: (numbers.get(k, 0), k) for k in rows} if filters.group_by == "table" else None
    keys = sorted(rows, key=lambda k: order[k]) if order else sorted(rows, key=lambda k: (labels[k], str(k)))
    if filters.group_by in ("gaming_day", "shift"):
        keys = sorted(rows)
    totals = ReportRow(key=None, label=_("Total"))
    for key in keys:
        rows[key].label = labels[key]
        totals.add({name: getattr(rows[key], name) for name in NUMBERS})
    return FeeReport(
        filters=filters,
        rows=[rows[k] for k in keys],
        totals=totals,
        fees_per_day=[(k, per_day[k].fees) for k in sorted(per_day)],
        fees_per_table=[
            (_table_label(k, numbers), per_table[k].fees)
            for k in sorted(per_table, key=lambda k: (numbers.get(k, 0), k))
        ],
    )


def _table_numbers(ids: set[Any]) -> dict[Any, int]:
    return dict(Table.objects.filter(pk__in=ids).values_list("pk", "number")) if ids else {}


def _table_label(pk: Any, numbers: Mapping[Any, int]) -> str:
    return _("Table %(n)s") % {"n": numbers[pk]} if pk in numbers else str(pk)


def _labels(group_by: str, keys: set[Any], numbers: Mapping[Any, int]) -> dict[Any, str]:
    if group_by == "table":
        return {k: _table_label(k, numbers) for k in keys}
    if group_by == "game":
        names = dict(Game.objects.filter(pk__in=keys).values_list("pk", "name"))
        return {k: names.get(k, _("no game")) for k in keys}
    if group_by == "dealer":
        people = {u.pk: u.get_full_name() or u.username for u in User.objects.filter(pk__in=keys)}
        return {k: people.get(k, _("no dealer")) for k in keys}
    if group_by == "kind":
        return {k: str(FeeKind(k).label) if k else _("drop only") for k in keys}
    if group_by == "shift":
        return {k: _("Shift %(n)s") % {"n": k} for k in keys}
    return {k: k.isoformat() for k in keys}
