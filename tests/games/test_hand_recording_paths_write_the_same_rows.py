"""Recording hands writes the same rows with the PostgreSQL fast paths as with their ORM twins.

The fast paths of recording (``games.services.table_state``'s one-statement read, the event's
conditional write in ``games.services.recording``, a whole hand's ``config.db.insert_all``, the
fee's two statements) and their twins, run on one PostgreSQL database over the same hands, leave
every table the same: hands, seats, events, results, pots, stacks, status changes, fees, ledger
entries and balances, summaries, history and outbox rows, every column (``tests.fast_paths`` says
what is set aside: new rows' ids and the time stamps).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from games import services as hands
from games.engine.autoplay import AutoPlayer
from games.models import Hand
from games.services.state import cache_clear
from tables.models import Game, Table
from tests.fast_paths import BothWays, written_both_ways
from tests.games.helpers import CLUB_REPLAY, CLUB_TO_TIE, HOLDEM_HAND, act, ev
from tests.rake.helpers import stock_chips

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# Four stacks that all go in before the flop: a main pot and two side pots, each won by another seat.
ALL_IN_STACKS = {1: 5_000, 2: 12_000, 3: 30_000, 4: 100_000}
ALL_IN_HAND = [
    ev("deal", holes={"1": "AhAd", "2": "KhKd", "3": "QhQd", "4": "JhJd"}),
    act(3, "raise", 30_000),
    act(4, "call"),
    act(1, "call"),
    act(2, "call"),
    ev("board", cards="2s7c9d"),
    ev("board", cards="3h"),
    ev("board", cards="4c"),
    ev("show", seat=1, cards="AhAd"),
    ev("show", seat=2, cards="KhKd"),
    ev("show", seat=3, cards="QhQd"),
    ev("show", seat=4, cards="JhJd"),
]


def _same(work: Callable[[], None]) -> BothWays:
    both = written_both_ways(work, reset=cache_clear)
    assert both.differences() == []
    return both


def _record(actor: User, hand: Hand, *events: dict[str, object]) -> hands.RecordedEvent:
    """``tests.games.helpers.record`` with client event ids both runs send alike (not random)."""
    last = None
    for event in events:
        hand.refresh_from_db(fields=["seq"])
        last = hands.hand_event_record(
            actor=actor, hand_id=hand.pk, seq=hand.seq, client_event_id=f"e{hand.seq}", event=event
        )
    assert last is not None
    return last


def _autoplay(actor: User, table_id: int, seed: int, *, events: int | None = None) -> None:
    """A seeded hand played to its end, or left open after ``events`` events (a hand's head, its ``seq``
    and ``pot``, is overwritten by the hand's completion: only an open hand shows what each event wrote)."""
    player = AutoPlayer(seed)
    started = hands.hand_start(actor=actor, table_id=table_id)
    state = started.state
    while not state.is_over and (events is None or state.seq < events):
        event = player.next_event(state)
        state = hands.hand_event_record(
            actor=actor, hand_id=started.hand.pk, seq=state.seq, client_event_id=f"e{state.seq}", event=event
        ).state


@pytest.fixture
def chips(db: None) -> None:
    stock_chips()  # the fees move real chips: with none in the room nothing would post


def test_holdem_all_ins_and_side_pots_event_by_event(
    on_postgres: None, chips: None, floor_manager: User, dealer: User, hand_table, holdem: Game
) -> None:
    table = hand_table(holdem, dealer, players=0)
    for seat, stack in ALL_IN_STACKS.items():
        hand_table.sit(table, seat, stack)

    def work() -> None:
        hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
        _record(dealer, hand, ALL_IN_HAND[0], act(3, "fold"))
        hand.refresh_from_db()
        hands.hand_undo(actor=dealer, hand_id=hand.pk, seq=hand.seq, client_event_id="undo", reason="slip")
        _record(dealer, hand, *ALL_IN_HAND[1:])
        for seed in range(3):  # and hands after it, from the stacks it left
            _autoplay(dealer, table.pk, seed)
        _autoplay(dealer, table.pk, 3, events=5)

    rows = _same(work)
    played = sorted(row["id"] for row in rows.new_rows("games_hand"))
    assert len(played) == 5
    assert [row["pot"] > 0 for row in rows.new_rows("games_hand") if row["status"] == "open"] == [True]
    first = [row for row in rows.new_rows("games_potaward") if row["hand_id"] == played[0]]
    assert sorted(row["amount"] for row in first) == [20_000, 21_000, 36_000]
    assert any(row["fee"] for row in rows.new_rows("games_hand"))
    assert rows.new_rows("rake_feecharge") and rows.new_rows("ledger_leg")


def test_a_whole_hand_in_one_request(on_postgres: None, chips: None, dealer: User, holdem_table: Table) -> None:
    def work() -> None:
        hands.hand_record_whole(actor=dealer, table_id=holdem_table.pk, events=HOLDEM_HAND, client_hand_id="w1")
        _autoplay(dealer, holdem_table.pk, 4)
        hands.hand_record_whole(actor=dealer, table_id=holdem_table.pk, events=HOLDEM_HAND, client_hand_id="w1")

    rows = _same(work)
    assert len(rows.new_rows("games_hand")) == 2  # the same client hand id again is the first hand
    assert len(rows.new_rows("games_handevent")) > len(HOLDEM_HAND)


def test_club_poker_card_buys_a_tie_and_its_replay(
    on_postgres: None, chips: None, dealer: User, club_table: Table
) -> None:
    def work() -> None:
        hand = hands.hand_start(actor=dealer, table_id=club_table.pk).hand
        result = _record(dealer, hand, *CLUB_TO_TIE, ev("replay"))
        assert result.replay_hand is not None
        _record(dealer, result.replay_hand, *CLUB_REPLAY)
        for seed in range(2):
            _autoplay(dealer, club_table.pk, seed)
        _autoplay(dealer, club_table.pk, 2, events=4)

    rows = _same(work)
    statuses = sorted(row["status"] for row in rows.new_rows("games_hand"))
    assert len(statuses) == 5 and statuses.count("open") == 1
    assert any(row["kind"] == "draw" for row in rows.new_rows("games_handevent"))
