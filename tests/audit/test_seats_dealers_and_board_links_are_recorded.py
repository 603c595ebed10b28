"""Seat sessions (their times drive the hourly charges), dealer assignments and board links are in the
history: each change through the services on both databases, and on PostgreSQL a raw UPDATE of a seat's
start time too, with what it changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection

from audit.models.history import KioskTokenHistory
from tables.models import SeatSession
from tables.services import dealer_assign, dealer_release, seat_player, seat_stand_up
from tables.services.scenarios import dealer_ready
from tables.services.signage import kiosk_token_create, kiosk_token_revoke
from tests.factories import home_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(open_table, holdem):
    return open_table(holdem)


def test_a_seat_session_is_recorded_from_sitting_down_to_standing_up(
    table, make_player, floor_manager, changes
) -> None:
    seated = seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    seat_stand_up(actor=floor_manager, session_id=seated.pk)
    rows = changes("seat_session", seated.pk)
    assert [row.label for row in rows] == ["insert", "update"]
    assert "ended_at" in {f.name for f in rows[1].fields}


@pytest.mark.postgres
def test_a_seat_start_time_changed_in_the_database_is_recorded(
    on_postgres, table, make_player, floor_manager, changes
) -> None:
    seated = seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    earlier = seated.started_at - timedelta(hours=3)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {SeatSession._meta.db_table} SET started_at = %s WHERE id = %s", [earlier, seated.pk])
    last = changes("seat_session", seated.pk)[-1]
    assert last.label == "update" and last.user_id is None
    assert [f.name for f in last.fields] == ["started_at"]


def test_a_dealer_assignment_is_recorded(table, floor_manager, dealer, changes) -> None:
    dealer_ready(actor=floor_manager, room=home_room(), dealer=dealer, games=[table.game])
    assignment = dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
    dealer_release(actor=floor_manager, table_id=table.pk)
    rows = changes("dealer_assignment", assignment.pk)
    assert [row.label for row in rows] == ["insert", "update"]
    assert "end_reason" in {f.name for f in rows[1].fields}


def test_a_board_link_is_recorded_without_its_hash(floor_manager, changes) -> None:
    made = kiosk_token_create(actor=floor_manager, room=home_room(), label="Bar TV")
    token_id = made.token.pk
    kiosk_token_revoke(actor=floor_manager, room=home_room(), token_id=token_id)
    rows = changes("kiosk_link", token_id)
    assert [row.label for row in rows] == ["insert", "update"]
    assert "revoked_at" in {f.name for f in rows[1].fields}
    assert all("token_hash" not in {f.name for f in row.fields} for row in rows)
    # The room the link shows is in its history, as every room's record's is.
    [created] = KioskTokenHistory.objects.filter(pgh_obj_id=token_id, pgh_label="insert")
    assert created.room_id == home_room().pk
