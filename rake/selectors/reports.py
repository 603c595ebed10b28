"""The accountants' fee report: read from the daily summaries, or (to check them, and in the
benchmark) computed the same way straight from the raw fee records.

A report covers one room or several (a group accountant's): every row is one room's, and the totals are
one per currency, since two rooms' money is never added unless it is the same money. A report is one
grouped aggregate over the period (by table and the grouping: a table is one room's), plus one per chart
(fees per day, fees per table) unless the grouping already is that, plus one query for the tables' rooms
and one per dimension whose names it shows.
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
from rooms.models import Room
from tables.models import Game, Table

# Grouping -> the column holding it (the same name in the summaries and the raw records); a room is its
# tables' (ROOM is read through them).
ROOM = "room"
GROUPS: dict[str, str] = {
    "room": ROOM,
    "gaming_day": "gaming_day",
    "shift": "shift",
    "table": "table_id",
    "game": "game_id",
    "dealer": "dealer_id",
    "kind": "kind",
}
GROUP_LABELS = {
    "room": gettext_lazy("room"),
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
    # The rooms the report covers, checked against the reader's rooms before a report is made of them.
    room_ids: tuple[int, ...]
    group_by: str = "gaming_day"
    table_id: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "day_from": self.day_from.isoformat(),
            "day_to": self.day_to.isoformat(),
            "room_ids": list(self.room_ids),
            "group_by": self.group_by,
            "table_id": self.table_id,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReportFilters:
        if "room_ids" in data:
            room_ids = tuple(int(pk) for pk in data["room_ids"])
        else:
            # An export asked for before the rooms: the installation was one room, its first room since (where
            # the migrations put every record of then), so its accountants keep it, and a room added
            # later has no part in it.
            room_ids = tuple(Room.objects.order_by("pk").values_list("pk", flat=True)[:1])
        return cls(
            day_from=date.fromisoformat(data["day_from"]),
            day_to=date.fromisoformat(data["day_to"]),
            room_ids=room_ids,
            group_by=data.get("group_by") or "gaming_day",
            table_id=data.get("table_id"),
        )


@dataclass
class ReportRow:
    key: Any
    label: str = ""
    # The room of the row (None for a total) and the currency its amounts are in.
    room: Room | None = None
    currency: str = ""
    exponent: int = 0
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


NUMBERS = tuple(f.name for f in fields(ReportRow) if f.name not in ("key", "label", "room", "currency", "exponent"))


@dataclass
class CurrencyChart:
    """A chart's bars in one currency: two rooms' fees share a chart only when they are the same money."""

    currency: str
    exponent: int
    bars: list[tuple[Any, int]]


@dataclass
class FeeReport:
    filters: ReportFilters
    rooms: list[Room]
    rows: list[ReportRow]
    # One per currency of the rooms covered, in the order of the rooms.
    totals: list[ReportRow]
    fees_per_day: list[CurrencyChart] = field(default_factory=list)
    fees_per_table: list[CurrencyChart] = field(default_factory=list)

    @property
    def several_rooms(self) -> bool:
        return len(self.rooms) > 1


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
    # The summaries name their table by a plain column (derived data, no foreign key): its room is read
    # through the tables.
    rows = rows.filter(table_id__in=Table.objects.filter(room_id__in=filters.room_ids).values("pk"))
    return rows.filter(table_id=filters.table_id) if filters.table_id else rows


def _grouped(rows: QuerySet[Any], column: str, sums: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The sums per table and ``column``: each table is one room's, so the rows are merged into rooms."""
    # Aggregates are named apart from the columns they sum (an annotation may not shadow a field).
    named = {f"sum_{name}": aggregate for name, aggregate in sums.items()}
    columns = ["table_id"] if column in ("table_id", ROOM) else ["table_id", column]
    return [
        {**values, **{name: values[f"sum_{name}"] for name in sums}}
        for values in rows.values(*columns).annotate(**named).order_by(*columns)
    ]


@dataclass(frozen=True)
class _Tables:
    """The tables a report names: their numbers and rooms."""

    numbers: dict[int, int]
    rooms: dict[int, Room]

    @classmethod
    def of(cls, filters: ReportFilters) -> _Tables:
        """One query: the rooms come with their tables (a room without tables has no fees to report)."""
        tables = Table.objects.filter(room_id__in=filters.room_ids).select_related("room").only("pk", "number", "room")
        return cls(numbers={t.pk: t.number for t in tables}, rooms={t.pk: t.room for t in tables})


def _merge(column: str, tables: _Tables, *parts: Iterable[dict[str, Any]]) -> dict[tuple[int, Any], ReportRow]:
    merged: dict[tuple[int, Any], ReportRow] = {}
    for part in parts:
        for values in part:
            room = tables.rooms[values["table_id"]]
            if column == ROOM:
                key: Any = room.pk
            else:
                key = values[column] if values[column] is not None else (0 if column != "kind" else "")
            row = merged.get((room.pk, key))
            if row is None:
                row = merged[(room.pk, key)] = ReportRow(
                    key=key, room=room, currency=room.currency, exponent=room.currency_exponent
                )
            row.add(values)
    return merged


