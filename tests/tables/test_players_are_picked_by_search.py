"""Seating and waitlist forms pick a player by a search (name, alias, player number), never from a list of
everyone; barred players are flagged and cannot be chosen; only the floor manager may search from them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tables import services
from tables.models import ExpulsionDuration
from tests.factories import home_room

pytestmark = pytest.mark.django_db
PICK = reverse("floor:player_pick")


def _bar(floor_manager, player):
    services.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=player.pk,
        rule="House rule 4",
        reason="Abuse of staff",
        duration=ExpulsionDuration.UNTIL,
        until=timezone.now() + timedelta(days=3),
    )


def test_no_form_lists_every_player(floor_manager, club_poker, open_table, make_player, client_for):
    table = open_table(club_poker)
    for name in ("Armen", "Lina", "Tigran"):
        make_player(name)
    client = client_for(floor_manager)
    for url in (reverse("floor:table", args=[table.pk]), reverse("floor:waitlists")):
        html = client.get(url).content.decode()
        assert '<select name="player_id"' not in html
        assert "Armen" not in html and "Tigran" not in html
        assert 'name="q"' in html and PICK in html


@pytest.mark.parametrize("query", ["petrau", "JP", "number"])
def test_search_by_name_alias_or_player_number(query, floor_manager, make_player, client_for):
    jonas = make_player("Jonas", "Petrauskas", alias="JP")
    make_player("Armen", "Karapetyan")
    q = str(jonas.pk) if query == "number" else query
    html = client_for(floor_manager).get(PICK, {"q": q, "pick": "seat"}).content.decode()
    assert "Jonas Petrauskas" in html and f'name="player_id" value="{jonas.pk}"' in html
    assert "Karapetyan" not in html
    assert f"№ {jonas.pk}" in html


def test_a_blank_search_lists_nobody(floor_manager, make_player, client_for):
    make_player("Armen", "Karapetyan")
    html = client_for(floor_manager).get(PICK, {"q": "  "}).content.decode()
    assert "Karapetyan" not in html and 'name="player_id"' not in html


def test_barred_players_are_flagged_and_cannot_be_chosen(floor_manager, make_player, client_for):
    gor = make_player("Gor", "Avetisyan")
    _bar(floor_manager, gor)
    html = client_for(floor_manager).get(PICK, {"q": "Avetisyan", "pick": "list"}).content.decode()
    assert "data-barred" in html and "barred" in html
    assert f'name="player_id" value="{gor.pk}" required disabled' in html


def test_a_seated_player_is_not_offered_a_second_seat_but_may_join_a_list(
    floor_manager, club_poker, open_table, make_player, client_for
):
    table = open_table(club_poker, number=7)
    ani = make_player("Ani", "Sargsyan")
    services.seat_player(actor=floor_manager, table_id=table.pk, player_id=ani.pk)
    client = client_for(floor_manager)
    seat = client.get(PICK, {"q": "Sargsyan", "pick": "seat"}).content.decode()
    assert "seated at table 7" in seat and f'value="{ani.pk}" required disabled' in seat
    listing = client.get(PICK, {"q": "Sargsyan", "pick": "list"}).content.decode()
    assert f'value="{ani.pk}" required>' in listing


def test_the_server_refuses_a_barred_player_whatever_the_form_sent(
    floor_manager, club_poker, open_table, make_player, client_for
):
    table = open_table(club_poker)
    gor = make_player("Gor", "Avetisyan")
    _bar(floor_manager, gor)
    client = client_for(floor_manager)
    seat = client.post(reverse("floor:seat_player", args=[table.pk]), {"player_id": gor.pk, "buy_in": "50000"})
    assert seat.status_code in (400, 403, 409) and "House rule 4" in seat.content.decode()
    listed = client.post(reverse("floor:waitlist_add"), {"player_id": gor.pk, "game_id": club_poker.pk})
    assert listed.status_code in (400, 403, 409) and 'data-refused="add"' in listed.content.decode()


@pytest.mark.parametrize("persona", ["dealer", "cashier", "accountant", "outsider"])
def test_only_the_floor_manager_searches_from_the_picker(persona, request, make_player, client_for):
    make_player("Armen", "Karapetyan")
    response = client_for(request.getfixturevalue(persona)).get(PICK, {"q": "karap"})
    assert response.status_code == 403
    assert "Karapetyan" not in response.content.decode()


def test_the_player_list_shows_the_player_number_and_who_is_barred(floor_manager, cashier, make_player, client_for):
    gor = make_player("Gor", "Avetisyan")
    armen = make_player("Armen", "Karapetyan")
    _bar(floor_manager, gor)
    html = client_for(cashier).get(reverse("tables:players")).content.decode()
    assert "Player number" in html
    assert f'<tr data-player="{armen.pk}"><td class="num reg-no">{armen.pk}</td>' in html
    row = html.split(f'data-player="{gor.pk}"')[1].split("</tr>")[0]
    assert "data-barred" in row
    assert str(armen.pk) in client_for(cashier).get(reverse("tables:players"), {"q": str(armen.pk)}).content.decode()
