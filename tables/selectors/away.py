"""Reads of time away from the table: who is away now, and each seat session's away intervals."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db.models import QuerySet

from tables.models import SeatAway

# (away from, back at), the end None while the player is still away.
Interval = tuple[datetime, datetime | None]


def away_intervals(*, session_ids: Iterable[int]) -> dict[int, list[Interval]]:
    """The away intervals of each of these seat sessions, in time order (one query for them all).

    The hourly fee skips them like table pauses (``rake.services.time_charges``).
    """
    intervals: dict[int, list[Interval]] = {}
    rows = (
        SeatAway.objects.filter(seat_session_id__in=list(session_ids))
        .order_by("seat_session_id", "started_at", "pk")
        .values_list("seat_session_id", "started_at", "ended_at")
    )
    for session_id, start, end in rows:
        intervals.setdefault(session_id, []).append((start, end))
    return intervals


def aways_by_session(*, session_ids: Iterable[int]) -> dict[int, list[SeatAway]]:
    """Every away of these seat sessions, in time order, by session (one query): hand start reads them."""
    found: dict[int, list[SeatAway]] = {}
    for away in SeatAway.objects.filter(seat_session_id__in=list(session_ids)).order_by("started_at", "pk"):
        found.setdefault(away.seat_session_id, []).append(away)
    return found


def aways_open(*, table_id: int) -> dict[int, SeatAway]:
    """The players away from a table now, by seat session id (one query)."""
    rows = SeatAway.objects.filter(table_id=table_id, ended_at__isnull=True).select_related("started_by")
    return {away.seat_session_id: away for away in rows}


def seat_is_away(*, session_id: int) -> bool:
    return SeatAway.objects.filter(seat_session_id=session_id, ended_at__isnull=True).exists()


def seat_aways(*, session_id: int) -> QuerySet[SeatAway]:
    """A seat session's aways, latest first (the API lists them)."""
    return (
        SeatAway.objects.filter(seat_session_id=session_id)
        .select_related("seat_session__player", "table", "started_by", "ended_by")
        .order_by("-started_at", "-pk")
    )
