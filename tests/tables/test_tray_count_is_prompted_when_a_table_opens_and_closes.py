"""Opening or closing a table points the floor manager and the table's dealer to the tray count of that table
(the cashier's tray counts page, the table and the kind in the link) until the count is recorded."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cashier.services.trays import tray_count_record
from tables import services
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def test_opening_prompts_the_opener_until_it_is_counted(floor_manager, club_poker, make_dealer, client_for):
    dealer = make_dealer(club_poker)
    table = services.table_create(actor=floor_manager, room=home_room(), number=12, seats=6, game_id=club_poker.pk)
    services.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
    client = client_for(floor_manager)
    page = reverse("floor:table", args=[table.pk])
    assert "data-tray-due" not in client.get(page).content.decode()  # never opened today: nothing to count
    response = client.post(reverse("floor:table_transition", args=[table.pk, "open"]), follow=True)
    html = response.content.decode()
    assert "Table 12 opened: count its tray (the opener) now." in html
    link = f"{reverse('cashier:tray_counts')}?table={table.pk}&amp;kind=opener"
    assert 'data-tray-due="opener"' in html and link in html
    assert link in client_for(dealer).get(page).content.decode()  # the dealer counts it too
    tray_count_record(actor=dealer, table_id=table.pk, kind="opener", chips={})
    assert "data-tray-due" not in client.get(page).content.decode()


def test_closing_prompts_the_closer(floor_manager, club_poker, open_table, client_for):
    table = open_table(club_poker, number=13)
    tray_count_record(actor=floor_manager, table_id=table.pk, kind="opener", chips={})
    services.dealer_release(actor=floor_manager, table_id=table.pk)
    client = client_for(floor_manager)
    response = client.post(reverse("floor:table_transition", args=[table.pk, "close"]), follow=True)
    html = response.content.decode()
    assert "Table 13 closed: count its tray (the closer) now." in html
    assert 'data-tray-due="closer"' in html and f"?table={table.pk}&amp;kind=closer" in html
    tray_count_record(actor=floor_manager, table_id=table.pk, kind="closer", chips={})
    assert "data-tray-due" not in client.get(reverse("floor:table", args=[table.pk])).content.decode()


def test_the_accountant_is_not_asked_to_count(floor_manager, accountant, club_poker, open_table, client_for):
    table = open_table(club_poker)
    html = client_for(accountant).get(reverse("floor:table", args=[table.pk])).content.decode()
    assert "data-tray-due" not in html


def test_the_link_opens_the_count_with_the_table_and_kind_chosen(floor_manager, club_poker, open_table, client_for):
    open_table(club_poker, number=14)
    table = open_table(club_poker, number=15)
    url = f"{reverse('cashier:tray_counts')}?table={table.pk}&kind=opener"
    html = client_for(floor_manager).get(url).content.decode()
    assert '<details class="card noprint" open>' in html
    assert f'<option value="{table.pk}" selected>' in html and '<option value="opener" selected>' in html
