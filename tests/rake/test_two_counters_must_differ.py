"""A drop is counted blind by two different people, one of them a floor manager; counts that differ
are counted again; nobody sees the expected amount or the other count before both agree."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import DomainError
from config.roles import Role
from games.services.hand_fees import hand_fees_post
from rake.models import DropCountStatus, DropTally
from rake.services import drop_count_start, drop_tally_record
from tests.cashier.conftest import key
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def count(open_table, holdem_ring, quick_hand, floor_manager, dealer):
    table = open_table(holdem_ring, dealer=dealer)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=40_000, fee=2000, dealer=dealer).pk)
    return drop_count_start(actor=floor_manager, table_id=table.pk)


def test_the_same_person_cannot_count_twice(count, floor_manager, chips_in_play) -> None:
    chips = {chips_in_play[1000]: 2}
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips=chips)
    with pytest.raises(DomainError) as again:
        drop_tally_record(actor=floor_manager, count_id=count.pk, chips=chips)
    assert again.value.code == "same_counter"
    assert DropTally.objects.count() == 1


def test_two_cashiers_are_not_enough(count, cashier, chips_in_play) -> None:
    chips = {chips_in_play[1000]: 2}
    drop_tally_record(actor=cashier, count_id=count.pk, chips=chips)
    with pytest.raises(DomainError) as second:
        drop_tally_record(actor=UserFactory(roles=[Role.CASHIER]), count_id=count.pk, chips=chips)
    assert second.value.code == "floor_manager_required"


def test_dealers_and_accountants_do_not_count(count, dealer, accountant, chips_in_play) -> None:
    for who in (dealer, accountant):
        with pytest.raises(DomainError) as refused:
            drop_tally_record(actor=who, count_id=count.pk, chips={chips_in_play[1000]: 2})
        assert refused.value.status == 403


def test_counts_that_differ_start_a_new_round(count, floor_manager, cashier, chips_in_play) -> None:
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips={chips_in_play[1000]: 2})
    result = drop_tally_record(actor=cashier, count_id=count.pk, chips={chips_in_play[1000]: 1})
    count.refresh_from_db()
    assert result.agreed is False and (count.status, count.round, count.counted) == (DropCountStatus.COUNTING, 2, None)
    drop_tally_record(actor=cashier, count_id=count.pk, chips={chips_in_play[1000]: 2})
    assert drop_tally_record(actor=floor_manager, count_id=count.pk, chips={chips_in_play[1000]: 2}).agreed is True
    count.refresh_from_db()
    assert (count.status, count.counted, count.variance) == (DropCountStatus.FINAL, 2000, 0)


def test_the_second_counter_does_not_see_the_first_result(
    count, floor_manager, cashier, api_for, chips_in_play
) -> None:
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips={chips_in_play[1000]: 2})
    seen = api_for(cashier).get(reverse("api:drop_count_detail", args=[count.pk])).json()
    assert seen["status"] == "counting" and seen["tallies_this_round"] == 1
    assert (seen["expected"], seen["counted"], seen["tallies"], seen["lines"]) == (None, None, [], [])
    listed = api_for(cashier).get(reverse("api:drop_count_list")).json()
    assert listed[0]["expected"] is None and listed[0]["tallies"] == []
    answer = api_for(cashier).post(
        reverse("api:drop_count_tally", args=[count.pk]),
        {"chips": [{"denomination_id": chips_in_play[1000], "pieces": 2}]},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key(),
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["agreed"] is True and body["count"]["expected"] == "2000" and len(body["count"]["tallies"]) == 2


def test_the_count_page_hides_the_first_count(count, floor_manager, cashier, client_for, chips_in_play) -> None:
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips={chips_in_play[1000]: 2})
    page = client_for(cashier).get(reverse("rake:drop_count", args=[count.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="tally-form"' in html and 'id="count-result"' not in html and "2,000" not in html
