"""Who sits out of the next hand: players away from the table now, and at Hold'em players back who owe the
blinds that passed them while they were away, and new players who sat down while hands were being dealt
(R12, cases 6 and 7).

Read at hand start under the table's row lock. Nothing extra is stored for
it: what a returning player owes is folded with the engine's
``update_missed`` over the hands dealt at the table since they went away
(each hand's button and blinds, and whether the player was dealt in: a
``HandSeat`` row), and their choice on return (post now or wait for the big
blind) is on their ``SeatAway`` row. Once dealt in again they owe nothing.

A new player is one who sat down (not moved within the table) after the
first hand since the table last opened, and has not been dealt in yet: they
owe as one who missed both blinds (the engine's reading of case 7: the big
blind live and the small blind dead, which buys the button wherever they
sit) and post or wait for the big blind as chosen on sitting down
(``SeatSession.entry``, blank waits).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import cast

from django.db.models import Max

from games.engine import MissedBlinds, Positions, update_missed
from games.engine.button import Return
from games.models import Hand as HandRow
from games.models import HandSeat
from games.services.stacks import Seated
from tables.models import AwayReturn, SeatAway, SeatEntry, SeatSession, TableEvent


@dataclass(frozen=True)
class SittingOut:
    """away: seats whose player is away now (not dealt in, seat kept).
    missed: seats whose player is back and owes blinds missed while away; choices: post or wait, by seat.
    """

    away: frozenset[int] = frozenset()
    missed: Mapping[int, MissedBlinds] = field(default_factory=dict)
    choices: Mapping[int, Return] = field(default_factory=dict)


def sitting_out(
    table_id: int,
    seated: Sequence[Seated],
    aways: Mapping[int, list[SeatAway]],
    dealt: frozenset[int],
    *,
    blinds: bool,
) -> SittingOut:
    """Who is away at the table now and, when the game has ``blinds``, what the players back owe.

    ``aways``: every away of the seated players' sessions, by session, in time
    order; ``dealt``: the sessions dealt in at least once (``table_state`` reads both).
    """
    sessions = {s.session.pk: s.session for s in seated}
    away = frozenset(
        sessions[session_id].seat_number
        for session_id, rows in aways.items()
        if any(row.ended_at is None for row in rows)
    )
    if not blinds:
        return SittingOut(away=away)
    missed: dict[int, MissedBlinds] = {}
    choices: dict[int, Return] = {}
    for seat, session in _new_players(table_id, seated, away, dealt).items():
        missed[seat] = MissedBlinds(small=True, big=True)
        choices[seat] = cast(Return, SeatEntry.POST if session.entry == SeatEntry.POST else SeatEntry.WAIT)
    back = {sid: rows for sid, rows in aways.items() if sessions[sid].seat_number not in away}
    owing_since = _owing_since(back) if back else {}
    if not owing_since:
        return SittingOut(away=away, missed=missed, choices=choices)
    hands = _hand_positions(table_id, since=min(owing_since.values()))
    for session_id, since in owing_since.items():
        seat = sessions[session_id].seat_number
        owed = _owed(hands, since=since, seat=seat)
        if owed.small or owed.big:
            missed[seat] = owed
            latest = back[session_id][-1]
            choices[seat] = cast(Return, latest.return_choice or AwayReturn.POST)
    return SittingOut(away=away, missed=missed, choices=choices)


def _new_players(
    table_id: int, seated: Sequence[Seated], away: frozenset[int], dealt: frozenset[int]
) -> dict[int, SeatSession]:
    """By seat: the players present who sat down while the game was running and were never dealt in."""
    present = {s.session.pk: s.session for s in seated if s.session.seat_number not in away}
    fresh = [session for pk, session in present.items() if pk not in dealt]
    if not fresh:
        return {}
    moved_here = set(
        SeatSession.objects.filter(
            pk__in=[s.moved_from_id for s in fresh if s.moved_from_id is not None], table_id=table_id
        ).values_list("pk", flat=True)
    )
    fresh = [s for s in fresh if s.moved_from_id not in moved_here]  # a seat change at this table is not new
    opened = (
        TableEvent.objects.filter(table_id=table_id, action=TableEvent.Action.OPEN)
        .order_by("-created_at", "-pk")
        .values_list("created_at", flat=True)
        .first()
    )
    hands = HandRow.objects.filter(table_id=table_id, replay_of__isnull=True, corrects__isnull=True)
    if opened is not None:
        hands = hands.filter(created_at__gte=opened)
    first = hands.order_by("pk").values_list("created_at", flat=True).first()
    if first is None:
        return {}
    return {s.seat_number: s for s in fresh if s.started_at > first}


def _owing_since(back: Mapping[int, list[SeatAway]]) -> dict[int, datetime]:
    """For each seat session back from an away since it was last dealt in: the start of its first such away."""
    last_dealt = dict(
        HandSeat.objects.filter(
            seat_session_id__in=list(back), hand__replay_of__isnull=True, hand__corrects__isnull=True
        )
        .values("seat_session_id")
        .annotate(at=Max("hand__created_at"))
        .values_list("seat_session_id", "at")
    )
    since: dict[int, datetime] = {}
    for session_id, rows in back.items():
        dealt_at = last_dealt.get(session_id)
        starts = [row.started_at for row in rows if dealt_at is None or row.started_at > dealt_at]
        if starts:
            since[session_id] = min(starts)
    return since


def _hand_positions(table_id: int, *, since: datetime) -> list[tuple[datetime, Positions]]:
    """The button and blinds of the table's hands from the last one before ``since``, in order.

    A hand with no small blind posted (its seat sat out, or was empty under a
    dead button) counts from its button: the small blind was due after it.
    """
    family = HandRow.objects.filter(table_id=table_id, replay_of__isnull=True, corrects__isnull=True)
    columns = ("created_at", "button", "small_blind_seat", "big_blind_seat")
    before = list(family.filter(created_at__lt=since).order_by("-pk").values_list(*columns)[:1])
    after = list(family.filter(created_at__gte=since).order_by("pk").values_list(*columns))
    return [
        (at, Positions(button, small or button, big or 0))
        for at, button, small, big in before + after
        if big  # a hand without a big blind (none at Club Poker) moves no blinds
    ]


def _owed(hands: Sequence[tuple[datetime, Positions]], *, since: datetime, seat: int) -> MissedBlinds:
    """The blinds that passed ``seat`` over the hands dealt from ``since`` (the player not dealt in to any)."""
    previous: Positions | None = None
    missed: dict[int, MissedBlinds] = {}
    for at, positions in hands:
        if at >= since and previous is not None:
            missed = update_missed(missed, previous, positions, away=[seat])
        previous = positions
    return missed.get(seat, MissedBlinds())
