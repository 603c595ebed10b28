"""The floor map's live hand summary: a dealer reads that of the table they deal now, never another's.

As the dealer's screen decides (``tables.selectors.check_deals_table``): the assignment is read on every
request, so a dealer moved to another table reads the new one and no longer the old.
"""

from __future__ import annotations

from django.urls import reverse

from games import services as hands
from tables import services as floor


def _current(api_for, user, table):
    return api_for(user).get(reverse("api:games-table-current", args=[table.pk]))


def test_a_dealer_of_one_table_does_not_read_another_tables_hand(
    api_for, floor_manager, accountant, dealer, make_dealer_user, hand_table, holdem
):
    mine = hand_table(holdem, dealer)
    other_dealer = make_dealer_user()
    theirs = hand_table(holdem, other_dealer)
    hands.hand_start(actor=other_dealer, table_id=theirs.pk)

    refused = _current(api_for, dealer, theirs)
    assert refused.status_code == 403
    body = refused.json()["error"]
    assert body["code"] == "not_assigned_dealer"
    assert f"you deal table {mine.number}, not table {theirs.number}" in body["message"]

    assert _current(api_for, other_dealer, theirs).status_code == 200
    assert _current(api_for, floor_manager, theirs).status_code == 200
    assert _current(api_for, accountant, theirs).status_code == 200
    assert _current(api_for, dealer, mine).status_code == 204  # their own table, between hands


def test_a_dealer_moved_away_no_longer_reads_the_old_table(api_for, floor_manager, dealer, hand_table, holdem):
    table = hand_table(holdem, dealer)
    hands.hand_start(actor=dealer, table_id=table.pk)
    assert _current(api_for, dealer, table).status_code == 200
    floor.dealer_release(actor=floor_manager, table_id=table.pk)
    assert _current(api_for, dealer, table).status_code == 403
