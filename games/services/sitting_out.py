"""Who sits out of the next hand: players away from the table now, and at Hold'em players back who owe the
blinds that passed them while they were away, new players who sat down while hands were being dealt, and
players who moved seats past more than two active players (R12, cases 6 and 7).

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

A player who changes seats at the table is not new, but one who moves past
more than two active players must post a big blind (live) at the new seat.
The house reads "past" along the way the blinds go: the players seated after
the old seat and before the new one, counted from the last hand's big blind
in the order it moves (up the seat numbers, round the table). A move the
other way brings the big blind sooner and owes nothing; a move past one or
two players is a courtesy the rule allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import cast

from django.db.models import Max

from games.engine import MissedBlinds, Positions, update_missed
from games.engine.button import Return
from games.engine.setup import HOLDEM_MAX_SEATS
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
    big_blind: int | None = None,
) -> SittingOut:
    """Who is away at the table now and, when the game has ``blinds``, what the players back owe.

    ``aways``: every away of the seated players' sessions, by session, in time
    order; ``dealt``: the sessions dealt in at least once (``table_state`` reads both);
    ``big_blind``: the seat of the last hand's big blind, if any.
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
    fresh = _fresh(seated, away, dealt)
    running = _running_since(table_id) if fresh else None
    # Seated while hands were being dealt, never dealt in since: new, or moved within the table.
    late = [s for s in fresh if running is not None and s.started_at > running]
    moved = _moved_within(table_id, late)
    active = {s.session.seat_number for s in seated if s.session.seat_number not in away}
    for session in late:
        seat, old = session.seat_number, moved.get(session.pk)
        if old is None:
            missed[seat] = MissedBlinds(small=True, big=True)
            choices[seat] = cast(Return, SeatEntry.POST if session.entry == SeatEntry.POST else SeatEntry.WAIT)
        elif big_blind is not None and _players_passed(old, seat, big_blind, active) > 2:
            missed[seat] = MissedBlinds(big=True)
            choices[seat] = cast(Return, SeatEntry.POST)
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


def _fresh(seated: Sequence[Seated], away: frozenset[int], dealt: frozenset[int]) -> list[SeatSession]:
    """The sessions present at the table and never dealt in."""
    return [s.session for s in seated if s.session.seat_number not in away and s.session.pk not in dealt]


def _moved_within(table_id: int, fresh: Sequence[SeatSession]) -> dict[int, int]:
    """Of ``fresh``, the sessions that moved from another seat at this table: their old seat, by session."""
    came_from = {s.moved_from_id: s.pk for s in fresh if s.moved_from_id is not None}
    if not came_from:
        return {}
    old = SeatSession.objects.filter(pk__in=list(came_from), table_id=table_id).values_list("pk", "seat_number")
    return {came_from[pk]: seat for pk, seat in old}


def _players_passed(old: int, new: int, big_blind: int, active: set[int]) -> int:
    """The active players a move from seat ``old`` to ``new`` passes along the way the blinds go (see the
    module's docstring): none when the big blind, going on from ``big_blind``, reaches ``new`` first."""

    def along(seat: int) -> int:  # 0 for the seat the big blind reaches next
        return (seat - big_blind - 1) % HOLDEM_MAX_SEATS

    if along(new) <= along(old):
        return 0
    return sum(1 for seat in active if along(old) < along(seat) < along(new))


def _running_since(table_id: int) -> datetime | None:
    """When the first hand since the table last opened started; None before it."""
    opened = (
        TableEvent.objects.filter(table_id=table_id, action=TableEvent.Action.OPEN)
        .order_by("-created_at", "-pk")
        .values_list("created_at", flat=True)
        .first()
    )
    hands = HandRow.objects.filter(table_id=table_id, replay_of__isnull=True, corrects__isnull=True)
    if opened is not None:
        hands = hands.filter(created_at__gte=opened)
    return hands.order_by("pk").values_list("created_at", flat=True).first()


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
