"""``manage.py verify_hands``: each recorded hand replayed through the current engine and compared with
what the services stored; the command reports, exits non-zero on a difference in force, and changes nothing.

A record "from an older engine" is made the way it would have been made: the hand is recorded through the
services while the engine's fee step reads the rule differently (patched for that hand only).
"""

from __future__ import annotations

import csv
from contextlib import contextmanager
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.gaming_day import current_gaming_day
from games import services as hands
from games.engine import ShowdownError, showdown
from games.models import HandStatus
from games.selectors.verification import FieldDifference, Outcome, hands_to_verify, hands_verify
from tests.games.helpers import CLUB_TO_TIE, HOLDEM_HAND, act, ev, fold_around, record, row_counts

# Three-handed, button seat 3, blinds seats 1 and 2. Seat 1 (20,000) is all in preflop; seats 2 and 3 bet on
# in a side pot. Aces win the main pot of 60,000, kings the side pot of 20,000; each pot pays its 5% fee.
SIDE_POT_HAND = [
    ev("deal", holes={"1": "AhAd", "2": "KhKd", "3": "QhQd"}),
    act(3, "raise", 3000),
    act(1, "raise", 20_000),
    act(2, "call"),
    act(3, "call"),
    ev("board", cards="2s7c9d"),
    act(2, "bet", 10_000),
    act(3, "call"),
    ev("board", cards="Jh"),
    act(2, "check"),
    act(3, "check"),
    ev("board", cards="3c"),
    act(2, "check"),
    act(3, "check"),
    ev("show", seat=1, cards="AhAd"),
    ev("show", seat=2, cards="KhKd"),
    ev("show", seat=3, cards="QhQd"),
]


@pytest.fixture
def side_pot_table(hand_table, holdem, dealer):
    table = hand_table(holdem, dealer, players=0)
    for seat, stack in ((1, 20_000), (2, 100_000), (3, 100_000)):
        hand_table.sit(table, seat, stack)
    return table


@contextmanager
def older_engine():
    """Within it, hands are recorded by an engine that charged the fee on the main pot only."""
    fees = showdown.hand_fees

    def main_pot_only(*args, **kwargs):
        main, *side = fees(*args, **kwargs)
        return [main] + [0] * len(side)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(showdown, "hand_fees", main_pot_only)
        yield


def play(actor, table, events):
    hand = hands.hand_start(actor=actor, table_id=table.pk).hand
    record(actor, hand, *events)
    hand.refresh_from_db()
    return hand


def verify(*args):
    """Run the command; returns its exit status, stdout and stderr (a CommandError's message appended)."""
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_hands", *args, stdout=out, stderr=err)
    except CommandError as error:
        return error.returncode, out.getvalue(), f"{err.getvalue()}{error}"
    return 0, out.getvalue(), err.getvalue()


def csv_rows(path):
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_a_room_recorded_by_the_current_engine_verifies_clean(floor_manager, holdem_table, club_table, side_pot_table):
    recorded = [
        play(floor_manager, holdem_table, HOLDEM_HAND),
        play(floor_manager, club_table, [*CLUB_TO_TIE, ev("agree_split")]),
        play(floor_manager, side_pot_table, SIDE_POT_HAND),
        play(floor_manager, holdem_table, [ev("deal"), ev("misdeal", reason="card exposed")]),
    ]
    side_pot = recorded[2]
    assert [p.fee > 0 for p in side_pot.pot_awards.order_by("index")] == [True, True]
    assert recorded[3].status == HandStatus.MISDEAL

    code, out, err = verify("--progress", "2")

    assert code == 0, out + err
    assert "4 hands checked" in out and "agreeing: 4" in out and "differing: 0" in out
    assert err.splitlines() == [
        "verify_hands: 2 of 4 hands checked, 0 differing",
        "verify_hands: 4 of 4 hands checked, 0 differing",
    ]
    checks = {c.hand_id: c.outcome for c in hands_verify(hands_to_verify())}
    assert checks == {hand.pk: Outcome.AGREES for hand in recorded}


def test_a_hand_stored_under_another_engine_reading_is_reported_and_written_to_csv(
    floor_manager, holdem_table, side_pot_table, tmp_path
):
    play(floor_manager, holdem_table, HOLDEM_HAND)
    with older_engine():
        old = play(floor_manager, side_pot_table, SIDE_POT_HAND)
    main_fee, side_fee = (p.fee for p in old.pot_awards.order_by("index"))
    assert side_fee == 0  # as the older reading stored it
    path = tmp_path / "differences.csv"
    before = row_counts()

    code, out, err = verify("--csv", str(path))

    assert code == 1 and row_counts() == before
    assert f"differing: 1 (hand ids {old.pk})" in out and "agreeing: 1" in out
    assert "1 complete or misdeal hands differ" in err
    rows = csv_rows(path)
    assert {r["hand_id"] for r in rows} == {str(old.pk)}
    assert rows[0]["table"] == str(side_pot_table.number) and rows[0]["number"] == str(old.number)
    assert rows[0]["gaming_day"] == old.gaming_day.isoformat() and rows[0]["status"] == "complete"
    fields = {r["field"]: (r["stored"], r["replayed"]) for r in rows}
    assert set(fields) == {"fee", "pot 2 fee", "pot 2 shares", "final stack seat 2"}
    replayed_side_fee = int(fields["pot 2 fee"][1])
    assert fields["pot 2 fee"][0] == "0" and replayed_side_fee > 0
    assert fields["fee"] == (str(main_fee), str(main_fee + replayed_side_fee))
    stored_stack, replayed_stack = (int(v) for v in fields["final stack seat 2"])
    assert stored_stack - replayed_stack == replayed_side_fee


