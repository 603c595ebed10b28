"""Dealers read the waitlists with the names the room board shows (first name and last initial), never a
full name; floor managers and accountants, who run the lists and audit them, read full names."""

from __future__ import annotations

from django.urls import reverse

from tables import services
from tables.selectors.board import room_board
from tests.factories import home_room


def test_a_dealer_reads_masked_names_only(floor_manager, accountant, dealer, club_poker, make_player, api_for):
    player = make_player("Armen", "Karapetyan")
    services.waitlist_add(actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=player.pk)
    url = reverse("api:floor-waitlists")

    response = api_for(dealer).get(url)
    assert response.status_code == 200
    [listed] = response.json()
    [entry] = listed["entries"]
    assert entry["player"] == {"id": player.pk, "full_name": None, "masked_name": "Armen K."}
    assert "Karapetyan" not in response.content.decode()
    # The same masking as the room board on the wall TV.
    assert entry["player"]["masked_name"] in room_board(room=home_room())["waitlists"][0]["names"]

    for reader in (floor_manager, accountant):
        [full] = api_for(reader).get(url).json()[0]["entries"]
        assert full["player"]["full_name"] == "Armen Karapetyan"
        assert full["player"]["id"] == player.pk