def fee_report(filters: ReportFilters) -> FeeReport:
    """The report from the daily summary table, refused when its sources do not prove the rows."""
    check_summaries_proven(day_from=filters.day_from, day_to=filters.day_to, room_ids=filters.room_ids)
    column = GROUPS[filters.group_by]
    tables = _Tables.of(filters)
    base = _period(DailyFeeSummary.objects.all(), filters)
    rows = _merge(column, tables, _grouped(base, column, _SUMMARY_SUMS))
    per_day = (
        rows
        if column == "gaming_day"
        else _merge("gaming_day", tables, _grouped(base, "gaming_day", {"fees": Sum("fees")}))
    )
    per_table = (
        rows if column == "table_id" else _merge("table_id", tables, _grouped(base, "table_id", {"fees": Sum("fees")}))
    )
    return _report(filters, tables, rows, per_day, per_table)


def fee_report_from_raw(filters: ReportFilters) -> FeeReport:
    """The same report computed from the fee records and drop shares (slow on a month; for checks)."""
    column = GROUPS[filters.group_by]
    tables = _Tables.of(filters)
    charges = _period(FeeCharge.objects.all(), filters)
    shares = _period(DropShare.objects.all(), filters)
    rows = _merge(column, tables, _grouped(charges, column, _CHARGE_SUMS), _grouped(shares, column, SHARE_SUMS))
    per_day = _merge("gaming_day", tables, _grouped(charges, "gaming_day", {"fees": Sum("fee")}))
    per_table = _merge("table_id", tables, _grouped(charges, "table_id", {"fees": Sum("fee")}))
    return _report(filters, tables, rows, per_day, per_table)


def _report(
    filters: ReportFilters,
    tables: _Tables,
    rows: dict[tuple[int, Any], ReportRow],
    per_day: dict[tuple[int, Any], ReportRow],
    per_table: dict[tuple[int, Any], ReportRow],
) -> FeeReport:
    found = {room.pk: room for room in tables.rooms.values()}
    missing = set(filters.room_ids) - set(found)
    if missing:  # a room with no tables yet is still one the report covers, with its currency's total
        found |= {room.pk: room for room in Room.objects.filter(pk__in=missing)}
    rooms = sorted(found.values(), key=lambda r: (r.name, r.pk))
    several = len(rooms) > 1
    room_order = {room.pk: n for n, room in enumerate(rooms)}
    # A row's own label names no room: the report has a room column when it covers several.
    labels = _labels(filters.group_by, {key for _room, key in rows}, tables, several=False)

    def within(key: Any) -> Any:
        if filters.group_by in ("gaming_day", "shift"):
            return key
        if filters.group_by == "table":
            return (tables.numbers.get(key, 0), key)
        return (labels[key], str(key))

    keys = sorted(rows, key=lambda k: (room_order.get(k[0], 0), within(k[1])))
    totals: dict[str, ReportRow] = {}
    for room in rooms:
        label = _("Total %(currency)s") % {"currency": room.currency} if several else _("Total")
        totals.setdefault(
            room.currency, ReportRow(key=None, label=label, currency=room.currency, exponent=room.currency_exponent)
        )
    for key in keys:
        row = rows[key]
        row.label = labels[key[1]]
        totals[row.currency].add({name: getattr(row, name) for name in NUMBERS})
    return FeeReport(
        filters=filters,
        rooms=rooms,
        rows=[rows[k] for k in keys],
        totals=list(totals.values()),
        fees_per_day=_charts(totals, per_day, lambda day: day),
        fees_per_table=_charts(
            totals, per_table, lambda key: _table_label(key, tables, several=several), tables=tables
        ),
    )


def _charts(
    totals: Mapping[str, ReportRow],
    bars: Mapping[tuple[int, Any], ReportRow],
    label: Any,
    *,
    tables: _Tables | None = None,
) -> list[CurrencyChart]:
    """One chart per currency: the bars of the rooms in it, a day's summed over them (the same money)."""
    charts: list[CurrencyChart] = []
    for currency, total in totals.items():
        summed: dict[Any, int] = {}
        for (_room, key), row in bars.items():
            if row.currency == currency:
                summed[key] = summed.get(key, 0) + row.fees
        order = sorted(summed, key=lambda k: (tables.numbers.get(k, 0), k) if tables else k)
        charts.append(CurrencyChart(currency, total.exponent, [(label(k), summed[k]) for k in order]))
    return charts


def _table_label(pk: Any, tables: _Tables, *, several: bool) -> str:
    if pk not in tables.numbers:
        return str(pk)
    if several:
        return _("%(room)s, table %(n)s") % {"room": tables.rooms[pk].code, "n": tables.numbers[pk]}
    return _("Table %(n)s") % {"n": tables.numbers[pk]}


def _labels(group_by: str, keys: set[Any], tables: _Tables, *, several: bool) -> dict[Any, str]:
    if group_by == ROOM:
        names = {room.pk: room.name for room in tables.rooms.values()}
        return {k: names[k] for k in keys}
    if group_by == "table":
        return {k: _table_label(k, tables, several=several) for k in keys}
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