def test_a_replay_the_current_engine_refuses_is_a_difference_not_a_crash(floor_manager, holdem_table, monkeypatch):
    hand = play(floor_manager, holdem_table, HOLDEM_HAND)

    def refuse(h, event):
        raise ShowdownError(f"seat {event.seat} may not show", code="show_refused")

    monkeypatch.setattr(showdown, "apply_show", refuse)
    code, out, _ = verify()

    assert code == 1 and f"differing: 1 (hand ids {hand.pk})" in out
    (check,) = hands_verify(hands_to_verify())
    assert check.differences == (FieldDifference("end", "complete", "refused (show_refused): seat 2 may not show"),)


def test_a_difference_corrected_by_the_floor_no_longer_fails_the_run(floor_manager, side_pot_table, tmp_path):
    with older_engine():
        old = play(floor_manager, side_pot_table, SIDE_POT_HAND)
    assert verify()[0] == 1
    events = [e.data for e in old.events.order_by("seq")]
    corrected = hands.hand_correct(actor=floor_manager, hand_id=old.pk, events=events, reason="fee on every pot")
    voided = hands.hand_start(actor=floor_manager, table_id=side_pot_table.pk).hand
    hands.hand_void(actor=floor_manager, hand_id=voided.pk, reason="dealt before the seat was paid")
    path = tmp_path / "differences.csv"

    code, out, err = verify("--csv", str(path))

    assert code == 0, out + err
    assert "3 hands checked" in out and "agreeing: 1" in out and "differing: 0" in out
    assert f"already voided or superseded (nothing to do): 1 (hand ids {old.pk})" in out
    assert "voided before they ended (no result stored to compare): 1" in out
    assert {(r["hand_id"], r["status"]) for r in csv_rows(path)} == {(str(old.pk), "superseded")}
    outcomes = {c.hand_id: c.outcome for c in hands_verify(hands_to_verify())}
    assert outcomes == {
        old.pk: Outcome.DIFFERS_SETTLED,
        corrected.pk: Outcome.AGREES,
        voided.pk: Outcome.NOTHING_STORED,
    }


def test_table_and_since_choose_the_hands_checked(floor_manager, holdem_table, side_pot_table):
    today = current_gaming_day()
    yesterday = today - timedelta(days=1)
    with older_engine(), pytest.MonkeyPatch.context() as day:
        day.setattr("games.services.table_state.gaming_day_of", lambda now, room: yesterday)
        old = play(floor_manager, side_pot_table, SIDE_POT_HAND)
    fold_around(floor_manager, holdem_table.pk)
    assert old.gaming_day == yesterday

    assert verify()[0] == 1
    for args in (("--table", str(holdem_table.number)), ("--since", today.isoformat())):
        code, out, _ = verify(*args)
        assert (code, "1 hands checked" in out, "agreeing: 1" in out) == (0, True, True), args
    code, out, _ = verify("--since", yesterday.isoformat(), "--table", str(side_pot_table.number))
    assert code == 1 and f"(hand ids {old.pk})" in out and "1 hands checked" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--since", "yesterday"], "--since takes a gaming day as YYYY-MM-DD, not 'yesterday'."),
        (["--since", "2026-02-30"], "--since takes a gaming day as YYYY-MM-DD, not '2026-02-30'."),
        (["--since", "2999-01-01"], "--since 2999-01-01 is after the current gaming day"),
        (["--table", "9999"], "Table 9999 does not exist."),
        (["--csv", "missing-directory/out.csv"], "--csv missing-directory/out.csv: No such file or directory."),
    ],
)
def test_bad_input_is_a_clear_error(db, args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = verify(*args)
    assert code == 2 and message in err and out == ""


def test_reading_does_not_grow_with_the_number_of_hands(floor_manager, holdem_table):
    def queries():
        with CaptureQueriesContext(connection) as captured:
            checks = list(hands_verify(hands_to_verify()))
        assert all(c.outcome is Outcome.AGREES for c in checks)
        return len(checks), len(captured)

    fold_around(floor_manager, holdem_table.pk)
    one = queries()
    fold_around(floor_manager, holdem_table.pk)
    fold_around(floor_manager, holdem_table.pk)
    three = queries()
    assert (one[0], three[0]) == (1, 3) and one[1] == three[1]
