"""Rule cases E43-E46: misdeals before substantial action, corrections as appended events."""

from __future__ import annotations

import json

import pytest

from games.engine import (
    ActionError,
    AgreeSplit,
    Board,
    Deal,
    Draw,
    Hand,
    Misdeal,
    MisdealError,
    Muck,
    Phase,
    PhaseError,
    Replay,
    Show,
    Undo,
    event_from_dict,
    replay,
)
from games.engine.events import Action, ActionKind, call, check, fold, raise_to
from tests.games.engine.helpers import C, board, dealt, holdem, play


def test_case_43_first_card_exposed_misdeal_voids_the_hand_and_returns_forced_bets():
    setup = holdem([100] * 4, button=1, ante=1)
    hand = play(dealt(setup), Misdeal("first card exposed by the dealer"))
    assert hand.phase is Phase.VOID
    result = hand.result
    assert result is not None and result.misdeal
    assert result.final_stacks == {1: 100, 2: 100, 3: 100, 4: 100}
    assert hand.notes[-1] == "misdeal: first card exposed by the dealer"
    again = hand.redeal()
    assert again.setup == setup and again.setup.button == 1  # the button does not move
    assert again.stacks_by_seat() == Hand.start(setup).stacks_by_seat()


def test_case_43_misdeal_allowed_after_two_folds_or_two_checks():
    hand = play(dealt(holdem([100] * 4, button=1)), fold(4), fold(1))
    assert play(hand, Misdeal("boxed cards")).phase is Phase.VOID


def test_case_44_misdeal_refused_after_three_actions():
    hand = play(dealt(holdem([100] * 5, button=1)), fold(4), fold(5), fold(1))
    with pytest.raises(MisdealError, match=r"a misdeal is refused after substantial action: 3 actions") as refused:
        hand.apply(Misdeal("card exposed"))
    assert refused.value.code == "misdeal_refused"


def test_case_44_misdeal_refused_after_two_actions_one_putting_chips_in():
    hand = play(dealt(holdem([100] * 4, button=1)), call(4), fold(1))
    with pytest.raises(MisdealError, match="2 actions, 1 of them putting chips in"):
        hand.apply(Misdeal("card exposed"))


def test_case_45_button_out_of_position_before_substantial_action_is_a_misdeal():
    setup = holdem([100] * 4, button=2)
    hand = play(dealt(setup), call(1), Misdeal("button out of position"))
    assert hand.result is not None and hand.result.misdeal
    assert hand.redeal().setup.button == 2


def test_case_46_undo_then_corrected_amount_and_replay_of_the_log_gives_the_same_state():
    hand = play(dealt(holdem([100] * 3, button=1)), raise_to(1, 7))
    corrected = play(hand, Undo("amount misread"), raise_to(1, 9), call(2), call(3))
    assert corrected.committed(1) == 9
    assert [e.type for e in corrected.log] == ["deal", "action", "undo", "action", "action", "action"]
    assert replay(corrected.setup, corrected.log).snapshot() == corrected.snapshot()


def test_case_46_undos_stack_and_undoing_nothing_is_refused():
    start = dealt(holdem([100] * 3, button=1))
    hand = play(start, raise_to(1, 7), call(2), Undo(), Undo())
    assert hand.committed(1) == 0 and hand.seat_to_act == 1 and hand.seq == 5
    hand = play(hand, Undo())  # the deal itself
    assert hand.phase is Phase.DEAL
    with pytest.raises(ActionError, match="there is no event to undo") as refused:
        hand.apply(Undo())
    assert refused.value.code == "nothing_to_undo"


def test_case_46_old_states_stay_valid_after_apply():
    before = dealt(holdem([100] * 3, button=1))
    snapshot = before.snapshot()
    after = before.apply(raise_to(1, 7))
    assert before.snapshot() == snapshot
    assert after.committed(1) == 7 and before.committed(1) == 0


def test_events_round_trip_through_json_and_replay_the_same_hand():
    hand = play(dealt(holdem([100] * 3, button=1), {1: "AsKd"}), raise_to(1, 7), call(2), fold(3), Undo("x"))
    hand = play(hand, call(3), board("2c7d9h"))
    stored = json.dumps([e.to_dict() for e in hand.log])
    events = [event_from_dict(d) for d in json.loads(stored)]
    assert tuple(events) == hand.log
    assert replay(hand.setup, events).snapshot() == hand.snapshot()


def test_every_event_type_round_trips():
    events = [
        Deal({1: C("AsKd"), 2: (-1, -1)}),
        Action(3, ActionKind.RAISE, 40),
        Draw(2, C("2c3d"), C("4h5h")),
        Board(C("2c7d9h"), burn=C("Qs")[0]),
        Show(1, C("AsKd")),
        Muck(2),
        AgreeSplit(),
        Replay(),
        Misdeal("boxed card"),
        Undo("typo"),
    ]
    for event in events:
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_unknown_event_type_is_refused():
    with pytest.raises(Exception, match="'award' is not an event type"):
        event_from_dict({"type": "award"})


def test_nothing_follows_a_finished_hand():
    hand = play(dealt(holdem([100] * 3, button=1)), fold(1), fold(2))
    with pytest.raises(PhaseError, match=r"the hand is over \(complete\): no action can follow") as refused:
        hand.apply(check(3))
    assert refused.value.code == "hand_over"


def test_board_before_the_round_is_over_is_refused():
    hand = play(dealt(holdem([100] * 3, button=1)), call(1))
    with pytest.raises(PhaseError, match="no board card can be dealt now: betting on the preflop, seat 2 to act"):
        hand.apply(board("2c7d9h"))
    with pytest.raises(PhaseError, match="the hole cards were already dealt"):
        hand.apply(Deal())
