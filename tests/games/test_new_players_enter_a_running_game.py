"""A new player sitting down at a Hold'em table while hands are being dealt posts the big blind live and the
small blind dead to be dealt in at once (buying the button), or waits for the big blind (R12, case 7); a
player moving seats past more than two active players posts a big blind at the new seat (R12)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from config.errors import DomainError
from games import services as hands
from tables import services as floor
from tables.models import Game, SeatSession, Table
from tests.factories import home_room
from tests.games.helpers import act, ev, fold_around, positions, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def make_player(floor_manager: User) -> Any:
    numbers = iter(range(1, 100))

    def make() -> Any:
        return floor.player_create(
            actor=floor_manager,
            room=home_room(),
            first_name="New",
            last_name=f"Player{next(numbers)}",
            allow_duplicate=True,
        )

    return make


def _sit(floor_manager: User, table: Table, seat: int, make_player, entry: str = "") -> SeatSession:
    session = floor.seat_player(
        actor=floor_manager, table_id=table.pk, player_id=make_player().pk, seat_number=seat, entry=entry
    )
    hands.seat_stack_add(actor=floor_manager, table_id=table.pk, seat_number=seat, amount=100_000)
    return session


def test_players_seated_before_the_first_hand_are_dealt_in_freely(
    floor_manager: User, dealer: User, hand_table, holdem, make_player
) -> None:
    table = hand_table(holdem, dealer, players=3)
    _sit(floor_manager, table, 5, make_player)
    first = hands.hand_start(actor=dealer, table_id=table.pk)
    assert first.state.seats == (1, 2, 3, 5) and first.hand.setup["posts"] == []


def test_a_new_player_who_posts_is_dealt_in_at_once_with_big_blind_live_and_small_blind_dead(
    floor_manager: User, dealer: User, hand_table, holdem, make_player
) -> None:
    table = hand_table(holdem, dealer, players=4)
    assert positions(fold_around(dealer, table.pk)) == (4, 1, 2)
    _sit(floor_manager, table, 6, make_player, entry="post")
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    assert positions(started) == (6, 1, 2)  # the moving button reaches the new seat: they buy it
    assert started.state.seats == (1, 2, 3, 4, 6)
    assert started.hand.setup["posts"] == [[6, 1000, 500]]  # case 7: the big blind live, the small blind dead
    assert (started.state.committed(6), started.state.total_committed(6)) == (1000, 1500)


def test_a_new_player_who_waits_sits_out_until_the_big_blind_reaches_the_seat(
    floor_manager: User, dealer: User, hand_table, holdem, make_player
) -> None:
    table = hand_table(holdem, dealer, players=4)
    assert positions(fold_around(dealer, table.pk)) == (4, 1, 2)
    _sit(floor_manager, table, 6, make_player)  # no choice given: waits
    waiting = fold_around(dealer, table.pk)
    assert positions(waiting) == (6, 1, 2)  # the moving button passes the waiting seat, dealt no cards
    assert waiting.state.seats == (1, 2, 3, 4) and waiting.hand.setup["sitting_out"] == [6]
    assert positions(fold_around(dealer, table.pk)) == (1, 2, 3)
    assert positions(fold_around(dealer, table.pk)) == (2, 3, 4)
    at_big_blind = hands.hand_start(actor=dealer, table_id=table.pk)
    assert positions(at_big_blind) == (3, 4, 6)
    assert at_big_blind.state.seats == (1, 2, 3, 4, 6) and at_big_blind.hand.setup["posts"] == []
    assert at_big_blind.state.total_committed(6) == 1000  # the big blind only


def test_a_player_changing_seats_at_the_table_is_not_new(floor_manager: User, dealer: User, hand_table, holdem) -> None:
    table = hand_table(holdem, dealer, players=4)
    fold_around(dealer, table.pk)
    session = SeatSession.objects.get(table=table, seat_number=1, ended_at__isnull=True)
    floor.seat_move(actor=floor_manager, session_id=session.pk, table_id=table.pk, seat_number=6)  # chips along
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    assert 6 in started.state.seats and started.hand.setup["posts"] == []


def _move(floor_manager: User, table: Table, old: int, new: int) -> None:
    session = SeatSession.objects.get(table=table, seat_number=old, ended_at__isnull=True)
    floor.seat_move(actor=floor_manager, session_id=session.pk, table_id=table.pk, seat_number=new)  # chips along


@pytest.mark.parametrize(
    "old, new, posts",
    [
        (3, 8, [[8, 2000, 0]]),  # passes 4, 5 and 6 on the big blind's way: posts it, live
        (3, 7, [[7, 2000, 0]]),  # the same three players, to the next seat
        (5, 8, []),  # passes seat 6 only
        (4, 7, []),  # passes 5 and 6: two, the most the rule lets pass
        (6, 10, []),  # passes empty seats only
    ],
)
def test_a_player_moving_seats_past_more_than_two_active_players_posts_a_big_blind(
    floor_manager: User, dealer: User, hand_table, holdem_full: Game, old: int, new: int, posts: list[list[int]]
) -> None:
    table = hand_table(holdem_full, dealer, players=6)
    assert positions(fold_around(dealer, table.pk)) == (6, 1, 2)
    _move(floor_manager, table, old, new)
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    assert new in started.state.seats  # dealt in at once, posting or not
    assert started.hand.setup["posts"] == posts
    result = record(dealer, started.hand, ev("deal"))
    while not result.state.is_over:
        result = record(dealer, started.hand, act(result.state.seat_to_act, "fold"))
    assert hands.hand_start(actor=dealer, table_id=table.pk).hand.setup["posts"] == []  # dealt in: owes no more


def test_a_move_towards_the_big_blind_owes_nothing_however_far(
    floor_manager: User, dealer: User, hand_table, holdem_full: Game
) -> None:
    table = hand_table(holdem_full, dealer, players=6)
    fold_around(dealer, table.pk)  # button 6, big blind 2: it reaches seat 3 next, seat 1 last
    _move(floor_manager, table, 1, 9)  # back along the blinds' way past 6, 5, 4 and 3 the other way round
    started = hands.hand_start(actor=dealer, table_id=table.pk)
    assert 9 in started.state.seats and started.hand.setup["posts"] == []


def test_club_poker_deals_a_new_player_in_at_once(
    floor_manager: User, dealer: User, hand_table, club_poker, make_player
) -> None:
    table = hand_table(club_poker, dealer, players=3)
    fold_around(dealer, table.pk)
    _sit(floor_manager, table, 4, make_player)
    assert 4 in hands.hand_start(actor=dealer, table_id=table.pk).state.seats


def test_the_entry_choice_is_checked_and_offered_by_the_api(
    floor_manager: User, dealer: User, hand_table, holdem, make_player, api_for
) -> None:
    table = hand_table(holdem, dealer, players=2)
    with pytest.raises(DomainError) as refused:
        floor.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk, entry="maybe")
    assert refused.value.code == "bad_entry"
    api = api_for(floor_manager)
    bad = api.post(f"/api/v1/floor/tables/{table.pk}/seat/", {"player_id": make_player().pk, "entry": "x"})
    assert bad.status_code == 400
    assert not SeatSession.objects.filter(table=table, seat_number=3).exists()
    good = api.post(
        f"/api/v1/floor/tables/{table.pk}/seat/", {"player_id": make_player().pk, "entry": "post"}, format="json"
    )
    assert good.status_code == 201, good.json()
    assert good.json()["entry"] == "post"


def test_the_table_page_offers_the_choice_at_holdem_and_records_it(
    floor_manager: User, dealer: User, hand_table, holdem, make_player, client_for
) -> None:
    from django.urls import reverse

    table = hand_table(holdem, dealer, players=2)
    client = client_for(floor_manager)
    assert 'name="entry"' in client.get(reverse("floor:table", args=[table.pk])).content.decode()
    client.post(
        reverse("floor:seat_player", args=[table.pk]),
        {"player_id": make_player().pk, "entry": "post", "buy_in": "100000"},
    )
    assert SeatSession.objects.get(table=table, seat_number=3, ended_at__isnull=True).entry == "post"
