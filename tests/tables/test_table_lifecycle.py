"""closed → open ⇄ paused → closed, each transition recorded."""

from __future__ import annotations

import pytest

from config.errors import DomainError
from rake.selectors import sign_fee_words
from tables import services
from tables.models import TableEvent, TableStatus
from tests.factories import home_room


def test_opening_without_a_dealer_is_refused(floor_manager, club_poker):
    table = services.table_create(actor=floor_manager, room=home_room(), number=1, seats=6, game_id=club_poker.pk)
    with pytest.raises(DomainError) as refused:
        services.table_open(actor=floor_manager, table_id=table.pk, fee_words=sign_fee_words)
    assert refused.value.code == "table_needs_dealer"
    assert "dealer" in refused.value.message
    table.refresh_from_db()
    assert table.status == TableStatus.CLOSED


def test_opening_without_a_game_is_refused(floor_manager):
    table = services.table_create(actor=floor_manager, room=home_room(), number=1, seats=6)
    with pytest.raises(DomainError) as refused:
        services.table_open(actor=floor_manager, table_id=table.pk, fee_words=sign_fee_words)
    assert refused.value.code == "table_needs_game"


def test_every_transition_is_recorded_with_who(floor_manager, club_poker, open_table):
    table = open_table(club_poker)
    services.table_pause(actor=floor_manager, table_id=table.pk, note="break")
    services.table_resume(actor=floor_manager, table_id=table.pk)
    services.dealer_release(actor=floor_manager, table_id=table.pk)
    services.table_close(actor=floor_manager, table_id=table.pk)
    actions = list(TableEvent.objects.filter(table=table).values_list("action", "from_status", "to_status"))
    assert actions == [
        ("create", "closed", "closed"),
        ("open", "closed", "open"),
        ("pause", "open", "paused"),
        ("resume", "paused", "open"),
        ("close", "open", "closed"),
    ]
    assert set(TableEvent.objects.filter(table=table).values_list("created_by", flat=True)) == {floor_manager.pk}


def test_closing_needs_empty_seats_and_no_dealer(floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    session = services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    with pytest.raises(DomainError, match="seated"):
        services.table_close(actor=floor_manager, table_id=table.pk)
    services.seat_stand_up(actor=floor_manager, session_id=session.pk)
    with pytest.raises(DomainError, match="dealer"):
        services.table_close(actor=floor_manager, table_id=table.pk)
    services.dealer_release(actor=floor_manager, table_id=table.pk)
    assert services.table_close(actor=floor_manager, table_id=table.pk).status == TableStatus.CLOSED


def test_game_changes_only_while_closed(floor_manager, club_poker, holdem_short, open_table):
    table = open_table(club_poker)
    with pytest.raises(DomainError, match="only while it is closed"):
        services.table_configure(actor=floor_manager, table_id=table.pk, game_id=holdem_short.pk, seats=6)
    with pytest.raises(DomainError, match="no table running it"):
        services.game_update(actor=floor_manager, game_id=club_poker.pk, ante=2000)
