"""The daily fee summaries: kept up to date as fees are recorded, and rebuilt from the raw records.

``summary_add`` runs in the transaction that writes the fee record (or the
drop share) it adds, so a summary never counts a record that rolled back.
``summaries_rebuild`` recomputes a range of days from ``FeeCharge`` and
``DropShare``; a test checks that it always gives the maintained rows back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Case, F, IntegerField, Sum, Value, When

from rake.models import DailyFeeSummary, DropShare, FeeCharge, FeeSource
from rake.models.summaries import SUMMARY_KEYS, SUMMARY_SUMS

Key = tuple[date, int, int, int, int, str]


def summary_key(
    *, gaming_day: date, shift: int, table_id: int, game_id: int | None, dealer_id: int | None, kind: str
) -> Key:
    return (gaming_day, shift, table_id, game_id or 0, dealer_id or 0, kind or "")


def summary_add(key: Key, **deltas: int) -> None:
    """Add ``deltas`` to the summary row of ``key`` with ``F()`` increments, creating the row if needed.

    The caller holds the transaction that writes the record being summed.
    """
    deltas = {name: value for name, value in deltas.items() if value}
    if not deltas:
        deltas = {"hands": 0}
    unknown = set(deltas) - set(SUMMARY_SUMS)
    if unknown:
        raise ValueError(f"not summary columns: {sorted(unknown)}")
    where = dict(zip(SUMMARY_KEYS, key, strict=True))
    increments = {name: F(name) + value for name, value in deltas.items()}
    if DailyFeeSummary.objects.filter(**where).update(**increments):
        return
    try:
        with transaction.atomic():
            DailyFeeSummary.objects.create(**where, **deltas)
    except IntegrityError:
        # A concurrent transaction created the row first; add to it (its lock orders the two).
        DailyFeeSummary.objects.filter(**where).update(**increments)


_CHARGE_SUMS: dict[str, Any] = {
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
_SHARE_SUMS: dict[str, Any] = {"expected": Sum("expected"), "counted": Sum("counted"), "variance": Sum("variance")}


def _key_of(values: Mapping[str, Any]) -> Key:
    return summary_key(
        gaming_day=values["gaming_day"],
        shift=values["shift"],
        table_id=values["table_id"],
        game_id=values["game_id"],
        dealer_id=values["dealer_id"],
        kind=values["kind"],
    )


def summaries_compute(*, day_from: date, day_to: date) -> dict[Key, dict[str, int]]:
    """The summary rows of a range of days, computed from the raw records (two grouped queries)."""
    rows: dict[Key, dict[str, int]] = {}
    sources: Iterable[tuple[Any, dict[str, Any]]] = (
        (FeeCharge.objects, _CHARGE_SUMS),
        (DropShare.objects, _SHARE_SUMS),
    )
    for manager, sums in sources:
        grouped = manager.filter(gaming_day__range=(day_from, day_to)).values(*SUMMARY_KEYS).annotate(**sums).order_by()
        for values in grouped:
            row = rows.setdefault(_key_of(values), dict.fromkeys(SUMMARY_SUMS, 0))
            for name in sums:
                row[name] += int(values[name] or 0)
    return rows


@transaction.atomic
def summaries_rebuild(*, day_from: date, day_to: date, batch_size: int = 5000) -> int:
    """Replace the summary rows of ``day_from``..``day_to`` by sums of the raw records; returns the row count."""
    computed = summaries_compute(day_from=day_from, day_to=day_to)
    DailyFeeSummary.objects.filter(gaming_day__range=(day_from, day_to)).delete()
    DailyFeeSummary.objects.bulk_create(
        (DailyFeeSummary(**dict(zip(SUMMARY_KEYS, key, strict=True)), **sums) for key, sums in computed.items()),
        batch_size=batch_size,
    )
    return len(computed)


def summaries_maintained(*, day_from: date, day_to: date) -> dict[Key, dict[str, int]]:
    """The summary rows as maintained, in the shape of ``summaries_compute``."""
    return {
        _key_of(values): {name: values[name] for name in SUMMARY_SUMS}
        for values in DailyFeeSummary.objects.filter(gaming_day__range=(day_from, day_to)).values(
            *SUMMARY_KEYS, *SUMMARY_SUMS
        )
    }
