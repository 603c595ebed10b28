"""Seat limits per game kind: Club Poker ≤ 6, Hold'em short-handed ≤ 6, full ring ≤ 10, never < 2."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from config.errors import DomainError
from tables import services
from tables.models import Game, GameKind, Ring, SeatSession, Structure
from tests.factories import home_room


def test_seventh_player_at_club_poker_is_refused(floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    for seat in range(1, 7):
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk, seat_number=seat)
    seventh = make_player()
    with pytest.raises(DomainError) as refused:
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=seventh.pk)
    assert refused.value.code == "table_full"
    assert "6 of 6" in refused.value.message
    with pytest.raises(DomainError, match="full"):
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=seventh.pk, seat_number=7)
    assert SeatSession.objects.filter(table=table, ended_at__isnull=True).count() == 6


def test_eleventh_player_at_full_ring_is_refused(floor_manager, holdem_full, open_table, make_player):
    table = open_table(holdem_full)
    for _ in range(10):
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    with pytest.raises(DomainError) as refused:
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    assert refused.value.code == "table_full"


def test_short_handed_table_stops_at_six(floor_manager, holdem_short, open_table, make_player):
    table = open_table(holdem_short)
    for _ in range(6):
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    with pytest.raises(DomainError, match="full"):
        services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)


@pytest.mark.parametrize(
    ("kind", "ring", "seats", "ok"),
    [
        (GameKind.CLUB_POKER, "", 6, True),
        (GameKind.CLUB_POKER, "", 7, False),
        (GameKind.TEXAS_HOLDEM, Ring.SHORT_HANDED, 6, True),
        (GameKind.TEXAS_HOLDEM, Ring.SHORT_HANDED, 7, False),
        (GameKind.TEXAS_HOLDEM, Ring.FULL_RING, 10, True),
        (GameKind.TEXAS_HOLDEM, Ring.FULL_RING, 11, False),
        (GameKind.TEXAS_HOLDEM, Ring.FULL_RING, 1, False),
    ],
)
def test_game_seat_limit_follows_the_rules(floor_manager, kind, ring, seats, ok):
    stakes = {"ante": 1000} if kind == GameKind.CLUB_POKER else {"small_blind": 500, "big_blind": 1000}

    def create():
        return services.game_create(
            actor=floor_manager,
            name=f"g{seats}{ring}",
            kind=kind,
            structure=Structure.NO_LIMIT,
            ring=ring,
            seat_limit=seats,
            min_buy_in=1000,
            max_buy_in=2000,
            **stakes,
            room=home_room(),
        )

    if ok:
        assert create().seat_limit == seats
    else:
        with pytest.raises(DomainError, match=r"at most|at least"):
            create()
        assert not Game.objects.exists()


def test_table_configured_beyond_its_game_is_refused(floor_manager, club_poker, holdem_full):
    with pytest.raises(DomainError) as refused:
        services.table_create(actor=floor_manager, room=home_room(), number=1, seats=7, game_id=club_poker.pk)
    assert refused.value.code == "seat_limit_exceeded"
    table = services.table_create(actor=floor_manager, room=home_room(), number=1, seats=9, game_id=holdem_full.pk)
    with pytest.raises(DomainError, match="at most 6"):
        services.table_configure(actor=floor_manager, table_id=table.pk, game_id=club_poker.pk, seats=9)
    table.refresh_from_db()
    assert table.game_id == holdem_full.pk


def test_database_refuses_a_club_poker_game_with_seven_seats(floor_manager):
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(
            room=home_room(),
            name="bad",
            kind=GameKind.CLUB_POKER,
            structure=Structure.NO_LIMIT,
            ante=1,
            min_buy_in=1,
            max_buy_in=1,
            seat_limit=7,
            created_at="2026-01-01T00:00Z",
            created_by=floor_manager,
        )


def test_model_validation_names_the_limit(club_poker):
    from django.core.exceptions import ValidationError

    club_poker.seat_limit = 7
    with pytest.raises(ValidationError, match="between 2 and 6"):
        club_poker.full_clean()
