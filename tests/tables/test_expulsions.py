"""Expulsion: immediate effect in one transaction, refusals naming it, lifting, expiry."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.errors import DomainError
from tables import selectors, services, tasks
from tables.models import Expulsion, ExpulsionDuration, SeatEndReason, WaitlistEndReason
from tests.factories import home_room


def _expel(floor_manager, player, **kwargs):
    kwargs.setdefault("duration", ExpulsionDuration.UNTIL)
    kwargs.setdefault("until", timezone.now() + timedelta(days=30))
    kwargs.setdefault("room", home_room())
    return services.expulsion_create(
        actor=floor_manager,
        player_id=player.pk,
        rule="Club Poker: no discussing combinations",
        reason="Signalled",
        **kwargs,
    )


def test_expulsion_ends_the_seat_and_the_waitlist_entries(
    floor_manager, club_poker, holdem_short, open_table, make_player
):
    table = open_table(club_poker)
    player = make_player("Armen", "Karapetyan")
    session = services.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk)
    entry = services.waitlist_add(actor=floor_manager, room=home_room(), game_id=holdem_short.pk, player_id=player.pk)
    _expel(floor_manager, player)
    session.refresh_from_db()
    entry.refresh_from_db()
    assert session.end_reason == SeatEndReason.EXPELLED and session.ended_at is not None
    assert entry.end_reason == WaitlistEndReason.EXPELLED


def test_expelled_player_is_refused_at_seat_and_waitlist(floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    player = make_player("Armen", "Karapetyan")
    expulsion = _expel(floor_manager, player)
    for attempt in (
        lambda: services.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk),
        lambda: services.waitlist_add(
            actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=player.pk
        ),
        lambda: services.check_player_not_expelled(player_id=player.pk, room_id=home_room().pk),
    ):
        with pytest.raises(DomainError) as refused:
            attempt()
        assert refused.value.code == "player_expelled"
        assert "Armen Karapetyan is expelled until" in refused.value.message
        assert timezone.localtime(expulsion.until).strftime("%Y-%m-%d %H:%M") in refused.value.message
        assert "rule: Club Poker" in refused.value.message


def test_allowed_again_after_expiry(floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    player = make_player()
    expulsion = _expel(floor_manager, player)
    Expulsion.objects.filter(pk=expulsion.pk).update(
        starts_at=timezone.now() - timedelta(days=2), until=timezone.now() - timedelta(seconds=1)
    )
    assert selectors.expulsion_active_for(player_id=player.pk, room_id=home_room().pk) is None
    services.seat_player(actor=floor_manager, table_id=table.pk, player_id=player.pk)
    assert tasks.expulsions_expire.delay().get() == 1
    expulsion.refresh_from_db()
    assert expulsion.expired_recorded_at is not None
    assert tasks.expulsions_expire.delay().get() == 0


def test_lifting_needs_a_reason_and_is_recorded(floor_manager, make_player):
    player = make_player()
    expulsion = _expel(floor_manager, player, duration=ExpulsionDuration.PERMANENT, until=None)
    assert "permanently" in expulsion.describe()
    with pytest.raises(DomainError, match="reason"):
        services.expulsion_lift(actor=floor_manager, expulsion_id=expulsion.pk, reason=" ")
    services.expulsion_lift(actor=floor_manager, expulsion_id=expulsion.pk, reason="Apologised; manager agreed")
    expulsion.refresh_from_db()
    assert expulsion.lifted_by == floor_manager and expulsion.lifted_at is not None
    assert selectors.expulsion_active_for(player_id=player.pk, room_id=home_room().pk) is None
    assert list(selectors.expulsions_report(user=floor_manager, current=False)) == [expulsion]


def test_rest_of_the_gaming_day_ends_at_the_day_boundary(floor_manager, make_player):
    from config.gaming_day import current_gaming_day, gaming_day_bounds

    expulsion = _expel(floor_manager, make_player(), duration=ExpulsionDuration.GAMING_DAY, until=None)
    assert expulsion.until == gaming_day_bounds(current_gaming_day(room=home_room()), room=home_room())[1]


def test_expulsion_needs_rule_and_reason(floor_manager, make_player):
    player = make_player()
    with pytest.raises(DomainError, match="reason"):
        services.expulsion_create(
            actor=floor_manager,
            room=home_room(),
            player_id=player.pk,
            rule="x",
            reason="",
            duration=ExpulsionDuration.PERMANENT,
        )
    assert not Expulsion.objects.exists()
