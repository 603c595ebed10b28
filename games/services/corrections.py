"""Voiding and correcting hands: nothing is deleted or edited.

A void marks the hand ``voided`` with the floor manager's reason. A
correction is a new hand record, the same number with the next revision,
replayed by the engine from the same setup with the right events; the wrong
one becomes ``superseded`` and points to it through ``corrected_by``. Both
stay visible; reports count only hands in force. The seats' stacks follow
the record in force: a void gives back what the voided hand moved, a
correction moves the difference between the two results (``correction``
rows of the stack ledger, for players still seated).

``hand_correction_preview`` replays a correction the same way and answers
what it would change (stacks, pots, fee) without writing anything; the page
shows it before the floor manager confirms, and ``hand_correct`` records the
very list of events previewed. ``events_edited`` applies one change picked on
the page's form (change, insert or remove one event) to a list of events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotFound
from config.money import format_money
from games.engine import Hand, Undo
from games.engine.phh import effective_events
from games.models import Hand as HandRow
from games.models import HandEvent, HandResult, HandSeat, HandStatus, PotAward, StackKind
from games.models.setup import setup_from_dict
from games.selectors.access import check_may_amend
from games.services.common import apply_event, lock_hand, parse_event
from games.services.completion import post_fees, status_change, store_result
from games.services.stacks import Seated, seated_with_stacks, stack_rows
from games.services.state import remember_on_commit
from tables.selectors.tables import check_table_in_users_rooms


def _final_stacks(hand: HandRow) -> dict[int, int]:
    """What the record says each seat ended with (a misdeal or an open hand: what they started with)."""
    start = {s.seat_number: s.start_stack for s in HandSeat.objects.filter(hand=hand)}
    result = HandResult.objects.filter(hand=hand).first()
    if result is None or result.misdeal or hand.status == HandStatus.OPEN:
        return start
    return {int(seat): chips for seat, chips in result.data["final_stacks"].items()}


def _stack_entries(hand: HandRow, before: dict[int, int], after: dict[int, int]) -> list[tuple[Seated, int]]:
    """Each still-seated player of the hand with their stack moved by ``after - before``; refused when one
    would go below zero (a read: the preview asks it too)."""
    sessions = set(HandSeat.objects.filter(hand=hand).values_list("seat_session_id", flat=True))
    entries: list[tuple[Seated, int]] = []
    for seated in seated_with_stacks(hand.table_id):
        seat = seated.session.seat_number
        delta = after.get(seat, 0) - before.get(seat, 0)
        if seated.session.pk not in sessions or not delta or seated.stack is None:
            continue
        new = seated.stack + delta
        if new < 0:
            raise DomainError(
                _(
                    "Seat %(seat)s holds %(stack)s: taking %(amount)s back would leave it negative. "
                    "Adjust the stack first."
                )
                % {"seat": seat, "stack": format_money(seated.stack), "amount": format_money(-delta)},
                code="stack_negative",
                seat=seat,
            )
        entries.append((seated, new))
    return entries


def _move_stacks(actor: User, hand: HandRow, before: dict[int, int], after: dict[int, int], note: str) -> None:
    """Apply ``after - before`` per seat to the stacks of the hand's players who are still seated."""
    entries = _stack_entries(hand, before, after)
    stack_rows(
        actor=actor, table_id=hand.table_id, entries=entries, kind=StackKind.CORRECTION, hand_id=hand.pk, note=note
    )


def _check_no_live_replay(hand: HandRow) -> None:
    replay = HandRow.objects.filter(replay_of=hand).exclude(status=HandStatus.VOIDED).first()
    if replay is not None:
        raise Conflict(
            _("Hand #%(number)s continues in replay hand #%(replay)s: void that hand first.")
            % {"number": hand.number, "replay": replay.number},
            code="has_replay",
            replay_hand_id=replay.pk,
        )


def _reason(reason: str) -> str:
    text = (reason or "").strip()
    if not text:
        raise DomainError(_("A reason is required."), code="reason_required")
    return text[:300]


