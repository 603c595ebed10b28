"""The daily fee summaries read back, computed from their sources, and proven before a report shows them.

The summary rows are derived: kept by ``rake.services.summaries.summary_add`` in the transaction of the
fee record or drop share they add, and rebuildable from those records. Nothing in the database stops an
UPDATE of a summary row, so a report proves the rows it reads first: a closed gaming day by the digest
its close recorded of the rows its raw records gave (the close refuses a day whose rows disagree with
them), an open day (or one closed before digests were kept) row by row against the raw records. Every
row that is not proven is named, and the report refuses to show a total built on it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db.models import Case, IntegerField, OuterRef, Subquery, Sum, Value, When
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import Conflict
from config.money import format_money
from ledger.models import GamingDayClose
from rake.models import DailyFeeSummary, DropShare, FeeCharge, FeeSource
from rake.models.summaries import SUMMARY_KEYS, SUMMARY_SUMS
from rooms.models import Room
from tables.models import Table

Key = tuple[date, int, int, int, int, str]
Figures = dict[str, int]


def summary_key(
    *, gaming_day: date, shift: int, table_id: int, game_id: int | None, dealer_id: int | None, kind: str
) -> Key:
    return (gaming_day, shift, table_id, game_id or 0, dealer_id or 0, kind or "")


# What a summary row sums of the fee records and of the drop shares (the report sums the same).
CHARGE_SUMS: dict[str, Any] = {
    "hands": Sum("hands"),
    "pots": Sum("pots"),
    "fees": Sum("fee"),
    "seconds": Sum("seconds"),
    "time_charges": Sum(
        Case(
            When(source=FeeSource.TIME, reverses__isnull=True, then=Value(1)),
            When(source=FeeSource.TIME, then=Value(-1)),
            default=Value(0),
            output_field=IntegerField(),
        )
    ),
}
SHARE_SUMS: dict[str, Any] = {"expected": Sum("expected"), "counted": Sum("counted"), "variance": Sum("variance")}


def _key_of(values: Mapping[str, Any]) -> Key:
    return summary_key(
        gaming_day=values["gaming_day"],
        shift=values["shift"],
        table_id=values["table_id"],
        game_id=values["game_id"],
        dealer_id=values["dealer_id"],
        kind=values["kind"],
    )


def _of_rooms(records: Any, room_ids: Collection[int] | None, *, field: str) -> Any:
    """``records`` of the tables of ``room_ids`` (every room's when None)."""
    if room_ids is None:
        return records
    return records.filter(**{f"{field}__in": Table.objects.filter(room_id__in=room_ids).values("pk")})


def summaries_compute(
    *, day_from: date, day_to: date, skip: Iterable[date] = (), room_ids: Collection[int] | None = None
) -> dict[Key, Figures]:
    """The summary rows of a range of days (less the days in ``skip``) of the tables of ``room_ids``
    (every room's when None), computed from the raw records."""
    rows: dict[Key, Figures] = {}
    for by_key in _computed_by_room_day(day_from=day_from, day_to=day_to, skip=skip, room_ids=room_ids).values():
        rows.update(by_key)
    return rows


def _computed_by_room_day(
    *, day_from: date, day_to: date, skip: Iterable[date], room_ids: Collection[int] | None
) -> dict[tuple[int, date], dict[Key, Figures]]:
    """``summaries_compute`` by (room, gaming day), each record's room read in the same query."""
    out: dict[tuple[int, date], dict[Key, Figures]] = {}
    sources: Iterable[tuple[Any, dict[str, Any]]] = (
        (FeeCharge.objects, CHARGE_SUMS),
        (DropShare.objects, SHARE_SUMS),
    )
    for manager, sums in sources:
        records = _of_rooms(manager.filter(gaming_day__range=(day_from, day_to)), room_ids, field="table_id")
        records = records.exclude(gaming_day__in=sorted(skip))
        for values in records.values("table__room_id", *SUMMARY_KEYS).annotate(**sums).order_by():
            key = _key_of(values)
            by_key = out.setdefault((values["table__room_id"], key[0]), {})
            row = by_key.setdefault(key, dict.fromkeys(SUMMARY_SUMS, 0))
            for name in sums:
                row[name] += int(values[name] or 0)
    return out


def summaries_maintained(
    *, day_from: date, day_to: date, room_ids: Collection[int] | None = None
) -> dict[Key, Figures]:
    """The summary rows as maintained, in the shape of ``summaries_compute``."""
    rows = _of_rooms(DailyFeeSummary.objects.filter(gaming_day__range=(day_from, day_to)), room_ids, field="table_id")
    return {
        _key_of(values): {name: values[name] for name in SUMMARY_SUMS}
        for values in rows.values(*SUMMARY_KEYS, *SUMMARY_SUMS)
    }


def _maintained_by_room_day(
    *, day_from: date, day_to: date, room_ids: Collection[int] | None
) -> dict[tuple[int, date], dict[Key, Figures]]:
    """``summaries_maintained`` by (room, gaming day), each row's room read in the same query."""
    rows = _of_rooms(DailyFeeSummary.objects.filter(gaming_day__range=(day_from, day_to)), room_ids, field="table_id")
    room = Subquery(Table.objects.filter(pk=OuterRef("table_id")).values("room_id")[:1])
    out: dict[tuple[int, date], dict[Key, Figures]] = {}
    for values in rows.annotate(room=room).values("room", *SUMMARY_KEYS, *SUMMARY_SUMS):
        key = _key_of(values)
        out.setdefault((values["room"], key[0]), {})[key] = {name: values[name] for name in SUMMARY_SUMS}
    return out


def summary_digest(rows: Mapping[Key, Figures]) -> str:
    """A SHA-256 of one day's summary rows, in key order; rows of nothing but zeros count as absent."""
    digest = hashlib.sha256()
    for key in sorted(k for k, figures in rows.items() if any(figures.values())):
        figures = rows[key]
        digest.update(repr((key[0].isoformat(), *key[1:], *(figures[n] for n in SUMMARY_SUMS))).encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class SummaryDisagreement:
    """A summary row, by its key, whose figures are not what its sources give: ``recorded`` is the row
    (``None``: no row), ``from_records`` what the fee records and drop shares add up to (``None``: none).
    A closed day whose rows no longer match its close's digest, though they match the raw records, is
    named by its day alone (``key`` is ``None``)."""

    gaming_day: date
    key: Key | None
    recorded: Figures | None
    from_records: Figures | None

    def as_json(self) -> dict[str, Any]:
        named = dict(zip(SUMMARY_KEYS, self.key, strict=True)) if self.key else {}
        return {
            "gaming_day": self.gaming_day.isoformat(),
            **{k: v for k, v in named.items() if k != "gaming_day"},
            "recorded": self.recorded,
            "from_records": self.from_records,
        }


def _nonzero(rows: Mapping[Key, Figures]) -> dict[Key, Figures]:
    return {key: figures for key, figures in rows.items() if any(figures.values())}


def _differences(maintained: Mapping[Key, Figures], computed: Mapping[Key, Figures]) -> list[SummaryDisagreement]:
    kept, raw = _nonzero(maintained), _nonzero(computed)
    return [
        SummaryDisagreement(key[0], key, kept.get(key), raw.get(key))
        for key in sorted(set(kept) | set(raw))
        if kept.get(key) != raw.get(key)
    ]


def summaries_unproven(
    *, day_from: date, day_to: date, room_ids: Collection[int] | None = None
) -> list[SummaryDisagreement]:
    """Every summary row of ``day_from``..``day_to`` of the tables of ``room_ids`` (every room's when None)
    that its sources do not prove (see the module). A close proves one room's day.

    The raw records are read only for the days no close's digest proves in every room asked for: on a
    period of closed days, the proof costs one read of the summary rows the report reads anyway.
    """
    rooms = set(room_ids) if room_ids is not None else set(Room.objects.values_list("pk", flat=True))
    maintained = _maintained_by_room_day(day_from=day_from, day_to=day_to, room_ids=room_ids)
    closes = GamingDayClose.objects.filter(gaming_day__range=(day_from, day_to))
    if room_ids is not None:
        closes = closes.filter(room_id__in=room_ids)
    sealed = {
        (room, day): digest
        for room, day, digest in closes.values_list("room_id", "gaming_day", "summary_digest")
        if digest
    }
    proven = {at for at, digest in sealed.items() if summary_digest(maintained.get(at, {})) == digest}
    days = [day_from + timedelta(days=n) for n in range((day_to - day_from).days + 1)]
    sealed_days = [day for day in days if all((room, day) in proven for room in rooms)]
    if len(sealed_days) == len(days):
        return []
    computed = _computed_by_room_day(day_from=day_from, day_to=day_to, skip=sealed_days, room_ids=room_ids)
    found: list[SummaryDisagreement] = []
    for room, day in sorted((set(maintained) | set(computed) | set(sealed)) - proven, key=lambda at: (at[1], at[0])):
        rows = _differences(maintained.get((room, day), {}), computed.get((room, day), {}))
        if not rows and (room, day) in sealed:
            rows = [SummaryDisagreement(day, None, None, None)]
        found += rows
    return found


def _described(row: SummaryDisagreement, tables: Mapping[int, int]) -> str:
    if row.key is None:
        return _("%(day)s: the rows no longer match the digest of its close") % {"day": row.gaming_day.isoformat()}
    table_id, shift = row.key[2], row.key[1]
    return _("%(day)s, shift %(shift)s, table %(table)s: fees %(recorded)s in the summary, %(raw)s in the records") % {
        "day": row.gaming_day.isoformat(),
        "shift": shift,
        "table": tables.get(table_id, table_id),
        "recorded": format_money((row.recorded or {}).get("fees", 0)),
        "raw": format_money((row.from_records or {}).get("fees", 0)),
    }


# How many disagreeing rows a refusal's message names; the API's details carry every one.
_NAMED = 5


def check_summaries_proven(*, day_from: date, day_to: date, room_ids: Collection[int] | None = None) -> None:
    """Refuse (409) a period whose summary rows (of the tables of ``room_ids``; every room's when None) the
    fee records, drop shares and day closes do not prove."""
    unproven = summaries_unproven(day_from=day_from, day_to=day_to, room_ids=room_ids)
    if not unproven:
        return
    table_ids = {row.key[2] for row in unproven if row.key}
    tables = dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "number"))
    named = "; ".join(_described(row, tables) for row in unproven[:_NAMED])
    raise Conflict(
        ngettext(
            "%(n)s fee summary row does not match the fee records it is kept from (%(rows)s): no total is "
            "shown until the summaries are rebuilt (manage.py rebuild_fee_summaries) and checked.",
            "%(n)s fee summary rows do not match the fee records they are kept from (%(rows)s): no total is "
            "shown until the summaries are rebuilt (manage.py rebuild_fee_summaries) and checked.",
            len(unproven),
        )
        % {"n": len(unproven), "rows": named},
        code="summary_unproven",
        rows=[row.as_json() for row in unproven],
    )
