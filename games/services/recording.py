"""Recording hands: start, one event at a time (with undo), or a whole hand in one request.

The event path is the hot one (a dealer pitches faster than a page loads):
lock the hand row, compare the sequence, take the engine state from the
per-process cache (or replay the log), apply, insert the event, move the
head. The sequence check and the row lock make two devices posting at once
store one event and get one 409; a client event id sent again returns the
stored event, never a second row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from config.errors import Conflict, DomainError
from games.engine import Hand, Undo
from games.models import Hand as HandRow
from games.models import HandEvent, HandStatus
from games.selectors.access import check_may_record
from games.services.common import apply_event, lock_hand, lock_table, parse_event
from games.services.completion import hand_complete
from games.services.starting import Started, start_hand
from games.services.state import engine_state, pot_in_middle, remember_on_commit

MAX_BATCH_EVENTS = 400


@dataclass(frozen=True)
class RecordedEvent:
    hand: HandRow
    event: HandEvent
    state: Hand
    duplicate: bool = False
    replay_hand: HandRow | None = None


@dataclass(frozen=True)
class RecordedHand:
    hand: HandRow
    state: Hand
    duplicate: bool = False
    replay_hand: HandRow | None = None


def hand_start(*, actor: User, table_id: int, buy_ins: Mapping[int, int] | None = None) -> Started:
    """Open the next hand at a table: setup from the table, the seated players' stacks and the last hand."""
    with transaction.atomic():
        table = lock_table(table_id)
        check_may_record(actor, table_id=table.pk, table_number=table.number)
        started = start_hand(actor=actor, table=table, buy_ins=buy_ins)
        remember_on_commit(started.hand.pk, started.state)
        return started


def _advance(*, actor: User, hand: HandRow, state: Hand, now: datetime) -> HandRow | None:
    """Move the head to ``state``; complete the hand when the engine says it is over."""
    hand.seq = state.seq
    replay = None
    if state.is_over:
        replay = hand_complete(actor=actor, hand=hand, state=state, now=now)
    else:
        hand.pot = pot_in_middle(state)
        hand.save(update_fields=["seq", "pot"])
    remember_on_commit(hand.pk, state)
    return replay


def _stored(hand: HandRow, client_event_id: str) -> HandEvent | None:
    return HandEvent.objects.filter(hand=hand, client_event_id=client_event_id).first()


def _record(*, actor: User, hand_id: int, seq: int, client_event_id: str, event: Mapping[str, Any]) -> RecordedEvent:
    hand = lock_hand(hand_id)
    check_may_record(actor, table_id=hand.table_id, table_number=hand.table.number)
    if seq != hand.seq or hand.status != HandStatus.OPEN:
        stored = _stored(hand, client_event_id)
        if stored is not None:
            return RecordedEvent(hand, stored, engine_state(hand), duplicate=True)
        if hand.status != HandStatus.OPEN:
            raise Conflict(
                f"Hand #{hand.number} is {hand.status}: no event can be added.",
                code="hand_closed",
                hand_status=hand.status,
                current_seq=hand.seq,
            )
        raise Conflict(
            f"Sequence {seq} is out of date: hand #{hand.number} is at sequence {hand.seq}. "
            "Reload the hand and enter the event again if it is still needed.",
            code="stale_sequence",
            current_seq=hand.seq,
        )
    parsed = parse_event(event)
    state = apply_event(engine_state(hand), parsed)
    now = timezone.now()
    row = HandEvent.objects.create(
        hand=hand,
        seq=seq,
        client_event_id=client_event_id,
        kind=parsed.type,
        data=parsed.to_dict(),
        created_at=now,
        created_by=actor,
    )
    replay = _advance(actor=actor, hand=hand, state=state, now=now)
    return RecordedEvent(hand, row, state, replay_hand=replay)


def hand_event_record(
    *, actor: User, hand_id: int, seq: int, client_event_id: str, event: Mapping[str, Any]
) -> RecordedEvent:
    """Validate one event with the engine and store it; nothing is stored when it is refused."""
    if not client_event_id or len(client_event_id) > 64:
        raise DomainError("client_event_id must be 1 to 64 characters.", code="bad_client_event_id")
    try:
        with transaction.atomic():
            return _record(actor=actor, hand_id=hand_id, seq=seq, client_event_id=client_event_id, event=event)
    except IntegrityError:
        # A concurrent writer stored this seq, or the client id names an earlier, different event.
        raise Conflict(
            f"Event {client_event_id} conflicts with an event already stored in hand {hand_id}.",
            code="event_conflict",
        ) from None


def hand_undo(*, actor: User, hand_id: int, seq: int, client_event_id: str, reason: str = "") -> RecordedEvent:
    """Cancel the last event by appending an Undo (the log keeps both)."""
    return hand_event_record(
        actor=actor,
        hand_id=hand_id,
        seq=seq,
        client_event_id=client_event_id,
        event=Undo(reason).to_dict(),
    )


def hand_record_whole(
    *,
    actor: User,
    table_id: int,
    events: Sequence[Mapping[str, Any]],
    client_hand_id: str,
    buy_ins: Mapping[int, int] | None = None,
) -> RecordedHand:
    """One whole hand in one request (electronic tables, late entry): all of it stored, or nothing."""
    if not client_hand_id or len(client_hand_id) > 64:
        raise DomainError("client_hand_id must be 1 to 64 characters.", code="bad_client_hand_id")
    if len(events) > MAX_BATCH_EVENTS:
        raise DomainError(f"A hand has at most {MAX_BATCH_EVENTS} events, not {len(events)}.", code="too_many_events")
    with transaction.atomic():
        table = lock_table(table_id)
        check_may_record(actor, table_id=table.pk, table_number=table.number)
        existing = HandRow.objects.filter(table_id=table.pk, client_hand_id=client_hand_id).first()
        if existing is not None:
            return RecordedHand(existing, engine_state(existing), duplicate=True)
        started = start_hand(actor=actor, table=table, buy_ins=buy_ins, client_hand_id=client_hand_id)
        state = started.state
        parsed = []
        for k, data in enumerate(events):
            event = parse_event(data, prefix=f"event {k}: ")
            state = apply_event(state, event, prefix=f"event {k}: ")
            parsed.append(event)
        if not state.is_over:
            raise DomainError(
                f"The hand is not finished after {len(events)} events ({state.phase_text}): "
                "send the whole hand, or record it event by event.",
                code="hand_unfinished",
            )
        now = timezone.now()
        hand = started.hand
        HandEvent.objects.bulk_create(
            HandEvent(
                hand=hand,
                seq=k,
                client_event_id=f"{client_hand_id[:56]}:{k}",
                kind=event.type,
                data=event.to_dict(),
                created_at=now,
                created_by=actor,
            )
            for k, event in enumerate(parsed)
        )
        replay = _advance(actor=actor, hand=hand, state=state, now=now)
        return RecordedHand(hand, state, replay_hand=replay)
