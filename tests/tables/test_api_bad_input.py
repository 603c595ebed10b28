"""Bad input is refused with a clear error and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tables.models import Game, Player, SeatSession, Table, WaitlistEntry


@pytest.fixture
def fm_api(floor_manager, api_for):
    return api_for(floor_manager)


@pytest.mark.parametrize(
    ("payload", "code", "words"),
    [
        ({"seat_limit": 7}, "seat_limit_exceeded", "at most 6"),
        ({"ante": "1.5"}, "bad_money", "decimals"),
        ({"ante": 12.0}, "bad_money", "not float"),
        ({"ante": "NaN"}, "bad_money", "not an amount"),
        ({"min_buy_in": "500000"}, "bad_buy_in", "above the maximum"),
        ({"kind": "omaha"}, "invalid", "kind"),
        ({"ante": "0"}, "bad_stakes", "ante"),
    ],
)
def test_game_create_refuses_bad_input(fm_api, payload, code, words):
    body = {
        "name": "Club",
        "kind": "club_poker",
        "structure": "pot_limit",
        "seat_limit": 6,
        "ante": "1000",
        "min_buy_in": "20000",
        "max_buy_in": "200000",
    } | payload
    response = fm_api.post(reverse("api:floor-game-create"), body, format="json")
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == code and words in error["message"]
    assert not Game.objects.exists()


def test_game_create_stores_minor_units(fm_api):
    response = fm_api.post(
        reverse("api:floor-game-create"),
        {
            "name": "Hold'em",
            "kind": "texas_holdem",
            "ring": "full_ring",
            "structure": "no_limit",
            "seat_limit": 10,
            "small_blind": "1000",
            "big_blind": "2000",
            "min_buy_in": "80000",
            "max_buy_in": "400000",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["big_blind"] == "2000"


def test_seating_a_seventh_player_over_the_api(fm_api, floor_manager, club_poker, open_table, make_player):
    table = open_table(club_poker)
    url = reverse("api:floor-table-seat", args=[table.pk])
    for _ in range(6):
        assert fm_api.post(url, {"player_id": make_player().pk}, format="json").status_code == 201
    refused = fm_api.post(url, {"player_id": make_player().pk}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "table_full"
    assert SeatSession.objects.filter(table=table).count() == 6


@pytest.mark.parametrize(
    ("body", "status"),
    [({}, 400), ({"player_id": "abc"}, 400), ({"player_id": 999999}, 404), ({"player_id": 1, "seat_number": -1}, 400)],
)
def test_seat_refuses_malformed_requests(fm_api, club_poker, open_table, body, status):
    table = open_table(club_poker)
    response = fm_api.post(reverse("api:floor-table-seat", args=[table.pk]), body, format="json")
    assert response.status_code == status
    assert response.json()["error"]["message"]
    assert not SeatSession.objects.exists()


def test_seat_at_a_missing_seat_number(fm_api, club_poker, open_table, make_player):
    table = open_table(club_poker)
    response = fm_api.post(
        reverse("api:floor-table-seat", args=[table.pk]),
        {"player_id": make_player().pk, "seat_number": 9},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "no_such_seat",
        "message": f"Table {table.number} has seats 1 to 6; seat 9 refused.",
        "details": {"seats": 6},
    }


def test_duplicate_player_is_warned(fm_api, make_player):
    make_player("Armen", "Karapetyan", date_of_birth=None)
    url = reverse("api:floor-player-create")
    warned = fm_api.post(url, {"first_name": "armen", "last_name": "KARAPETYAN"}, format="json")
    assert warned.status_code == 409
    assert warned.json()["error"]["code"] == "likely_duplicate"
    assert Player.objects.count() == 1
    confirmed = fm_api.post(
        url, {"first_name": "Armen", "last_name": "Karapetyan", "allow_duplicate": True}, format="json"
    )
    assert confirmed.status_code == 201
    assert Player.objects.count() == 2


def test_photo_must_be_jpeg_or_png(fm_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.files import image

    evil = SimpleUploadedFile("x.html", b"<script>", content_type="text/html")
    response = fm_api.post(
        reverse("api:floor-player-create"), {"first_name": "A", "last_name": "B", "photo": evil}, format="multipart"
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_file"
    assert not Player.objects.exists()
    ok = SimpleUploadedFile("me.png", image("PNG"), content_type="image/png")
    response = fm_api.post(
        reverse("api:floor-player-create"), {"first_name": "A", "last_name": "B", "photo": ok}, format="multipart"
    )
    assert response.status_code == 201


def test_expelled_player_refused_at_the_waitlist_api(fm_api, floor_manager, club_poker, make_player):
    player = make_player("Gor", "Avetisyan")
    created = fm_api.post(
        reverse("api:floor-expulsion-create"),
        {"player_id": player.pk, "rule": "House rule 4", "reason": "Abuse", "duration": "permanent"},
        format="json",
    )
    assert created.status_code == 201, created.content
    refused = fm_api.post(
        reverse("api:floor-waitlist-add"), {"game_id": club_poker.pk, "player_id": player.pk}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "player_expelled"
    assert refused.json()["error"]["message"] == "Gor Avetisyan is expelled permanently (rule: House rule 4)"
    assert not WaitlistEntry.objects.exists()


def test_table_number_is_unique(fm_api):
    url = reverse("api:floor-table-create")
    assert fm_api.post(url, {"number": 1, "seats": 6}, format="json").status_code == 201
    refused = fm_api.post(url, {"number": 1, "seats": 6}, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "duplicate_table"
    assert Table.objects.count() == 1
