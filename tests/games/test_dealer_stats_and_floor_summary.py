"""Dealer statistics count hands in force per dealer and table; the floor map reads the hand being dealt."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from games import services as hands
from games.selectors import current_hand_summary, current_hands_summary, dealer_stats
from tables.models import DealerAssignment
from tests.games.helpers import HOLDEM_HAND, play_hand, record


def test_dealer_stats_per_hour(api_for, accountant, floor_manager, dealer, holdem_table):
    DealerAssignment.objects.filter(table=holdem_table).update(started_at=timezone.now() - timedelta(hours=2))
    kept = [play_hand(dealer, holdem_table.pk, seed=k) for k in range(3)]
    voided = play_hand(dealer, holdem_table.pk, seed=9)
    hands.hand_void(actor=floor_manager, hand_id=voided.pk, reason="test hand")
    day = voided.gaming_day
    [row] = dealer_stats(day_from=day, day_to=day)
    assert row.hands == 3 and row.fee == sum(h.fee for h in kept)
    assert row.average_pot == sum(h.pot for h in kept) // 3
    assert 1.9 < float(row.hours) <= 2.01
    assert 1.4 < float(row.hands_per_hour) < 1.6
    response = api_for(accountant).get(reverse("api:games-dealer-stats"), {"day_from": day, "day_to": day})
    assert response.status_code == 200 and response.json()[0]["hands"] == 3


def test_current_hand_summary_for_the_floor_map(api_for, floor_manager, dealer, holdem_table):
    assert current_hand_summary(table_id=holdem_table.pk) is None
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    summary = current_hand_summary(table_id=holdem_table.pk)
    assert summary["hand_id"] == hand.pk and summary["pot"] == 1500  # the blinds
    record(dealer, hand, *HOLDEM_HAND[:2])
    assert current_hands_summary(table_ids=[holdem_table.pk])[holdem_table.pk]["pot"] == 4500
    response = api_for(floor_manager).get(reverse("api:games-table-current", args=[holdem_table.pk]))
    assert response.json()["number"] == hand.number
    record(dealer, hand, *HOLDEM_HAND[2:])
    assert api_for(floor_manager).get(reverse("api:games-table-current", args=[holdem_table.pk])).status_code == 204
