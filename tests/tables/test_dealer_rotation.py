"""Dealer assignment, rotation due/overdue, the maximum time at one table, and the history."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from config.errors import DomainError
from tables import selectors, services, tasks
from tables.models import AssignmentEndReason, DealerAssignment
from tests.factories import home_room


def _age(assignment, minutes):
    DealerAssignment.objects.filter(pk=assignment.pk).update(started_at=timezone.now() - timedelta(minutes=minutes))


def test_push_due_and_overdue(floor_manager, club_poker, open_table, make_dealer, settings):
    settings.CARDROOM_DEALER_PUSH_MINUTES = 30
    settings.CARDROOM_DEALER_MAX_MINUTES = 180
    table = open_table(club_poker)
    resting = make_dealer(club_poker)
    assignment = DealerAssignment.objects.get(table=table, ended_at__isnull=True)
    board = selectors.rotation_board(room=home_room())
    [row] = board.rows
    assert not row.overdue and row.next_dealer == resting
    assert row.push_due_at == assignment.started_at + timedelta(minutes=30)
    _age(assignment, 31)
    [row] = selectors.rotation_board(room=home_room()).rows
    assert row.overdue and not row.over_max
    assert tasks.dealer_rotation_check.delay().get() == {"overdue": 1, "over_max": 0}
    assignment.refresh_from_db()
    assert assignment.overdue_flagged_at is not None
    _age(assignment, 181)
    assert services.dealer_rotation_check() == {"overdue": 0, "over_max": 1}
    assert selectors.rotation_board(room=home_room()).rows[0].over_max


def test_push_keeps_the_history_of_who_dealt_when(floor_manager, club_poker, open_table, make_dealer):
    table = open_table(club_poker)
    first = selectors.dealer_assigned_now(table_id=table.pk)
    before = timezone.now()
    second = make_dealer(club_poker)
    services.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=second.pk)
    assert selectors.dealer_assigned_now(table_id=table.pk) == second
    assert selectors.dealer_is_assigned(user_id=second.pk, table_id=table.pk)
    assert not selectors.dealer_is_assigned(user_id=first.pk, table_id=table.pk)
    assert selectors.dealer_assigned_at(table_id=table.pk, at=before) == first
    history = list(DealerAssignment.objects.filter(table=table).order_by("started_at"))
    assert [a.dealer for a in history] == [first, second]
    assert history[0].end_reason == AssignmentEndReason.PUSHED


def test_dealer_must_be_clocked_in_and_allowed_the_game(floor_manager, club_poker, holdem_short, make_dealer):
    table = services.table_create(actor=floor_manager, room=home_room(), number=9, seats=6, game_id=club_poker.pk)
    away = make_dealer(club_poker, clock_in=False)
    with pytest.raises(DomainError, match="not clocked in"):
        services.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=away.pk)
    holdem_only = make_dealer(holdem_short)
    with pytest.raises(DomainError, match="may not deal"):
        services.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=holdem_only.pk)


def test_clock_out_refused_while_dealing(floor_manager, club_poker, open_table):
    table = open_table(club_poker)
    dealer = selectors.dealer_assigned_now(table_id=table.pk)
    with pytest.raises(DomainError, match="push or release"):
        services.dealer_clock_out(actor=floor_manager, room=home_room(), dealer_id=dealer.pk)


def test_a_dealer_reads_every_table_on_the_board_and_has_a_link_only_to_their_own(
    floor_manager, club_poker, open_table, client_for
):
    mine, other = open_table(club_poker), open_table(club_poker)
    dealer = selectors.dealer_assigned_now(table_id=mine.pk)
    board = client_for(dealer).get(reverse("tables:dealers")).content.decode()
    assert f'data-downs-table="{other.number}"' in board
    assert f'href="{reverse("floor:table", args=[mine.pk])}"' in board
    assert reverse("floor:table", args=[other.pk]) not in board
    floor = client_for(floor_manager).get(reverse("tables:dealers")).content.decode()
    assert all(reverse("floor:table", args=[t.pk]) in floor for t in (mine, other))
