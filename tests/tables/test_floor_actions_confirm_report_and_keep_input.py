"""Irreversible floor actions ask first (data-confirm, handled by cardroom.js); every action says it worked;
a refused form comes back with what was typed and the reason, instead of an empty form after a redirect."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tables import services
from tables.models import Expulsion, Table
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def _form(html: str, action: str) -> str:
    """The opening tag of the form posting to ``action``."""
    return html.split(f'action="{action}"')[0].rsplit("<form", 1)[1] + html.split(f'action="{action}"')[1].split(">")[0]


def test_close_stand_up_and_release_ask_first(floor_manager, club_poker, open_table, make_player, client_for):
    table = open_table(club_poker, number=8)
    session = services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player("Ani", "Sargsyan").pk)
    html = client_for(floor_manager).get(reverse("floor:table", args=[table.pk])).content.decode()
    close = _form(html, reverse("floor:table_transition", args=[table.pk, "close"]))
    assert 'data-confirm="Close table 8?' in close
    stand = _form(html, reverse("floor:seat_stand_up", args=[session.pk]))
    assert 'data-confirm="Stand Ani Sargsyan up from seat 1?' in stand
    release = _form(html, reverse("floor:dealer_release", args=[table.pk]))
    assert 'data-confirm="Release the dealer of table 8?' in release
    pause = _form(html, reverse("floor:table_transition", args=[table.pk, "pause"]))
    assert "data-confirm" not in pause  # a pause is undone by resuming: no question


def test_expel_and_remove_from_a_list_ask_first(floor_manager, club_poker, make_player, client_for):
    player = make_player("Gor", "Avetisyan")
    entry = services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=player.pk)
    client = client_for(floor_manager)
    html = client.get(reverse("tables:player", args=[player.pk])).content.decode()
    assert 'data-confirm="Expel Gor Avetisyan?' in _form(html, reverse("tables:expulsion_create", args=[player.pk]))
    html = client.get(reverse("floor:waitlists")).content.decode()
    remove = _form(html, reverse("floor:waitlist_action", args=[entry.pk, "remove"]))
    assert 'data-confirm="Take Gor Avetisyan off the' in remove


def test_every_action_says_it_worked(floor_manager, club_poker, open_table, make_dealer, make_player, client_for):
    client = client_for(floor_manager)

    def said(url, data=None):
        response = client.post(url, data or {}, follow=True)
        assert response.status_code == 200
        return " ".join(m.message for m in response.context["messages"])

    assert "Table created." in said(reverse("floor:table_create"), {"number": 31, "seats": 6, "game_id": club_poker.pk})
    table = Table.objects.get(number=31)
    dealer = make_dealer(club_poker)
    assert "deals table 31 now" in said(reverse("floor:dealer_assign", args=[table.pk]), {"dealer_id": dealer.pk})
    assert "Table 31 opened" in said(reverse("floor:table_transition", args=[table.pk, "open"]))
    player = make_player()
    seated = said(reverse("floor:seat_player", args=[table.pk]), {"player_id": player.pk, "buy_in": "30000"})
    assert "Player seated, buy-in recorded." in seated
    session = table.seat_sessions.get()
    assert "Player stood up." in said(reverse("floor:seat_stand_up", args=[session.pk]), {"table_id": table.pk})
    assert "released from table 31" in said(reverse("floor:dealer_release", args=[table.pk]))
    assert "Table 31 closed" in said(reverse("floor:table_transition", args=[table.pk, "close"]))
    registered = said(reverse("tables:players"), {"first_name": "Rūta", "last_name": "Kazlauskienė"})
    assert "Player Rūta Kazlauskienė registered." in registered


def test_a_refused_expulsion_comes_back_with_what_was_typed(floor_manager, make_player, client_for):
    player = make_player()
    url = reverse("tables:expulsion_create", args=[player.pk])
    data = {"rule": "House rule 4", "reason": "Shouted at the dealer", "duration": "until", "scope": "room"}
    response = client_for(floor_manager).post(url, data)  # "until a date" without the date
    html = response.content.decode()
    assert response.status_code == 400
    assert 'value="House rule 4"' in html and "Shouted at the dealer</textarea>" in html
    assert 'class="errorlist' in html
    assert not Expulsion.objects.exists()


def test_a_refused_new_table_and_list_entry_come_back_filled_in(floor_manager, club_poker, make_player, client_for):
    services.table_create(actor=floor_manager, room=home_room(), number=9, seats=6)
    client = client_for(floor_manager)
    response = client.post(
        reverse("floor:table_create"), {"number": "9", "name": "Window", "seats": "6", "game_id": club_poker.pk}
    )
    html = response.content.decode()
    assert response.status_code == 409 and 'data-refused="create"' in html
    assert 'value="Window"' in html and f'<option value="{club_poker.pk}" selected>' in html
    player = make_player("Lina", "Grigoryan")
    services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=player.pk)
    again = client.post(
        reverse("floor:waitlist_add"),
        {
            "player_id": player.pk,
            "q": "grigor",
            "game_id": club_poker.pk,
            "source": "call_in",
            "check_in_minutes": "20",
        },
    )
    html = again.content.decode()
    assert again.status_code == 409 and "already on the" in html
    assert 'value="grigor"' in html and f'value="{player.pk}" required checked' in html
    assert (
        '<option value="call_in" selected>' in html
        and 'name="check_in_minutes" type="number" min="1" value="20"' in html
    )


def test_a_refused_move_keeps_the_seat_typed(floor_manager, club_poker, open_table, make_player, client_for):
    table = open_table(club_poker)
    first = services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    response = client_for(floor_manager).post(
        reverse("floor:seat_move", args=[first.pk]),
        {"from_table_id": table.pk, "table_id": table.pk, "seat_number": "2"},
    )
    html = response.content.decode()
    assert response.status_code == 409 and 'data-refused="move"' in html
    move = html.split(f'action="{reverse("floor:seat_move", args=[first.pk])}"')[1].split("</form>")[0]
    assert 'value="2"' in move and "data-dirty" in move
