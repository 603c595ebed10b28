"""A floor manager corrects a player on the player's page: the history keeps who, when, which
request, and each changed value before and after (SQLite and PostgreSQL alike)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from audit.models import PlayerHistory

# The history rows take their time from PostgreSQL (NOW() in the triggers): the test reads them on the
# machine's clock.
pytestmark = [pytest.mark.django_db, pytest.mark.real_clock]


def test_a_page_edit_records_who_when_the_request_and_before_and_after(floor_manager, make_player, client_for, changes):
    player = make_player(alias="Ace", notes="")
    started = timezone.now()
    url = reverse("tables:player_edit", args=[player.pk])
    response = client_for(floor_manager).post(url, {"alias": "King", "notes": "pays in cash", "id_document_type": ""})
    assert response.status_code == 302

    created, edited = changes("player", player.pk)
    assert (created.label, created.user_id) == ("insert", None)  # registered by a service call, not a request
    assert edited.label == "update"
    assert (edited.user_id, edited.username) == (floor_manager.pk, "floor_manager")
    assert (edited.method, edited.url) == ("POST", url)
    assert str(edited.request_id) == response["X-Request-ID"]
    assert started - timedelta(seconds=1) <= edited.at <= timezone.now()
    assert [(f.name, f.before, f.after) for f in edited.fields] == [
        ("alias", "Ace", "King"),
        ("notes", "", "pays in cash"),
    ]


def test_saving_the_page_without_a_change_records_nothing(floor_manager, make_player, client_for):
    player = make_player(alias="Ace")
    url = reverse("tables:player_edit", args=[player.pk])
    client_for(floor_manager).post(url, {"alias": "Ace", "id_document_type": ""})
    assert list(PlayerHistory._default_manager.filter(pgh_obj_id=player.pk).values_list("pgh_label", flat=True)) == [
        "insert"
    ]


def test_a_refused_edit_leaves_no_history(floor_manager, make_player, client_for):
    player = make_player(alias="Ace")
    url = reverse("tables:player_edit", args=[player.pk])
    client_for(floor_manager).post(url, {"alias": "x" * 81, "id_document_type": ""})
    assert PlayerHistory._default_manager.filter(pgh_obj_id=player.pk).count() == 1
