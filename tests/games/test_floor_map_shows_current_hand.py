"""The floor map shows each table's current hand and pot, and it updates with the hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games import services as hands
from tables.models import Table

pytestmark = pytest.mark.django_db


def _floor_card(client: Client, table: Table) -> str:
    html = client.get(reverse("floor:floor"), HTTP_HX_REQUEST="true").content.decode()
    start = html.index(f'data-table="{table.number}"')
    return html[start : html.index("</article>", start)]


def test_floor_map_shows_the_hand_in_progress_and_its_pot(
    holdem_table: Table, dealer: User, floor_manager: User, client_for: Callable[[User | None], Client]
) -> None:
    client = client_for(floor_manager)
    assert "No hand in progress" in _floor_card(client, holdem_table)

    started = hands.hand_start(actor=dealer, table_id=holdem_table.pk)
    card = _floor_card(client, holdem_table)
    assert f'data-hand="{started.hand.number}"' in card
    # Blinds 500/1,000 are in the pot as soon as the hand starts.
    assert "pot 1,500" in card
    assert reverse("games:dealer", args=[holdem_table.pk]) in card
