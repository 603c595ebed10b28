"""The hand log answers in a fixed number of queries whatever the number of hands (no N+1)."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse

from tests.games.helpers import play_hand


def _hands(dealer, table, n):
    for k in range(n):
        play_hand(dealer, table.pk, seed=k)


def _count(client, django_assert_max_num_queries, url, limit):
    client.get(url)  # the first request caches the user's roles on the persona object
    with django_assert_max_num_queries(limit) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries), response


def test_list_api_queries_do_not_grow_with_hands(
    api_for, accountant, dealer, holdem_table, django_assert_max_num_queries
):
    client = api_for(accountant)
    url = reverse("api:games-hand-list")
    _hands(dealer, holdem_table, 2)
    few, _ = _count(client, django_assert_max_num_queries, url, 8)
    _hands(dealer, holdem_table, 8)
    many, response = _count(client, django_assert_max_num_queries, url, 8)
    assert response.json()["count"] == 10 and len(response.json()["results"][0]["players"]) == 3
    assert many == few


def test_list_page_queries_do_not_grow_with_hands(
    client_for, accountant, dealer, holdem_table, django_assert_max_num_queries
):
    client = client_for(accountant)
    url = reverse("games:hand_list")
    _hands(dealer, holdem_table, 2)
    few, _ = _count(client, django_assert_max_num_queries, url, 14)
    _hands(dealer, holdem_table, 8)
    many, _ = _count(client, django_assert_max_num_queries, url, 14)
    assert many == few


def test_filters(api_for, accountant, dealer, holdem_table, floor_manager):
    _hands(dealer, holdem_table, 2)
    client = api_for(accountant)
    url = reverse("api:games-hand-list")
    player = holdem_table.seat_sessions.first().player_id
    assert client.get(url, {"player_id": player}).json()["count"] == 2
    assert client.get(url, {"player_id": 99999}).json()["count"] == 0
    assert client.get(url, {"dealer_id": dealer.pk, "table_id": holdem_table.pk}).json()["count"] == 2
    top = max(Decimal(r["pot"]) for r in client.get(url).json()["results"])
    assert client.get(url, {"min_pot": str(top + 1)}).json()["count"] == 0
    assert client.get(url, {"max_pot": str(top), "game_id": holdem_table.game_id}).json()["count"] == 2
    day = client.get(url).json()["results"][0]["gaming_day"]
    assert client.get(url, {"gaming_day": day, "in_force": "true"}).json()["count"] == 2
    assert client.get(url, {"min_pot": "lots"}).status_code == 400
