"""Menus link only to the pages the user's role opens, and a refusal names the real reason: the role a page
needs, or, for a dealer at another table, the table they do not deal."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tables import services
from tests.factories import home_room

pytestmark = pytest.mark.django_db
NAV = re.compile(r'<nav class="(?:mainnav|subnav)[^"]*"[^>]*>(.*?)</nav>', re.S)


def _menu_links(html: str) -> set[str]:
    return {href for nav in NAV.findall(html) for href in re.findall(r'href="([^"#?]+)', nav)}


@pytest.fixture
def dealt_table(floor_manager, club_poker, dealer, open_table):
    services.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[club_poker.pk])
    services.dealer_clock_in(actor=floor_manager, room=home_room(), dealer_id=dealer.pk)
    return open_table(club_poker, dealer=dealer)


@pytest.mark.parametrize("persona", ["floor_manager", "dealer", "cashier", "accountant"])
def test_every_floor_menu_link_opens(persona, request, dealt_table, client_for):
    client = client_for(request.getfixturevalue(persona))
    start = {
        "floor_manager": "floor:floor",
        "dealer": "floor:floor",
        "cashier": "tables:players",
        "accountant": "tables:players",
    }[persona]
    html = client.get(reverse(start)).content.decode()
    links = {link for link in _menu_links(html) if link.startswith("/floor/")}
    assert links, html
    for link in links:
        assert client.get(link).status_code == 200, (persona, link)


def test_a_dealer_sees_no_link_to_the_players_waitlists_or_expulsions(dealer, dealt_table, client_for):
    html = client_for(dealer).get(reverse("floor:floor")).content.decode()
    links = _menu_links(html)
    for name in ("tables:players", "floor:waitlists", "tables:expulsions"):
        assert reverse(name) not in links
    assert reverse("floor:floor") in links and reverse("tables:dealers") in links


def test_the_cashier_menus_offer_only_the_floor_pages_it_may_read(cashier, client_for):
    html = client_for(cashier).get(reverse("tables:players")).content.decode()
    links = _menu_links(html)
    assert 'data-nav="floor"' not in html  # the floor itself is not a cashier's page
    assert {reverse("tables:players"), reverse("tables:expulsions"), reverse("tables:board")} <= links
    for name in ("floor:floor", "floor:waitlists", "tables:dealers"):
        assert reverse(name) not in links


def test_a_write_refused_by_role_names_the_role(dealer, dealt_table, client_for):
    response = client_for(dealer).post(reverse("floor:table_transition", args=[dealt_table.pk, "close"]))
    assert response.status_code == 403
    assert "This page needs the role floor manager." in response.content.decode()


def test_a_dealer_at_another_table_is_told_which_table_is_not_theirs(
    dealer, dealt_table, club_poker, open_table, client_for
):
    other = open_table(club_poker, number=44)
    response = client_for(dealer).get(reverse("floor:table", args=[other.pk]))
    html = response.content.decode()
    assert response.status_code == 403
    assert "You do not deal table 44." in html
    assert "needs the role" not in html
