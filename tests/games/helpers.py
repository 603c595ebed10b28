"""Small helpers to record hands in tests: post events with the right sequence, count rows."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth.models import User

from games import services as hands
from games.models import Hand, HandEvent, HandResult, HandSeat, HandStatusChange, PotAward, SeatStack


def ev(type: str, **fields: Any) -> dict[str, Any]:
    return {"type": type, **fields}


def act(seat: int, kind: str, amount: int = 0) -> dict[str, Any]:
    return {"type": "action", "seat": seat, "kind": kind, "amount": amount}


def record(actor: User, hand: Hand, *events: dict[str, Any]) -> hands.RecordedEvent:
    """Post each event at the hand's current sequence; returns the last result."""
    last = None
    for event in events:
        hand.refresh_from_db(fields=["seq"])
        last = hands.hand_event_record(
            actor=actor, hand_id=hand.pk, seq=hand.seq, client_event_id=uuid.uuid4().hex, event=event
        )
    assert last is not None
    return last


def fold_around(dealer: User, table_id: int) -> hands.Started:
    """Start the next hand at a table and fold everyone to the last player standing; returns the start."""
    started = hands.hand_start(actor=dealer, table_id=table_id)
    result = record(dealer, started.hand, ev("deal"))
    while not result.state.is_over:
        result = record(dealer, started.hand, act(result.state.seat_to_act, "fold"))
    return started


def positions(started: hands.Started) -> tuple[int, int | None, int | None]:
    """The button, small blind and big blind seats of a started hand."""
    hand = started.hand
    return hand.button, hand.small_blind_seat, hand.big_blind_seat


def row_counts() -> dict[str, int]:
    """Rows of every hand-record table: a refusal must leave them all unchanged."""
    models = (Hand, HandEvent, HandResult, HandSeat, HandStatusChange, PotAward, SeatStack)
    return {m.__name__: m.objects.count() for m in models}


# A Hold'em hand at a 3-handed table, button on seat 3 (first hand: the last seat),
# SB seat 1 (500), BB seat 2 (1000): seat 3 raises to 3000, seat 1 folds, seat 2
# calls; flop, both check; turn, seat 2 bets 4000, seat 3 calls; river checks; showdown.
HOLDEM_HAND = [
    ev("deal", holes={"2": "KhKd", "3": "AsQs"}),
    act(3, "raise", 3000),
    act(1, "fold"),
    act(2, "call"),
    ev("board", cards="2s7c9d"),
    act(2, "check"),
    act(3, "check"),
    ev("board", cards="Jh"),
    act(2, "bet", 4000),
    act(3, "call"),
    ev("board", cards="3c"),
    act(2, "check"),
    act(3, "check"),
    ev("show", seat=2, cards="KhKd"),
    ev("show", seat=3, cards="AsQs"),
]
# Pot: 500 (SB) + 3000 + 3000 + 4000 + 4000 = 14500; 5% fee = 725; seat 2 wins 13775.
HOLDEM_POT, HOLDEM_FEE = 14_500, 725


# Club Poker at a 3-seat table, ante 1000, button seat 3 (first hand): seat 2 bets, seat 3 folds,
# seat 1 calls and buys 2 cards (2 x 1000 into the bank); both show a nine-high straight: a tie.
CLUB_TO_TIE = [
    ev("deal", holes={"1": "5c6d7hKd2c", "2": "5d6h7s8c9d", "3": "AsAhAdKsQs"}),
    act(1, "check"),
    act(2, "bet", 2000),
    act(3, "fold"),
    act(1, "call"),
    ev("draw", seat=1, discards="Kd2c", cards="8s9c"),
    ev("draw", seat=2, discards="", cards=""),
    act(1, "check"),
    act(2, "check"),
    ev("show", seat=1, cards="5c6d7h8s9c"),
    ev("show", seat=2, cards="5d6h7s8c9d"),
]
# Bank: antes 3000 + 2000 + 2000 + card fees 2000 = 9000.
CLUB_BANK = 9000
# The replay: seats 1 and 2 ante again (2000 of new money); seat 1 wins the bank of 11000.
CLUB_REPLAY = [
    ev("deal", holes={"1": "AcKcQcJc9h", "2": "2d3d4d5h7s"}),
    act(1, "check"),
    act(2, "check"),
    ev("draw", seat=1, discards="", cards=""),
    ev("draw", seat=2, discards="", cards=""),
    act(1, "check"),
    act(2, "check"),
    ev("show", seat=1, cards="AcKcQcJc9h"),
    ev("show", seat=2, cards="2d3d4d5h7s"),
]


def play_hand(actor: User, table_id: int, seed: int) -> Hand:
    """Start the next hand at a table and play it to the end with legal, seeded events."""
    from games.engine.autoplay import AutoPlayer
    from games.services.scenarios import play_hand as played

    return played(actor=actor, table_id=table_id, player=AutoPlayer(seed), event_prefix=uuid.uuid4().hex)