@transaction.atomic
def hand_void(*, actor: User, hand_id: int, reason: str) -> HandRow:
    """Void a hand (open or finished): it stays in the log, marked void, and counts nowhere."""
    check_may_amend(actor)
    text = _reason(reason)
    hand = lock_hand(hand_id)
    check_table_in_users_rooms(actor, table_id=hand.table_id)
    if hand.status in (HandStatus.VOIDED, HandStatus.SUPERSEDED):
        raise Conflict(
            _("Hand #%(number)s is already %(status)s.") % {"number": hand.number, "status": hand.status},
            code="hand_closed",
            hand_status=hand.status,
        )
    _check_no_live_replay(hand)
    now = timezone.now()
    if hand.status == HandStatus.COMPLETE:
        start = {s.seat_number: s.start_stack for s in HandSeat.objects.filter(hand=hand)}
        _move_stacks(actor, hand, _final_stacks(hand), start, f"hand #{hand.number} voided")
    status_change(actor=actor, hand=hand, to=HandStatus.VOIDED, reason=text, now=now)
    fields = ["status"]
    if hand.ended_at is None:
        hand.ended_at = now
        fields.append("ended_at")
    hand.save(update_fields=fields)
    post_fees(actor=actor, hand=hand)
    return hand


def _replayed(hand: HandRow, events: Sequence[Mapping[str, Any]]) -> Hand:
    state = Hand.start(setup_from_dict(hand.setup))
    for k, data in enumerate(events):
        try:
            event = parse_event(data, prefix=f"event {k}: ")
            state = apply_event(state, event, prefix=f"event {k}: ")
        except DomainError as error:
            # Which event was refused, so a page can name it in the reader's words (games.selectors.refusals).
            error.details["event_index"] = k
            raise
    if not state.is_over:
        raise DomainError(
            _("The corrected hand is not finished after %(count)s events (%(phase_text)s).")
            % {"count": len(events), "phase_text": state.phase_text},
            code="hand_unfinished",
        )
    if state.result is not None and state.result.replay is not None:
        raise DomainError(
            _("A correction cannot end in a replay: record the tie as it was resolved."), code="bad_event"
        )
    return state


def _check_correctable(hand: HandRow) -> None:
    if hand.status not in (HandStatus.COMPLETE, HandStatus.MISDEAL):
        raise Conflict(
            _("Hand #%(number)s is %(status)s: only a finished hand in force is corrected.")
            % {"number": hand.number, "status": hand.status},
            code="hand_not_correctable",
            hand_status=hand.status,
        )
    _check_no_live_replay(hand)


@dataclass(frozen=True)
class _Corrected:
    state: Hand
    before: dict[int, int]  # each seat's final stack as recorded
    after: dict[int, int]  # and as corrected
    entries: list[tuple[Seated, int]]  # the stacks of the players still seated, moved by the difference


def _corrected(hand: HandRow, events: Sequence[Mapping[str, Any]]) -> _Corrected:
    """The correction replayed by the engine from the hand's setup; refused (nothing written) when the
    engine refuses an event or a seated player's stack would go below zero."""
    _check_correctable(hand)
    state = _replayed(hand, [e for e in events if e.get("type") != Undo.type])
    before = _final_stacks(hand)
    assert state.result is not None
    after = before if state.result.misdeal else dict(state.result.final_stacks)
    return _Corrected(state, before, after, _stack_entries(hand, before, after))


@dataclass(frozen=True)
class SeatChange:
    seat: int
    before: int
    after: int


@dataclass(frozen=True)
class PotChange:
    """One pot as recorded and as corrected; ``None`` where that side has no such pot."""

    index: int
    before: int | None
    after: int | None
    winners_before: tuple[int, ...]
    winners_after: tuple[int, ...]


@dataclass(frozen=True)
class CorrectionPreview:
    """What a correction would change: each seat's final stack, each pot, the total and the fee."""

    events: list[dict[str, Any]]
    stacks: list[SeatChange]
    pots: list[PotChange]
    pot_before: int
    pot_after: int
    fee_before: int
    fee_after: int
    misdeal: bool


