"""Pages that show a player's personal data (full name, ID document number) tell every cache not to keep them.

A browser keeps a page for its back button and on disk, a proxy may keep it for the next person: the
cage's and the floor's shared terminals must not show a player's name to whoever comes next. The walk
follows every link each demo user's pages hold, so a page added later is checked without being listed
here; a page that shows a demo player's full name or document number must send ``Cache-Control: no-store``.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client

from tables.models import Player
from tests.pages import MUST_REACH, walk

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(db: None) -> list[str]:
    """The demo room, and what of its players' data no page may leave in a cache."""
    call_command("seed_demo", verbosity=0)
    players = list(Player.objects.all())
    assert players
    return [p.full_name for p in players] + [p.id_document_number for p in players if p.id_document_number]


def _kept(personal: list[str]):
    def judge(response: HttpResponse, html: str) -> list[str]:
        shown = [value for value in personal if value in html]
        if shown and "no-store" not in response.get("Cache-Control", ""):
            return [f"shows {shown[0]!r} without no-store"]
        return []

    return judge


@pytest.mark.parametrize("username", list(MUST_REACH))
def test_every_page_with_a_players_data_is_not_stored(room: list[str], username: str) -> None:
    client = Client()
    client.force_login(User.objects.get(username=username))
    player = Player.objects.order_by("pk").first()
    assert player is not None
    # The searches are asked for by the pages' scripts, not by links.
    searches = [f"/floor/players/?q={player.last_name}", f"/cashier/hx/players/?q={player.last_name}"]
    judge = _kept(room)
    pages = {key: judge(response, response.content.decode()) for key, _path, response in walk(client, "/", *searches)}
    assert {key: found for key, found in pages.items() if found} == {}


def test_the_search_results_and_the_player_page_send_no_store(room: list[str], client_for, floor_manager) -> None:
    player = Player.objects.order_by("pk").first()
    assert player is not None
    client = client_for(floor_manager)
    for path in (f"/floor/players/?q={player.last_name}", f"/floor/players/{player.pk}/"):
        response = client.get(path)
        assert player.full_name in response.content.decode()
        assert "no-store" in response["Cache-Control"], path


def test_a_page_without_personal_data_may_be_kept(room: list[str], client_for, floor_manager) -> None:
    response = client_for(floor_manager).get("/floor/rules/")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")
