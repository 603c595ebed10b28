"""Two runs of a fee beat task at once (one tick taken by two workers, or a slow run and the next tick)
write each record once, and the counts they report add up to the records written."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.services.hand_fees import hand_fees_sweep
from rake.models import FeeCharge, FeePolicyVersion, TimeCharge
from rake.services import time_charges_create
from tables.models import Game, SeatSession, Table
from tests.overlap import overlapping
from tests.rake.helpers import assert_fee_invariants, drop_box

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

SESSIONS = 4


def test_time_charges_are_written_and_counted_once(
    on_postgres,
    floor_manager: User,
    open_table: Callable[..., Table],
    holdem_ring: Game,
    past_version: Callable[..., FeePolicyVersion],
    seat: Callable[..., SeatSession],
) -> None:
    now = timezone.now()
    table = open_table(holdem_ring)
    past_version(table=table, effective_from=now - timedelta(hours=4), amount_per_hour=2000, collect_every_minutes=60)
    for _ in range(SESSIONS):
        seat(table, since=now - timedelta(hours=2, minutes=30))  # periods from -2:30, -1:30 and -0:30

    first, second = overlapping(lambda: time_charges_create(actor=floor_manager, at=now))

    assert TimeCharge.objects.count() == 3 * SESSIONS
    assert (first, second) == (3 * SESSIONS, 0)


def test_swept_fees_are_posted_and_counted_once(
    on_postgres, floor_manager: User, dealer: User, open_table: Callable[..., Table], holdem_ring: Game, quick_hand
) -> None:
    table = open_table(holdem_ring, dealer=dealer)
    # Finished hands whose fee the recorder did not post (written straight to the table).
    hands = [quick_hand(table, pot=20_000, fee=1000, dealer=dealer).pk for _ in range(3)]

    first, second = overlapping(lambda: hand_fees_sweep(actor=floor_manager))

    assert FeeCharge.objects.filter(hand_id__in=hands).count() == 3
    assert (first, second) == (hands, [])
    assert drop_box(table.pk) == 3 * 1000
    assert_fee_invariants()
