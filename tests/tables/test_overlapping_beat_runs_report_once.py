"""Two runs of a floor beat task at once (one tick taken by two workers, or a slow run and the next tick)
change each row once, and the counts they report add up to the rows changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tables import services
from tables.models import (
    DealerAssignment,
    Expulsion,
    ExpulsionDuration,
    WaitlistEndReason,
    WaitlistEntry,
    WaitlistStatus,
)
from tests.factories import home_room
from tests.overlap import overlapping

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.mark.parametrize("expiry", ["requeue", "remove"])
def test_expired_calls_are_expired_and_counted_once(
    on_postgres, floor_manager, club_poker, make_player, settings, expiry
):
    settings.CARDROOM_WAITLIST_CALL_EXPIRY = expiry
    for name in ("Armen", "Lina", "Tigran"):
        entry = services.waitlist_add(
            actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player(name).pk
        )
        services.waitlist_call(actor=floor_manager, entry_id=entry.pk)
    WaitlistEntry.objects.update(call_expires_at=timezone.now() - timedelta(seconds=1))

    first, second = overlapping(services.waitlist_expire_calls)

    reason = WaitlistEndReason.REQUEUED if expiry == "requeue" else WaitlistEndReason.CALL_EXPIRED
    assert WaitlistEntry.objects.filter(status=WaitlistStatus.REMOVED, end_reason=reason).count() == 3
    assert WaitlistEntry.objects.filter(requeued_from__isnull=False).count() == (3 if expiry == "requeue" else 0)
    assert (first, second) == ({"calls_expired": 3, "check_ins_missed": 0}, {"calls_expired": 0, "check_ins_missed": 0})


def test_dealer_push_flags_are_stamped_and_counted_once(on_postgres, club_poker, open_table, settings):
    settings.CARDROOM_DEALER_PUSH_MINUTES = 30
    for _ in range(3):
        open_table(club_poker)
    DealerAssignment.objects.update(started_at=timezone.now() - timedelta(minutes=31))

    first, second = overlapping(services.dealer_rotation_check)

    assert DealerAssignment.objects.filter(overdue_flagged_at__isnull=False).count() == 3
    assert (first, second) == ({"overdue": 3, "over_max": 0}, {"overdue": 0, "over_max": 0})


def test_expulsion_expiries_are_recorded_and_counted_once(on_postgres, floor_manager, make_player):
    for name in ("Armen", "Lina"):
        services.expulsion_create(
            actor=floor_manager,
            room=home_room(),
            player_id=make_player(name).pk,
            rule="Club Poker: no discussing combinations",
            reason="Signalled",
            duration=ExpulsionDuration.UNTIL,
            until=timezone.now() + timedelta(days=30),
        )
    Expulsion.objects.update(starts_at=timezone.now() - timedelta(days=2), until=timezone.now() - timedelta(seconds=1))

    first, second = overlapping(services.expulsions_expire)

    assert Expulsion.objects.filter(expired_recorded_at__isnull=False).count() == 2
    assert (first, second) == (2, 0)
