"""Recording hands: start, one event at a time (with undo), or a whole hand in one request.

Fast path (``config.db.fast_paths``): an event's write, ``_RECORD_SQL``, moves the head and inserts
the event in one statement. ORM twin: the conditional ``update`` and ``save`` in ``_store_event``.
Differential test: ``tests/games/test_hand_recording_paths_write_the_same_rows.py`` (with a whole
hand's ``config.db.insert_all``, the table's read and the fee's statements). Rules it restates: the
hand is at ``seq`` and open (``HandStatus.OPEN``), the recorder deals the hand's table now unless their
role records anywhere (``games.selectors.access``), and an event's columns as ``HandEvent`` has them.

The event path is the hot one (a dealer pitches faster than a page loads):
lock the hand row, compare the sequence, take the engine state from the
per-process cache (or replay the log), apply, insert the event, move the
head. The sequence check and the row lock make two devices posting at once
store one event and get one 409; a client event id sent again returns the
stored event, never a second row.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from config.db import fast_paths, insert_all, prepared_cursor, sql_text
from config.errors import Conflict, DomainError
from config.roles import Role, has_any_role
from games.engine import EngineError, Hand, Undo
from games.models import Hand as HandRow
from games.models import HandEvent, HandSeat, HandStatus
from games.selectors.access import RECORD_ANYWHERE, check_may_record
from games.services.common import apply_event, lock_hand, parse_event
from games.services.completion import completion_rows, hand_complete, hand_completed
from games.services.starting import Started, plan_hand, start_hand
from games.services.state import committed_state, engine_state, pot_in_middle, remember_on_commit
from games.services.table_state import table_state
from rooms.selectors import room_ids_of
from tables.models import DealerAssignment, Table
from tables.services.common import dealer_now

MAX_BATCH_EVENTS = 400


@dataclass(frozen=True)
class RecordedEvent:
    """One event entered: ``event`` as stored, or None when it was ``ignored`` with a ``warning``."""

    hand: HandRow
    event: HandEvent | None
    state: Hand
    duplicate: bool = False
    replay_hand: HandRow | None = None
    warning: str = ""


@dataclass(frozen=True)
class RecordedHand:
    hand: HandRow
    state: Hand
    duplicate: bool = False
    replay_hand: HandRow | None = None


def hand_start(*, actor: User, table_id: int, buy_ins: Mapping[int, int] | None = None) -> Started:
    """Open the next hand at a table: setup from the table, the seated players' stacks and the last hand."""
    with transaction.atomic():
        state = table_state(table_id)
        table = state.table
        check_may_record(actor, table_id=table.pk, table_number=table.number, dealer_now=dealer_now(table))
        started = start_hand(actor=actor, state=state, buy_ins=buy_ins)
        remember_on_commit(started.hand, started.state)
        return started


def _advance(
    *, actor: User, hand: HandRow, state: Hand, now: datetime, seats: list[HandSeat] | None = None
) -> HandRow | None:
    """Move the head to ``state``; complete the hand when the engine says it is over."""
    hand.seq = state.seq
    replay = None
    if state.is_over:
        replay = hand_complete(actor=actor, hand=hand, state=state, now=now, seats=seats)
    else:
        hand.pot = pot_in_middle(state)
        hand.save(update_fields=["seq", "pot"])
    remember_on_commit(hand, state)
    return replay


def _stored(hand: HandRow, client_event_id: str) -> HandEvent | None:
    return HandEvent.objects.filter(hand=hand, client_event_id=client_event_id).first()


def _show_after_win(hand: HandRow, event: Mapping[str, Any]) -> RecordedEvent | None:
    """A winner by folds showing the cards after the hand completed: never refused (case 58).

    The hand's record is final and its chips do not change, so the show is
    not stored: it is answered with a warning that says so. None when the
    event is anything else, or a show the engine refuses.
    """
    if hand.status != HandStatus.COMPLETE or event.get("type") != "show":
        return None
    state = engine_state(hand)
    if state.result is None or not state.result.uncontested:
        return None
    try:
        shown = state.apply(parse_event(event))
    except (DomainError, EngineError):
        return None
    warning = _("Hand #%(number)s was won without a showdown and is closed: the cards shown are not recorded.") % {
        "number": hand.number
    }
    return RecordedEvent(hand, None, shown, warning=warning)


