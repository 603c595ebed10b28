"""Putting on a table a dealer who deals at another open table is a push between the two tables: the dealer
sent off takes the table left behind when they may deal its game (a swap: no players left without a
dealer); when they may not, the table left is named on the form before the push and in a warning after;
never a silent strip."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tables import services
from tables.models import AssignmentEndReason, DealerAssignment

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(make_dealer, club_poker):
    return make_dealer(club_poker, first_name="Anna", last_name="Petrosyan")


def _dealing(table):
    return DealerAssignment.objects.get(table=table, ended_at__isnull=True).dealer


def test_a_push_between_running_tables_swaps_the_dealers(floor_manager, club_poker, open_table, anna, client_for):
    three = open_table(club_poker, number=3, dealer=anna)
    five = open_table(club_poker, number=5)
    before = _dealing(five)
    push = services.dealer_push(actor=floor_manager, table_id=five.pk, dealer_id=anna.pk)
    assert push.moved_from == three and push.pushed_off == before and push.swapped
    assert DealerAssignment.objects.get(table=three, dealer=anna).end_reason == AssignmentEndReason.MOVED
    assert (_dealing(five), _dealing(three)) == (anna, before)  # no table without a dealer

    html = (
        client_for(floor_manager)
        .post(reverse("floor:dealer_assign", args=[three.pk]), {"dealer_id": anna.pk}, follow=True)
        .content.decode()
    )
    name = before.get_full_name() or before.get_username()
    assert "Anna Petrosyan deals table 3 now." in html and f"{name} took table 5 in their place." in html
    assert (_dealing(three), _dealing(five)) == (anna, before)


def test_a_dealer_who_may_not_deal_the_table_left_leaves_it_named(
    floor_manager, club_poker, holdem_short, open_table, make_dealer, client_for
):
    both = make_dealer(club_poker, holdem_short, first_name="Anna", last_name="Petrosyan")
    three = open_table(holdem_short, number=3, dealer=both)
    five = open_table(club_poker, number=5)  # its dealer deals Club Poker only
    response = client_for(floor_manager).post(
        reverse("floor:dealer_assign", args=[five.pk]), {"dealer_id": both.pk}, follow=True
    )
    html = response.content.decode()
    assert "Anna Petrosyan deals table 5 now." in html
    assert "Anna Petrosyan moved from table 3: table 3 has no dealer now." in html
    assert "assign a dealer there" in html
    assert 'class="message warning"' in html
    assert not DealerAssignment.objects.filter(table=three, ended_at__isnull=True).exists()


def test_the_form_names_where_each_dealer_deals_and_asks_first(
    floor_manager, club_poker, open_table, make_dealer, anna, client_for
):
    open_table(club_poker, number=3, dealer=anna)
    five = open_table(club_poker, number=5)
    resting = make_dealer(club_poker, first_name="Davit", last_name="Dealer")
    html = client_for(floor_manager).get(reverse("floor:table", args=[five.pk])).content.decode()
    form = html.split('id="dealer-select"')[1].split("</select>")[0]
    anna_option = form.split(f'value="{anna.pk}"')[1].split("</option>")[0]
    assert "deals table 3" in anna_option and 'data-confirm="' in anna_option
    assert "table 3 is left without a dealer" in anna_option
    davit_option = form.split(f'value="{resting.pk}"')[1].split("</option>")[0]
    assert "data-confirm" not in davit_option and "deals table" not in davit_option
    assert "data-confirm-option" in html.split('id="dealer-select"')[0].rsplit("<form", 1)[1]


def test_a_dealer_from_a_break_is_a_plain_push(floor_manager, club_poker, open_table, make_dealer, client_for):
    five = open_table(club_poker, number=5)
    fresh = make_dealer(club_poker, first_name="Davit", last_name="Dealer")
    response = client_for(floor_manager).post(
        reverse("floor:dealer_assign", args=[five.pk]), {"dealer_id": fresh.pk}, follow=True
    )
    html = response.content.decode()
    assert "Davit Dealer deals table 5 now." in html and "moved from table" not in html
