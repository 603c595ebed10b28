"""Completing a hand, in the transaction of its last event.

One transaction stores the pots with their winners, shares and fee, each
seat's final stack (the stack at the next hand), the showdown descriptions,
and the status change; a Club Poker tie carried to a replay creates the
linked replay hand at once, dealt to the tied players with the bank carried,
so the bank is charged once, by the hand that finally awards it.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User

from config.db import Rows, insert_all
from games.engine import Hand, start_replay
from games.models import Hand as HandRow
from games.models import HandSeat, HandStatus, HandStatusChange, SeatStack, StackKind
from games.models.results import result_rows
from games.models.setup import setup_to_dict
from games.services.common import next_number
from games.services.state import remember_on_commit


def _stacks(actor: User, hand: HandRow, seats: list[HandSeat], final: dict[int, int], now: datetime) -> list[SeatStack]:
    return [
        SeatStack(
            table_id=hand.table_id,
            seat_session_id=s.seat_session_id,
            seat_number=s.seat_number,
            kind=StackKind.HAND,
            change=final[s.seat_number] - s.start_stack,
            stack=final[s.seat_number],
            hand=hand,
            created_at=now,
            created_by=actor,
        )
        for s in seats
        if s.seat_session_id is not None and s.seat_number in final
    ]


def _replay_hand(actor: User, hand: HandRow, state: Hand, seats: list[HandSeat], now: datetime) -> HandRow:
    replay = start_replay(state)
    setup = replay.setup
    row = HandRow.objects.create(
        table_id=hand.table_id,
        game_id=hand.game_id,
        gaming_day=hand.gaming_day,
        number=next_number(hand.table_id, hand.gaming_day),
        dealer_id=hand.dealer_id,
        sign_version_id=hand.sign_version_id,
        fee_policy_id=hand.fee_policy_id,
        setup=setup_to_dict(setup),
        button=setup.button,
        replay_of=hand,
        pot=setup.carried,
        created_at=now,
        created_by=actor,
    )
    tied = set(replay.seats)
    HandSeat.objects.bulk_create(
        HandSeat(
            hand=row,
            seat_number=s.seat_number,
            player_id=s.player_id,
            seat_session_id=s.seat_session_id,
            start_stack=setup.stacks[s.seat_number],
        )
        for s in seats
        if s.seat_number in tied
    )
    remember_on_commit(row, replay)
    return row


def store_result(*, hand: HandRow, state: Hand, now: datetime) -> None:
    """Insert the result and the pots of a finished ``state`` and set the hand's pot, fee and end."""
    insert_all(result_rows(hand=hand, state=state, now=now))


def post_fees(*, actor: User, hand: HandRow) -> None:
    """Hand the fee to the rake app's ledger posting, in this transaction (idempotent per hand there).

    A completed hand posts its fee; a voided or superseded one reverses it;
    a misdeal posts nothing. When the ledger refuses (e.g. the chips
    outstanding cannot make up the amount) the hand is still recorded as
    dealt and the refusal is logged; ``hand_fees_sweep`` posts it later.
    """
    from games.services.hand_fees import hand_fees_post_in_recording

    hand_fees_post_in_recording(actor=actor, hand=hand)


def status_change(*, actor: User, hand: HandRow, to: str, reason: str, now: datetime) -> None:
    """Move the hand's status and append the change (the caller saves ``status`` with the head)."""
    status_change_row(actor=actor, hand=hand, to=to, reason=reason, now=now).save(force_insert=True)


def status_change_row(*, actor: User, hand: HandRow, to: str, reason: str, now: datetime) -> HandStatusChange:
    """The change of the hand's status, not inserted yet; moves ``hand.status``."""
    row = HandStatusChange(
        hand=hand, from_status=hand.status, to_status=to, reason=reason, created_at=now, created_by=actor
    )
    hand.status = to
    return row


def completion_rows(*, actor: User, hand: HandRow, state: Hand, now: datetime, seats: list[HandSeat]) -> list[Rows]:
    """The rows that complete ``hand`` with how ``state`` ended, not inserted yet: the result and the pots,
    the status change, each seat's final stack. Sets the head's pot, fee, end and status."""
    result = state.result
    assert result is not None, "only a finished hand is completed"
    rows = result_rows(hand=hand, state=state, now=now)
    to = HandStatus.MISDEAL if result.misdeal else HandStatus.COMPLETE
    reason = "misdeal" if result.misdeal else "hand over"
    rows.append((HandStatusChange, [status_change_row(actor=actor, hand=hand, to=to, reason=reason, now=now)]))
    if not result.misdeal:
        ordered = sorted(seats, key=lambda s: s.seat_number)
        rows.append((SeatStack, _stacks(actor, hand, ordered, dict(result.final_stacks), now)))
    return rows


def hand_complete(
    *, actor: User, hand: HandRow, state: Hand, now: datetime, seats: list[HandSeat] | None = None
) -> HandRow | None:
    """Store how ``state`` ended; returns the replay hand it left due, if any.

    The caller holds the hand's row lock and has set ``hand.seq``; the head is
    saved here, before a replay hand opens (one open hand per table). ``seats``:
    the hand's seats when the caller has them (it just inserted them).
    """
    if seats is None:
        seats = list(HandSeat.objects.filter(hand=hand).order_by("seat_number"))
    rows = completion_rows(actor=actor, hand=hand, state=state, now=now, seats=seats)
    hand.save(update_fields=["seq", "pot", "status", "fee", "ended_at"])
    insert_all(rows)
    return hand_completed(actor=actor, hand=hand, state=state, now=now, seats=seats)


def hand_completed(*, actor: User, hand: HandRow, state: Hand, now: datetime, seats: list[HandSeat]) -> HandRow | None:
    """After a completed hand's rows are in: open the replay it left due, if any, then post its fee.

    The fee goes last: it updates the cage's balance rows, which every table's
    hands share, so their locks are held only until the commit that follows.
    """
    assert state.result is not None, "only a finished hand is completed"
    replay = _replay_hand(actor, hand, state, seats, now) if state.result.replay is not None else None
    post_fees(actor=actor, hand=hand)
    return replay
