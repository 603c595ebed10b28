"""Nothing is deleted: a void keeps the hand marked void; a correction supersedes it with a new record.

Reports (the in-force filter, the dealer statistics, the floor's totals) count only the hand in force.
"""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.urls import reverse

from games import services as hands
from games.models import Hand, HandEvent, HandStatus, SeatStack, StackKind
from games.selectors import HandFilters, hands_list
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, HOLDEM_POT, act, ev, record

# The same hand, entered right: seat 2 bet 6000 on the turn, not 4000.
CORRECT = [*HOLDEM_HAND[:8], act(2, "bet", 6000), *HOLDEM_HAND[9:]]


@pytest.fixture
def played(dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    hand.refresh_from_db()
    return hand


def _stacks(table):
    latest = {}
    for row in SeatStack.objects.filter(table=table).order_by("pk"):
        latest[row.seat_number] = row.stack
    return latest


def test_void_keeps_the_hand_and_reports_count_nothing(api_for, floor_manager, accountant, played):
    response = api_for(floor_manager).post(
        reverse("api:games-hand-void", args=[played.pk]), {"reason": "dealt at the wrong table"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "voided"
    assert response.json()["status_changes"][-1]["reason"] == "dealt at the wrong table"
    played.refresh_from_db()
    assert played.status == HandStatus.VOIDED
    assert HandEvent.objects.filter(hand=played).count() == len(HOLDEM_HAND)
    assert not hands_list(user=accountant, filters=HandFilters(in_force=True)).exists()
    assert hands_list(user=accountant).count() == 1
    assert _stacks(played.table) == {1: 100_000, 2: 100_000, 3: 100_000}  # the void gives the chips back


def test_only_a_floor_manager_voids(api_for, dealer, played):
    response = api_for(dealer).post(reverse("api:games-hand-void", args=[played.pk]), {"reason": "x"}, format="json")
    assert response.status_code == 403


def test_correction_supersedes_and_both_stay_visible(api_for, floor_manager, accountant, played):
    response = api_for(floor_manager).post(
        reverse("api:games-hand-correct", args=[played.pk]),
        {"reason": "turn bet was 6000", "events": CORRECT},
        format="json",
    )
    assert response.status_code == 201, response.json()
    new = Hand.objects.get(pk=response.json()["id"])
    played.refresh_from_db()
    assert played.status == HandStatus.SUPERSEDED and new.corrects == played
    assert (new.number, new.revision) == (played.number, 2)
    assert new.pot == HOLDEM_POT + 4000 and new.fee == (HOLDEM_POT + 4000) * 5 // 100
    visible = hands_list(user=accountant)
    assert set(visible.values_list("pk", flat=True)) == {played.pk, new.pk}
    in_force = hands_list(user=accountant, filters=HandFilters(in_force=True))
    assert list(in_force.values_list("pk", flat=True)) == [new.pk]
    stacks = _stacks(played.table)
    assert stacks[3] == 100_000 - 3000 - 6000
    assert sum(stacks.values()) + new.fee == 300_000
    assert SeatStack.objects.filter(kind=StackKind.CORRECTION, hand=new).count() == 2
    detail = api_for(accountant).get(reverse("api:games-hand-detail", args=[played.pk])).json()
    assert detail["corrected_by_id"] == new.pk


def test_illegal_correction_is_refused_and_stores_nothing(api_for, floor_manager, played):
    count = Hand.objects.count()
    response = api_for(floor_manager).post(
        reverse("api:games-hand-correct", args=[played.pk]),
        {"reason": "x", "events": [*HOLDEM_HAND[:2], act(1, "check")]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith("event 2: seat 1 cannot check")
    assert response.json()["error"]["details"]["event_index"] == 2  # which event, for a client to point at
    assert Hand.objects.count() == count
    played.refresh_from_db()
    assert played.status == HandStatus.COMPLETE


def test_misdeal_keeps_the_button_and_counts_nothing(dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, HOLDEM_HAND[0], ev("misdeal", reason="first card exposed"))
    hand.refresh_from_db()
    assert hand.status == HandStatus.MISDEAL and hand.pot == 0 and hand.fee == 0
    again = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    assert (again.button, again.small_blind_seat, again.big_blind_seat) == (3, 1, 2)
    assert again.number == hand.number + 1


@pytest.mark.django_db(transaction=True)
def test_database_refuses_edits_of_the_log(on_postgres, floor_manager, dealer, holdem_table):
    from django.db import DatabaseError

    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    for sql in (
        f"UPDATE games_handevent SET data = '{{}}' WHERE hand_id = {hand.pk}",
        f"DELETE FROM games_handevent WHERE hand_id = {hand.pk}",
        f"UPDATE games_hand SET number = 99 WHERE id = {hand.pk}",
        f"DELETE FROM games_hand WHERE id = {hand.pk}",
        f"UPDATE games_potaward SET fee = 0 WHERE hand_id = {hand.pk}",
    ):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    with pytest.raises(DatabaseError), transaction.atomic():
        Hand.objects.filter(pk=hand.pk).update(status=HandStatus.OPEN, seq=0)
    assert HandEvent.objects.filter(hand=hand).count() == len(HOLDEM_HAND)
    assert (Hand.objects.get(pk=hand.pk).pot, Hand.objects.get(pk=hand.pk).fee) == (HOLDEM_POT, HOLDEM_FEE)
