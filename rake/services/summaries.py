"""The daily fee summaries: kept up to date as fees are recorded, and rebuilt from the raw records.

``summary_add`` runs in the transaction that writes the fee record (or the
drop share) it adds, so a summary never counts a record that rolled back.
``summaries_rebuild`` recomputes a range of days from ``FeeCharge`` and
``DropShare``; a test checks that it always gives the maintained rows back.
Reading them back, and proving them before a report, is ``rake.selectors.summaries``.
"""

from __future__ import annotations

from datetime import date

from django.db import IntegrityError, transaction
from django.db.models import F

from rake.models import DailyFeeSummary
from rake.models.summaries import SUMMARY_KEYS, SUMMARY_SUMS
from rake.selectors.summaries import Key, summaries_compute


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
