"""Player photos and expulsion evidence leave only through views that check the role, DEBUG on or off.

Photos: floor managers and cashiers (they must recognise the player). Evidence: floor managers. Nothing
under MEDIA_ROOT has a URL of its own. (Whether an admin passes is the role checks' rule, tested with them.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tables import services
from tables.models import ExpulsionDuration
from tests.factories import home_room
from tests.files import PDF, image, upload

PERSONAS = ["floor_manager", "dealer", "cashier", "accountant", "outsider"]
PHOTO_READERS = {"floor_manager", "cashier"}
EVIDENCE_READERS = {"floor_manager"}
PNG = image("PNG")


@pytest.fixture
def barred(floor_manager, make_player):
    player = make_player("Gor", photo=upload("gor.png", PNG, "image/png"))
    return services.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=player.pk,
        rule="House rule 4",
        reason="Abuse of a dealer",
        duration=ExpulsionDuration.PERMANENT,
        evidence=upload("report.pdf", PDF, "application/pdf"),
    )


def _as(request, client_for, persona):
    return client_for(None if persona is None else request.getfixturevalue(persona))


def test_nothing_under_media_root_has_a_url(debug_urls, barred, request, client_for) -> None:
    for stored in (barred.player.photo.name, barred.evidence.name):
        for persona in (None, "floor_manager"):
            assert _as(request, client_for, persona).get(f"/media/{stored}").status_code == 404, (debug_urls, persona)


def test_the_photo_goes_to_the_desks_that_recognise_players(debug_urls, barred, request, client_for) -> None:
    url = reverse("tables:player_photo", args=[barred.player.pk])
    assert client_for(None).get(url)["Location"].startswith(reverse("login"))
    for persona in PERSONAS:
        response = _as(request, client_for, persona).get(url)
        if persona in PHOTO_READERS:
            assert response.status_code == 200, persona
            assert response["Content-Type"] == "image/png" and b"".join(response.streaming_content) == PNG
            assert response["Content-Disposition"].startswith("inline")
        else:
            assert response.status_code == 403, persona


def test_the_evidence_goes_to_floor_managers(debug_urls, barred, request, client_for) -> None:
    url = reverse("tables:expulsion_evidence", args=[barred.pk])
    assert client_for(None).get(url)["Location"].startswith(reverse("login"))
    for persona in PERSONAS:
        response = _as(request, client_for, persona).get(url)
        if persona in EVIDENCE_READERS:
            assert response.status_code == 200, persona
            assert response["Content-Type"] == "application/pdf" and b"".join(response.streaming_content) == PDF
            assert response["Content-Disposition"] == f'attachment; filename="expulsion-{barred.pk}-evidence.pdf"'
        else:
            assert response.status_code == 403, persona


def test_pages_and_the_api_link_the_guarded_views(barred, floor_manager, accountant, client_for, api_for) -> None:
    photo = reverse("tables:player_photo", args=[barred.player.pk])
    evidence = reverse("tables:expulsion_evidence", args=[barred.pk])
    page = client_for(floor_manager).get(reverse("tables:player", args=[barred.player.pk])).content.decode()
    assert f'href="{photo}"' in page and f'href="{evidence}"' in page and "/media/" not in page
    # The accountant reads the player's record, but neither the face nor the evidence: no dead links.
    page = client_for(accountant).get(reverse("tables:player", args=[barred.player.pk])).content.decode()
    assert photo not in page and evidence not in page
    api = api_for(floor_manager)
    # The API gives absolute URLs (the schema's format "uri").
    assert api.get(reverse("api:floor-player-detail", args=[barred.player.pk])).json()["photo"] == (
        f"http://testserver{photo}"
    )
    assert api.get(reverse("api:floor-expulsion-detail", args=[barred.pk])).json()["evidence"] == (
        f"http://testserver{evidence}"
    )


def test_a_player_without_a_photo_has_no_link_and_no_file(make_player, floor_manager, client_for, api_for) -> None:
    player = make_player("Ani")
    assert api_for(floor_manager).get(reverse("api:floor-player-detail", args=[player.pk])).json()["photo"] is None
    assert client_for(floor_manager).get(reverse("tables:player_photo", args=[player.pk])).status_code == 404


@pytest.mark.parametrize("sender", ["x-accel-redirect", "x-sendfile"])
def test_a_proxy_sends_the_bytes_once_the_view_said_yes(sender, barred, floor_manager, client_for, settings) -> None:
    settings.CARDROOM_FILES_SENDER = sender
    url = reverse("tables:player_photo", args=[barred.player.pk])
    assert client_for(None).get(url).status_code == 302
    response = client_for(floor_manager).get(url)
    assert response.status_code == 200 and response.content == b"" and response["Content-Type"] == "image/png"
    stored = barred.player.photo.name
    if sender == "x-accel-redirect":
        assert response["X-Accel-Redirect"] == f"/protected-files/{stored}"
    else:
        assert response["X-Sendfile"] == str((Path(settings.MEDIA_ROOT) / stored).resolve())


def test_stored_names_say_nothing_of_the_player(barred) -> None:
    for file, extension in ((barred.player.photo, "png"), (barred.evidence, "pdf")):
        name = Path(file.name).name
        assert "gor" not in name and "report" not in name and name.endswith(f".{extension}")
