"""List endpoints and pages keep a fixed number of queries however many rows (no N+1)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tables import services
from tests.factories import home_room


@pytest.fixture
def busy_floor(floor_manager, club_poker, holdem_full, open_table, make_player):
    tables = [open_table(club_poker), open_table(holdem_full), open_table(holdem_full)]
    for table in tables:
        for _ in range(4):
            services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    for game in (club_poker, holdem_full):
        for _ in range(5):
            services.waitlist_add(actor=floor_manager, room=home_room(), game_id=game.pk, player_id=make_player().pk)
    return tables


LISTS = [
    "floor-table-list",
    "floor-game-list",
    "floor-seat-list",
    "floor-player-list",
    "floor-expulsion-list",
    "floor-waitlists",
    "floor-waitlist-entry-list",
    "floor-dealer-list",
    "floor-dealer-assignments",
    "floor-dealer-shifts",
    "floor-rotation",
    "floor-board",
]


@pytest.mark.parametrize("name", LISTS)
def test_api_list_query_count(name, busy_floor, floor_manager, api_for, django_assert_max_num_queries):
    client = api_for(floor_manager)
    client.get(reverse(f"api:{name}"))  # warm the role cache and sessions
    with django_assert_max_num_queries(12):
        assert client.get(reverse(f"api:{name}")).status_code == 200


@pytest.mark.parametrize(
    "name", ["floor:floor", "tables:board", "floor:waitlists", "tables:dealers", "tables:players", "tables:expulsions"]
)
def test_page_query_count(name, busy_floor, floor_manager, client_for, django_assert_max_num_queries):
    client = client_for(floor_manager)
    with django_assert_max_num_queries(20):
        assert client.get(reverse(name)).status_code == 200