def hand_correction_preview(*, actor: User, hand_id: int, events: Sequence[Mapping[str, Any]]) -> CorrectionPreview:
    """``hand_correct`` replayed without writing: the same checks and refusals, and what it would change."""
    check_may_amend(actor)
    hand = HandRow.objects.filter(pk=hand_id).first()
    if hand is None:
        raise NotFound(_("Hand %(hand_id)s does not exist.") % {"hand_id": hand_id}, hand_id=hand_id)
    check_table_in_users_rooms(actor, table_id=hand.table_id)
    corrected = _corrected(hand, events)
    state, before, after = corrected.state, corrected.before, corrected.after
    result = state.result
    assert result is not None
    recorded = list(PotAward.objects.filter(hand=hand).order_by("index"))
    new_pots = [] if result.misdeal else list(result.pots)
    pots = [
        PotChange(
            index=k,
            before=recorded[k].amount if k < len(recorded) else None,
            after=new_pots[k].amount if k < len(new_pots) else None,
            winners_before=tuple(recorded[k].winners) if k < len(recorded) else (),
            winners_after=new_pots[k].winners if k < len(new_pots) else (),
        )
        for k in range(max(len(recorded), len(new_pots)))
    ]
    return CorrectionPreview(
        events=[e.to_dict() for e in effective_events(state.log)],
        stacks=[SeatChange(seat, before[seat], after.get(seat, before[seat])) for seat in sorted(before)],
        pots=pots,
        pot_before=hand.pot,
        pot_after=0 if result.misdeal else sum(p.amount for p in result.pots if not p.carried),
        fee_before=hand.fee,
        fee_after=0 if result.misdeal else result.fees,
        misdeal=result.misdeal,
    )


# What the page's form does to the event it picks.
EditOp = Literal["change", "insert", "remove"]


def events_edited(
    events: Sequence[Mapping[str, Any]], *, index: int, op: EditOp, event: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """``events`` with the one at ``index`` changed to ``event``, ``event`` inserted after it, or it removed."""
    if not 0 <= index < len(events):
        raise DomainError(_("Choose one of the hand's events."), code="bad_event_index")
    edited = [dict(e) for e in events]
    if op == "remove":
        del edited[index]
    elif event is None:
        raise DomainError(_("Describe the event."), code="event_required")
    elif op == "change":
        edited[index] = dict(event)
    else:
        edited.insert(index + 1, dict(event))
    return edited


@transaction.atomic
def hand_correct(*, actor: User, hand_id: int, events: Sequence[Mapping[str, Any]], reason: str) -> HandRow:
    """Supersede a finished hand by a new record replayed from the same setup with ``events``."""
    check_may_amend(actor)
    text = _reason(reason)
    old = lock_hand(hand_id)
    check_table_in_users_rooms(actor, table_id=old.table_id)
    corrected = _corrected(old, events)
    state = corrected.state
    now = timezone.now()
    new = HandRow.objects.create(
        table_id=old.table_id,
        game_id=old.game_id,
        gaming_day=old.gaming_day,
        number=old.number,
        revision=old.revision + 1,
        dealer_id=old.dealer_id,
        sign_version_id=old.sign_version_id,
        fee_policy_id=old.fee_policy_id,
        setup=old.setup,
        button=old.button,
        small_blind_seat=old.small_blind_seat,
        big_blind_seat=old.big_blind_seat,
        corrects=old,
        status=HandStatus.MISDEAL if state.result and state.result.misdeal else HandStatus.COMPLETE,
        seq=state.seq,
        created_at=now,
        created_by=actor,
    )
    HandEvent.objects.bulk_create(
        HandEvent(
            hand=new,
            seq=k,
            client_event_id=f"correction:{k}",
            kind=e.type,
            data=e.to_dict(),
            created_at=now,
            created_by=actor,
        )
        for k, e in enumerate(effective_events(state.log))
    )
    HandSeat.objects.bulk_create(
        HandSeat(
            hand=new,
            seat_number=s.seat_number,
            player_id=s.player_id,
            seat_session_id=s.seat_session_id,
            start_stack=s.start_stack,
        )
        for s in HandSeat.objects.filter(hand=old)
    )
    store_result(hand=new, state=state, now=now)
    new.save(update_fields=["pot", "fee", "ended_at"])
    stack_rows(
        actor=actor,
        table_id=new.table_id,
        entries=corrected.entries,
        kind=StackKind.CORRECTION,
        hand_id=new.pk,
        note=f"hand #{old.number} corrected",
    )
    status_change(actor=actor, hand=old, to=HandStatus.SUPERSEDED, reason=text, now=now)
    old.save(update_fields=["status"])
    post_fees(actor=actor, hand=old)
    post_fees(actor=actor, hand=new)
    remember_on_commit(new, state)
    return new
