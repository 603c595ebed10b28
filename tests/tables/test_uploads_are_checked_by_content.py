"""An upload is what its bytes are, not what its name or declared type say (photos and expulsion evidence)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tables.models import Expulsion, Player
from tests.files import PDF, image, upload

pytestmark = pytest.mark.django_db

TEXT = b"Just a note, not a picture.\n"


def _register(client, photo):
    return client.post(reverse("tables:players"), {"first_name": "Ani", "last_name": "Petrosyan", "photo": photo})


def test_a_text_file_named_jpg_is_refused_by_the_form(floor_manager, client_for) -> None:
    response = _register(client_for(floor_manager), upload("me.jpg", TEXT, "image/jpeg"))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="errorlist"' in page and "photo: the file&#x27;s content is not JPEG, PNG" in page
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("fmt", "name", "stored"), [("PNG", "me.png", ".png"), ("JPEG", "me.jpg", ".jpg"), ("JPEG", "ME.JPEG", ".jpg")]
)
def test_a_real_image_is_stored_as_what_it_is(floor_manager, client_for, fmt, name, stored) -> None:
    response = _register(client_for(floor_manager), upload(name, image(fmt), "image/png"))
    player = Player.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("tables:player", args=[player.pk])
    assert player.photo.name.endswith(stored) and player.photo.read() == image(fmt)


@pytest.mark.parametrize(
    "photo",
    [
        upload("me.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "image/png"),  # the signature, then no image
        upload("me.jpg", PDF, "image/jpeg"),
        upload("me.png", image("JPEG"), "image/png"),  # an image, but not what its name claims
    ],
    ids=["png-signature-only", "pdf-named-jpg", "jpeg-named-png"],
)
def test_an_impostor_photo_is_refused_by_the_api(floor_manager, api_for, photo) -> None:
    response = api_for(floor_manager).post(
        reverse("api:floor-player-create"), {"first_name": "A", "last_name": "B", "photo": photo}, format="multipart"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_file" and response.json()["error"]["details"]["field"] == "photo"
    assert not Player.objects.exists()


def _expel(client, player, evidence):
    body = {"player_id": player.pk, "rule": "House rule 4", "reason": "Abuse", "duration": "permanent"}
    return client.post(reverse("api:floor-expulsion-create"), {**body, "evidence": evidence}, format="multipart")


def test_a_fake_pdf_is_refused_as_evidence(floor_manager, api_for, make_player) -> None:
    fake = upload("statement.pdf", b"<html><script>alert(1)</script></html>", "application/pdf")
    response = _expel(api_for(floor_manager), make_player(), fake)
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_file"
    assert response.json()["error"]["message"] == "evidence: the file is named as PDF but its content is UTF-8 text."
    assert not Expulsion.objects.exists()


@pytest.mark.parametrize("name", ["statement.html", "STATEMENT.HTM", "drawing.svg", "run.js"])
def test_text_named_as_a_page_or_a_script_is_refused_as_evidence(floor_manager, api_for, make_player, name) -> None:
    page = upload(name, b"<html><script>alert(1)</script></html>", "text/html")
    response = _expel(api_for(floor_manager), make_player(), page)
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_file"
    extension = name.rsplit(".", 1)[-1].lower()
    assert response.json()["error"]["message"] == (
        f"evidence: the file is named as .{extension} but its content is UTF-8 text."
    )
    assert not Expulsion.objects.exists()


@pytest.mark.parametrize(
    ("data", "stored"), [(PDF, ".pdf"), (image("JPEG"), ".jpg"), ("Վկա: seat 3 saw it.\n".encode(), ".txt")]
)
def test_real_evidence_is_accepted(floor_manager, api_for, make_player, data, stored) -> None:
    response = _expel(api_for(floor_manager), make_player(), upload("evidence.bin", data, "application/octet-stream"))
    assert response.status_code == 201, response.content
    assert Expulsion.objects.get().evidence.name.endswith(stored)
