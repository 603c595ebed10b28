"""``hand_correction_preview`` replays a correction through the engine and says what it would change (each
seat's final stack, each pot, the total and the fee) without writing a row; ``hand_correct`` then records
exactly what was previewed. ``events_edited`` applies the one change the page's form picks."""

from __future__ import annotations

import pytest

from config.errors import DomainError, Forbidden
from games import services as hands
from games.models import Hand, HandStatus
from games.services.corrections import SeatChange, events_edited, hand_correction_preview
from tests.games.helpers import HOLDEM_HAND, act, ev, record, row_counts

pytestmark = pytest.mark.django_db

# Seat 2 bet 6,000 on the turn, not 4,000 (event 9 of the log, index 8).
BET_6000 = [*HOLDEM_HAND[:8], act(2, "bet", 6000), *HOLDEM_HAND[9:]]


@pytest.fixture
def played(dealer, holdem_table) -> Hand:
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    return hand


def test_the_preview_says_what_changes_and_writes_nothing(floor_manager, played):
    before = row_counts()
    preview = hand_correction_preview(actor=floor_manager, hand_id=played.pk, events=BET_6000)
    assert row_counts() == before
    assert (preview.pot_before, preview.pot_after) == (14_500, 18_500)
    assert (preview.fee_before, preview.fee_after) == (725, 925)
    assert preview.stacks == [
        SeatChange(1, 99_500, 99_500),
        SeatChange(2, 106_775, 100_000 - 9000 + 18_500 - 925),
        SeatChange(3, 93_000, 91_000),
    ]
    [pot] = preview.pots
    assert (pot.before, pot.after, pot.winners_before, pot.winners_after) == (14_500, 18_500, (2,), (2,))
    assert preview.events[8] == {"type": "action", "seat": 2, "kind": "bet", "amount": 6000}


def test_the_record_is_what_was_previewed(floor_manager, played):
    preview = hand_correction_preview(actor=floor_manager, hand_id=played.pk, events=BET_6000)
    new = hands.hand_correct(actor=floor_manager, hand_id=played.pk, events=preview.events, reason="turn bet 6000")
    assert (new.pot, new.fee) == (preview.pot_after, preview.fee_after)
    assert {int(s): c for s, c in new.result.data["final_stacks"].items()} == {c.seat: c.after for c in preview.stacks}
    assert [e.data for e in new.events.order_by("seq")] == preview.events
    played.refresh_from_db()
    assert played.status == HandStatus.SUPERSEDED and new.corrects_id == played.pk


@pytest.mark.parametrize(
    ("events", "code", "index"),
    [
        ([*HOLDEM_HAND[:8], act(2, "bet", 200_000), *HOLDEM_HAND[9:]], "exceeds_stack", 8),
        ([*HOLDEM_HAND[:7], ev("board", cards="Kh"), *HOLDEM_HAND[8:]], "duplicate_card", 7),
        (HOLDEM_HAND[:-1], "hand_unfinished", None),
    ],
)
def test_an_impossible_correction_is_refused_by_the_engine_and_writes_nothing(
    floor_manager, played, events, code, index
):
    before = row_counts()
    for attempt in (
        lambda: hand_correction_preview(actor=floor_manager, hand_id=played.pk, events=events),
        lambda: hands.hand_correct(actor=floor_manager, hand_id=played.pk, events=events, reason="typo"),
    ):
        with pytest.raises(DomainError) as refused:
            attempt()
        assert refused.value.code == code and refused.value.details.get("event_index") == index
    assert row_counts() == before


def test_only_a_floor_manager_previews_and_only_a_hand_in_force(dealer, floor_manager, played):
    with pytest.raises(Forbidden):
        hand_correction_preview(actor=dealer, hand_id=played.pk, events=BET_6000)
    hands.hand_correct(actor=floor_manager, hand_id=played.pk, events=BET_6000, reason="turn bet 6000")
    with pytest.raises(DomainError) as refused:
        hand_correction_preview(actor=floor_manager, hand_id=played.pk, events=BET_6000)
    assert refused.value.code == "hand_not_correctable"


def test_one_event_is_changed_inserted_after_or_removed():
    events = [ev("deal"), act(1, "call"), act(2, "check")]
    fold = act(1, "fold")
    assert events_edited(events, index=1, op="change", event=fold) == [events[0], fold, events[2]]
    assert events_edited(events, index=1, op="insert", event=fold) == [events[0], events[1], fold, events[2]]
    assert events_edited(events, index=2, op="remove") == events[:2]
    with pytest.raises(DomainError):
        events_edited(events, index=3, op="remove")
    with pytest.raises(DomainError):
        events_edited(events, index=0, op="change")


def test_a_correction_that_would_leave_a_seated_stack_below_zero_is_refused_in_money(floor_manager, played):
    from games.models import StackKind

    # Seat 2 won the hand and has 1,000 left now; the right hand (seat 2 folded on the turn) takes 9,775 back.
    hands.seat_stack_add(
        actor=floor_manager, table_id=played.table_id, seat_number=2, amount=1000, kind=StackKind.ADJUSTMENT
    )
    before = row_counts()
    with pytest.raises(DomainError) as refused:
        hand_correction_preview(actor=floor_manager, hand_id=played.pk, events=[*HOLDEM_HAND[:8], act(2, "fold")])
    assert refused.value.code == "stack_negative"
    assert refused.value.message.startswith("Seat 2 holds 1,000: taking 9,775 back would leave it negative.")
    assert row_counts() == before
