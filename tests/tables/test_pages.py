"""The floor's pages: sign, board, rules, players, expulsions CSV, htmx partials, page actions."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from tables import services
from tables.models import ExpulsionDuration, SeatSession
from tests.factories import home_room


def test_sign_page_shows_the_sign_and_a_qr_to_the_rules(floor_manager, holdem_short, open_table, client_for):
    table = open_table(holdem_short, number=12)
    html = client_for(floor_manager).get(reverse("floor:sign", args=[table.pk])).content.decode()
    assert "Table 12" in html and "Blinds 500/1,000 AMD" in html
    assert "<svg" in html and "@page" not in html  # the print CSS lives in the stylesheet
    assert "Rules of the game" in html


def test_closed_table_sign_page_says_no_sign(floor_manager, club_poker, client_for):
    table = services.table_create(actor=floor_manager, room=home_room(), number=13, seats=6, game_id=club_poker.pk)
    html = client_for(floor_manager).get(reverse("floor:sign", args=[table.pk])).content.decode()
    assert "shows no sign" in html and "<svg" not in html


def test_board_masks_names_and_polls(floor_manager, club_poker, open_table, make_player, client_for):
    open_table(club_poker)
    services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player("Armen", "Karapetyan").pk
    )
    client = client_for(floor_manager)
    html = client.get(reverse("tables:board")).content.decode()
    assert "Armen K." in html and "Karapetyan" not in html
    assert 'hx-trigger="every 5s"' in html
    partial = client.get(reverse("tables:board"), headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith('<div id="board-live"') and "<html" not in partial


def test_rules_page_shows_english_and_the_original(dealer, client_for):
    html = client_for(dealer).get(reverse("tables:rules", args=["club-poker"])).content.decode()
    assert "The regulation" in html and "House rules" in html
    assert 'lang="hy"' in html and "Ակումբային" in html
    html = client_for(dealer).get(reverse("tables:rules", args=["texas-holdem"])).content.decode()
    assert 'lang="lt"' in html
    assert client_for(dealer).get(reverse("tables:rules", args=["omaha"])).status_code == 404


def test_barred_player_report_csv(floor_manager, cashier, make_player, client_for):
    player = make_player("Gor", "Avetisyan")
    services.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=player.pk,
        rule="House rule 4",
        reason="Abuse of staff",
        duration=ExpulsionDuration.UNTIL,
        until=timezone.now() + timedelta(days=3),
    )
    response = client_for(cashier).get(reverse("tables:expulsions_csv"))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["player", "alias", "date_of_birth", "rule"]
    assert rows[1][0] == "Gor Avetisyan" and rows[1][4] == "Abuse of staff" and rows[1][9] == "yes"


def test_player_page_create_warns_about_a_duplicate(floor_manager, make_player, client_for):
    make_player("Rūta", "Kazlauskienė")
    client = client_for(floor_manager)
    response = client.post(reverse("tables:players"), {"first_name": "Rūta", "last_name": "Kazlauskienė"})
    assert response.status_code == 200 and "Likely duplicate" in response.content.decode()
    response = client.post(
        reverse("tables:players"), {"first_name": "Rūta", "last_name": "Kazlauskienė", "allow_duplicate": "on"}
    )
    assert response.status_code == 302


def test_player_search_partial(floor_manager, make_player, client_for):
    make_player("Jonas", "Petrauskas", alias="JP")
    make_player("Armen", "Karapetyan")
    html = client_for(floor_manager).get(reverse("tables:players"), {"q": "jp"}, headers={"HX-Request": "true"})
    text = html.content.decode()
    assert "Jonas Petrauskas" in text and "Karapetyan" not in text


def test_seat_from_a_page_reports_refusals(floor_manager, club_poker, open_table, make_player, client_for):
    table = open_table(club_poker)
    client = client_for(floor_manager)
    url = reverse("floor:seat_player", args=[table.pk])
    player = make_player()
    assert client.post(url, {"player_id": player.pk, "seat_number": 2, "buy_in": "50000"}).status_code == 302
    again = client.post(url, {"player_id": make_player().pk, "seat_number": 2, "buy_in": "50000"})
    assert again.status_code == 409 and "Seat 2 at table" in again.content.decode()
    assert SeatSession.objects.filter(table=table).count() == 1
    bad = client.post(url, {"player_id": "x", "buy_in": "50000"})
    assert bad.status_code == 400 and "is not a number" in bad.content.decode()


def test_dealer_sees_their_table_on_the_floor(dealer, floor_manager, club_poker, open_table, client_for):
    services.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[club_poker.pk])
    services.dealer_clock_in(actor=floor_manager, room=home_room(), dealer_id=dealer.pk)
    mine = open_table(club_poker, number=21, dealer=dealer)
    open_table(club_poker, number=22)
    html = client_for(dealer).get(reverse("floor:floor")).content.decode()
    assert 'data-table="21"' in html and 'data-table="22"' not in html
    assert reverse("tables:rules", args=["club-poker"]) in html
    assert client_for(dealer).get(reverse("floor:table", args=[mine.pk])).status_code == 200