def _record(*, actor: User, hand_id: int, seq: int, client_event_id: str, event: Mapping[str, Any]) -> RecordedEvent:
    hand = lock_hand(hand_id)
    check_may_record(actor, table_id=hand.table_id, table_number=hand.table.number)
    if seq != hand.seq or hand.status != HandStatus.OPEN:
        stored = _stored(hand, client_event_id)
        if stored is not None:
            return RecordedEvent(hand, stored, engine_state(hand), duplicate=True)
        shown = _show_after_win(hand, event)
        if shown is not None:
            return shown
        if hand.status != HandStatus.OPEN:
            raise Conflict(
                _("Hand #%(number)s is %(status)s: no event can be added.")
                % {"number": hand.number, "status": hand.status},
                code="hand_closed",
                hand_status=hand.status,
                current_seq=hand.seq,
            )
        raise Conflict(
            _(
                "Sequence %(seq)s is out of date: hand #%(number)s is at sequence %(current)s. Reload "
                "the hand and enter the event again if it is still needed."
            )
            % {"seq": seq, "number": hand.number, "current": hand.seq},
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


class _Locked(Exception):
    """The head moved, the hand closed or the recorder may not record: the locked path says which."""


# PostgreSQL: the head moves and the event goes in with one statement, in autocommit (its own
# transaction): one round trip instead of BEGIN, UPDATE, INSERT, COMMIT. The UPDATE is the row lock
# and every check (at ``seq``, open, the recorder deals the hand's table now unless they record
# anywhere); when it matches no row the INSERT inserts none. A concurrent writer blocked on the row
# lock re-checks ``seq`` on the committed row and matches nothing. A unique violation (a client id
# already used in the hand) fails the whole statement, so the head does not move either.
_RECORD_SQL = sql_text(
    """
WITH head AS (
    UPDATE {Hand} SET {Hand.seq} = %(next_seq)s, {Hand.pot} = %(pot)s
    WHERE {Hand.id} = %(hand_id)s AND {Hand.seq} = %(seq)s AND {Hand.status} = %(open)s
      AND (%(anywhere)s OR EXISTS (
          SELECT 1 FROM {Assignment} a
          WHERE a.{Assignment.table} = {Hand}.{Hand.table} AND a.{Assignment.dealer} = %(actor_id)s
            AND a.{Assignment.ended_at} IS NULL))
    RETURNING {Hand.id}
)
INSERT INTO {Event} ({Event.created_at}, {Event.created_by}, {Event.hand}, {Event.seq}, {Event.client_event_id},
    {Event.kind}, {Event.data})
SELECT %(now)s, %(actor_id)s, head.{Hand.id}, %(seq)s, %(client_event_id)s, %(kind)s, %(data)s::jsonb FROM head
RETURNING {Event.id}
""",
    Hand=HandRow,
    Event=HandEvent,
    Assignment=DealerAssignment,
)
STATEMENTS = (_RECORD_SQL,)


def _may_record_anywhere(actor: User) -> bool | None:
    """True: records at any table; False: a dealer (the database checks the table); None: neither."""
    if has_any_role(actor, RECORD_ANYWHERE):
        return True
    return False if has_any_role(actor, (Role.DEALER,)) else None


def _in_users_rooms(actor: User, *, table_id: int) -> bool:
    """The table is in a room ``actor`` works in: a floor manager records at their rooms' tables only (a
    dealer's write checks the assignment in the database)."""
    room_id = Table.objects.filter(pk=table_id).values_list("room_id", flat=True).first()
    return room_id in room_ids_of(actor)


def _store_event(*, actor: User, anywhere: bool, row: HandEvent, pot: int, next_seq: int) -> bool:
    """Move the head from ``row.seq`` to ``next_seq`` and insert ``row``; False (nothing stored) when the
    hand is not at ``row.seq``, not open, or the actor does not deal its table at this moment."""
    if fast_paths():
        params: dict[str, Any] = {
            "next_seq": next_seq,
            "pot": pot,
            "hand_id": row.hand_id,
            "seq": row.seq,
            "open": HandStatus.OPEN.value,
            "anywhere": anywhere,
            "actor_id": actor.pk,
            "now": row.created_at,
            "client_event_id": row.client_event_id,
            "kind": row.kind,
            "data": json.dumps(row.data),
        }
        # Inside a caller's transaction (tests, a script) a savepoint keeps a refusal from aborting it.
        with transaction.atomic() if connection.in_atomic_block else nullcontext(), prepared_cursor() as cursor:
            cursor.execute(_RECORD_SQL, params)
            inserted = cursor.fetchone()
        if inserted is None:
            return False
        row.pk = inserted[0]
        return True
    with transaction.atomic():
        heads = HandRow.objects.filter(pk=row.hand_id, seq=row.seq, status=HandStatus.OPEN)
        if not anywhere:
            assigned = DealerAssignment.objects.filter(table_id=OuterRef("table_id"), dealer_id=actor.pk, ended_at=None)
            heads = heads.filter(Exists(assigned))
        if heads.update(seq=next_seq, pot=pot) != 1:
            return False
        row.save(force_insert=True)
    return True


def _record_optimistic(
    *, actor: User, hand_id: int, seq: int, client_event_id: str, event: Mapping[str, Any]
) -> RecordedEvent | None:
    """The event path of a hand in play: validate against the committed log, then one conditional write.

    The engine validates the event first, against the state after the first
    ``seq`` events of the committed log (``committed_state``: cached, or
    caught up from the log); the write then stores it only if the hand is
    still at ``seq`` and open and the recorder still allowed, all checked by
    the database under the row lock the write takes. Anything else (the event
    refused, the hand's last event, a moved head, not assigned, unknown hand)
    returns None having stored nothing, and the locked path decides the answer
    in its order (403, then 409, then the engine's 400).
    """
    anywhere = _may_record_anywhere(actor)
    if anywhere is None:
        return None
    known = committed_state(hand_id, seq)
    if known is None:
        return None
    head, before = known
    if anywhere and not _in_users_rooms(actor, table_id=head.table_id):
        return None  # another room's hand: the locked path refuses it (403 not_your_room)
    try:
        parsed = parse_event(event)
        state = before.apply(parsed)
    except (DomainError, EngineError):
        return None
    if state.is_over:
        return None  # completion takes the locked path: pots, fee and stacks in the same transaction
    row = HandEvent(
        hand_id=hand_id,
        seq=seq,
        client_event_id=client_event_id,
        kind=parsed.type,
        data=parsed.to_dict(),
        created_at=timezone.now(),
        created_by=actor,
    )
    if not _store_event(actor=actor, anywhere=anywhere, row=row, pot=pot_in_middle(state), next_seq=state.seq):
        return None
    hand = HandRow(
        pk=hand_id,
        table_id=head.table_id,
        number=head.number,
        revision=head.revision,
        status=HandStatus.OPEN,
        seq=state.seq,
    )
    remember_on_commit(hand, state)
    return RecordedEvent(hand, row, state)


def hand_event_record(
    *, actor: User, hand_id: int, seq: int, client_event_id: str, event: Mapping[str, Any]
) -> RecordedEvent:
    """Validate one event with the engine and store it; nothing is stored when it is refused."""
    if not client_event_id or len(client_event_id) > 64:
        raise DomainError(_("client_event_id must be 1 to 64 characters."), code="bad_client_event_id")
    try:
        recorded = _record_optimistic(
            actor=actor, hand_id=hand_id, seq=seq, client_event_id=client_event_id, event=event
        )
        if recorded is not None:
            return recorded
        with transaction.atomic():
            return _record(actor=actor, hand_id=hand_id, seq=seq, client_event_id=client_event_id, event=event)
    except IntegrityError:
        # A concurrent writer stored this seq, or the client id names an earlier, different event.
        raise Conflict(
            _("Event %(client_event_id)s conflicts with an event already stored in hand %(hand_id)s.")
            % {"client_event_id": client_event_id, "hand_id": hand_id},
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
        raise DomainError(_("client_hand_id must be 1 to 64 characters."), code="bad_client_hand_id")
    if len(events) > MAX_BATCH_EVENTS:
        raise DomainError(
            _("A hand has at most %(MAX_BATCH_EVENTS)s events, not %(count)s.")
            % {"MAX_BATCH_EVENTS": MAX_BATCH_EVENTS, "count": len(events)},
            code="too_many_events",
        )
    with transaction.atomic():
        table_now = table_state(table_id, client_hand_id=client_hand_id)
        table = table_now.table
        check_may_record(actor, table_id=table.pk, table_number=table.number, dealer_now=dealer_now(table))
        if table_now.recorded_id is not None:
            existing = HandRow.objects.get(pk=table_now.recorded_id)
            return RecordedHand(existing, engine_state(existing), duplicate=True)
        started = plan_hand(actor=actor, state=table_now, buy_ins=buy_ins, client_hand_id=client_hand_id)
        state = started.state
        parsed = []
        for k, data in enumerate(events):
            event = parse_event(data, prefix=f"event {k}: ")
            state = apply_event(state, event, prefix=f"event {k}: ")
            parsed.append(event)
        if not state.is_over:
            raise DomainError(
                _(
                    "The hand is not finished after %(count)s events (%(phase_text)s): send the "
                    "whole hand, or record it event by event."
                )
                % {"count": len(events), "phase_text": state.phase_text},
                code="hand_unfinished",
            )
        now = timezone.now()
        hand = started.hand
        hand.seq = state.seq
        logged = [
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
        ]
        # The hand goes in finished, with its seats, log and result: one statement on PostgreSQL.
        rows = completion_rows(actor=actor, hand=hand, state=state, now=now, seats=started.seats)
        insert_all([(HandRow, [hand]), (HandSeat, started.seats), (HandEvent, logged), *rows])
        replay = hand_completed(actor=actor, hand=hand, state=state, now=now, seats=started.seats)
        remember_on_commit(hand, state)
        return RecordedHand(hand, state, replay_hand=replay)
