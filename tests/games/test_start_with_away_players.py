"""Hand start and time away: an away player is not dealt in and keeps the seat; at Hold'em a player back
owes the blinds that passed while away and posts them or waits for the big blind (R12, case 6)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from config.api import money_out
from config.errors import DomainError
from games import services as hands
from games.models import HandSeat
from tables import services as floor
from tables.models import SeatSession, Table
from tests.games.helpers import act, ev, fold_around, positions, record

pytestmark = pytest.mark.django_db


def _session(table: Table, seat: int) -> SeatSession:
    return SeatSession.objects.get(table=table, seat_number=seat, ended_at__isnull=True)


def _away(actor: User, table: Table, seat: int) -> None:
    floor.seat_away_start(actor=actor, session_id=_session(table, seat).pk)


def _back(actor: User, table: Table, seat: int, choice: str = "post") -> None:
    floor.seat_away_end(actor=actor, session_id=_session(table, seat).pk, choice=choice)


def test_club_poker_leaves_the_away_player_out_and_keeps_the_seat(
    floor_manager: User, dealer: User, club_table: Table
) -> None:
    _away(dealer, club_table, 2)
    started = hands.hand_start(actor=dealer, table_id=club_table.pk)
    assert started.state.seats == (1, 3)
    assert started.hand.setup["sitting_out"] == [2]
    assert sorted(HandSeat.objects.filter(hand=started.hand).values_list("seat_number", flat=True)) == [1, 3]
    assert started.state.total_committed(1) == 1000 and started.state.total_committed(3) == 1000
    assert started.state.pots()[0].amount == 2000  # two antes, none from the away seat
    assert _session(club_table, 2).ended_at is None


def test_a_player_back_is_dealt_in_again_at_club_poker(dealer: User, club_table: Table) -> None:
    _away(dealer, club_table, 2)
    fold_around(dealer, club_table.pk)
    _back(dealer, club_table, 2)
    assert hands.hand_start(actor=dealer, table_id=club_table.pk).state.seats == (1, 2, 3)


def test_no_hand_when_fewer_than_two_players_are_not_away(dealer: User, hand_table, club_poker) -> None:
    table = hand_table(club_poker, dealer, players=2)
    _away(dealer, table, 1)
    with pytest.raises(DomainError) as exc:
        hands.hand_start(actor=dealer, table_id=table.pk)
    assert exc.value.code == "too_few_players"
    assert "seat(s) 1 away" in exc.value.message


def test_an_away_player_with_no_chips_recorded_needs_no_buy_in(
    floor_manager: User, dealer: User, club_table: Table, hand_table
) -> None:
    hand_table.sit(club_table, 4, None)
    _away(dealer, club_table, 4)
    started = hands.hand_start(actor=dealer, table_id=club_table.pk)
    assert started.state.seats == (1, 2, 3)
    assert "4" not in started.hand.setup["stacks"]


def test_holdem_blinds_skip_the_away_player(dealer: User, hand_table, holdem) -> None:
    table = hand_table(holdem, dealer, players=4)
    assert positions(fold_around(dealer, table.pk)) == (4, 1, 2)
    _away(dealer, table, 3)
    second = fold_around(dealer, table.pk)
    assert positions(second) == (1, 2, 4)
    assert second.state.seats == (1, 2, 4)
    assert second.hand.setup["sitting_out"] == [3] and second.hand.setup["posts"] == []


def _missed_both(dealer: User, table: Table) -> None:
    """Seat 3 away for two hands: the big blind passes it (2 -> 4), then the small blind (2 -> 4)."""
    assert positions(fold_around(dealer, table.pk)) == (4, 1, 2)
    _away(dealer, table, 3)
    assert positions(fold_around(dealer, table.pk)) == (1, 2, 4)
    assert positions(fold_around(dealer, table.pk)) == (2, 4, 1)


def test_holdem_player_back_posts_the_missed_big_blind_live_and_small_blind_dead(
    dealer: User, hand_table, holdem
) -> None:
    table = hand_table(holdem, dealer, players=4)
    _missed_both(dealer, table)
    _back(dealer, table, 3, "post")
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    assert positions(started) == (3, 4, 1)
    assert started.state.seats == (1, 2, 3, 4)
    assert started.hand.setup["posts"] == [[3, 1000, 500]]
    assert (started.state.committed(3), started.state.total_committed(3)) == (1000, 1500)
    assert HandSeat.objects.filter(hand=started.hand, seat_number=3).exists()
    result = record(dealer, started.hand, ev("deal"))
    while not result.state.is_over:
        result = record(dealer, started.hand, act(result.state.seat_to_act, "fold"))
    # Dealt in once, the player owes nothing more: the next hand has no extra post.
    following = hands.hand_start(actor=dealer, table_id=table.pk)
    assert following.hand.setup["posts"] == [] and following.state.seats == (1, 2, 3, 4)


def test_holdem_player_back_who_waits_sits_out_until_the_big_blind(dealer: User, hand_table, holdem) -> None:
    table = hand_table(holdem, dealer, players=4)
    _missed_both(dealer, table)
    _back(dealer, table, 3, "wait")
    waiting = fold_around(dealer, table.pk)
    assert positions(waiting) == (3, 4, 1)
    assert waiting.state.seats == (1, 2, 4) and waiting.hand.setup["sitting_out"] == [3]
    still = fold_around(dealer, table.pk)
    assert positions(still) == (4, 1, 2) and 3 not in still.state.seats
    at_big_blind = hands.hand_start(actor=dealer, table_id=table.pk)
    assert positions(at_big_blind) == (1, 2, 3)
    assert at_big_blind.state.seats == (1, 2, 3, 4) and at_big_blind.hand.setup["posts"] == []
    assert at_big_blind.state.total_committed(3) == 1000  # the big blind only, nothing owed


def test_holdem_player_back_before_any_blind_passed_owes_nothing(dealer: User, hand_table, holdem) -> None:
    table = hand_table(holdem, dealer, players=4)
    fold_around(dealer, table.pk)
    _away(dealer, table, 1)  # seat 1 was the small blind; next the blinds are 2 and 3
    assert positions(fold_around(dealer, table.pk)) == (2, 3, 4)
    _back(dealer, table, 1, "wait")
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    assert started.state.seats == (1, 2, 3, 4) and started.hand.setup["posts"] == []


def test_the_dealer_sees_who_sits_out_in_every_state_the_api_returns(api_for, dealer: User, club_table: Table) -> None:
    _away(dealer, club_table, 2)
    api = api_for(dealer)
    started = api.post("/api/v1/hands/start/", {"table_id": club_table.pk}, format="json")
    assert started.status_code == 201, started.json()
    body = started.json()
    [out] = body["sitting_out"]
    assert (out["seat"], out["stack"]) == (2, money_out(_stack(club_table, 2))) and out["name"]
    assert [s["seat"] for s in body["seats"]] == [1, 3]
    event = {"seq": body["seq"], "client_event_id": "deal-1", "event": {"type": "deal"}}
    after = api.post(f"/api/v1/hands/{body['hand_id']}/events/", event, format="json").json()
    assert [s["seat"] for s in after["state"]["sitting_out"]] == [2]


def _stack(table: Table, seat: int) -> int:
    from games.services.stacks import seated_with_stacks

    return next(s.stack for s in seated_with_stacks(table.pk) if s.session.seat_number == seat) or 0
