"""PHH through the API: one hand, a filtered set via the Celery task (eager here), and an import with a bad hand."""

from __future__ import annotations

import tomllib

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games import services as hands
from games.models import Hand, HandStatus, PhhExport
from tests.games.helpers import HOLDEM_FEE, HOLDEM_HAND, HOLDEM_POT, play_hand, record


def _played(dealer, table):
    hand = hands.hand_start(actor=dealer, table_id=table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    return hand


def test_one_hand_as_phh(api_for, accountant, dealer, holdem_table):
    hand = _played(dealer, holdem_table)
    response = api_for(accountant).get(reverse("api:games-hand-phh", args=[hand.pk]))
    assert response.status_code == 200
    data = tomllib.loads(response.content.decode())
    assert data["variant"] == "NT" and data["_fees"] == [HOLDEM_FEE] and data["_pots"] == [HOLDEM_POT]
    assert data["table"] == holdem_table.number and len(data["players"]) == 3


def test_filtered_export_runs_and_downloads(
    api_for, accountant, dealer, holdem_table, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    _played(dealer, holdem_table)
    play_hand(dealer, holdem_table.pk, seed=1)
    client = api_for(accountant)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = client.post(reverse("api:games-export-create"), {"table_id": holdem_table.pk}, format="json")
    tasks = [c for c in queued if getattr(getattr(c, "func", None), "__name__", "") == "_publish_now"]
    assert response.status_code == 202 and len(tasks) == 1  # the task leaves only once the export row commits
    export = PhhExport.objects.get(pk=response.json()["id"])
    assert export.status == "done" and export.total == 2  # eager Celery ran it on commit
    detail = client.get(reverse("api:games-export-detail", args=[export.pk])).json()
    assert detail["percent"] == 100 and detail["download_url"]
    body = b"".join(client.get(detail["download_url"]).streaming_content).decode()
    assert body.count("variant = ") == 2 and "[1]" in body and "[2]" in body


def test_import_reports_the_bad_hand_and_keeps_the_good(api_for, floor_manager, dealer, holdem_table):
    hand = _played(dealer, holdem_table)
    good = api_for(floor_manager).get(reverse("api:games-hand-phh", args=[hand.pk])).content.decode()
    bad = good.replace('"p2 cc"', '"p2 cbr 1"', 1)
    text = f"[1]\n{good}\n[2]\n{bad}\n[3]\nthis is = = not toml\n"
    upload = SimpleUploadedFile("hands.phhs", text.encode(), content_type="text/plain")
    response = api_for(floor_manager).post(
        reverse("api:games-phh-import"), {"table_id": holdem_table.pk, "file": upload}, format="multipart"
    )
    assert response.status_code == 200, response.json()
    report = response.json()
    assert (report["imported"], report["failed"]) == (1, 2)
    first, second, third = report["hands"]
    assert first["ok"] and second["error"] and "not valid TOML" in third["error"]
    imported = Hand.objects.get(pk=first["hand_id"])
    assert imported.status == HandStatus.COMPLETE and imported.pot == HOLDEM_POT and imported.fee == HOLDEM_FEE
    again = api_for(floor_manager).post(
        reverse("api:games-phh-import"), {"table_id": holdem_table.pk, "text": good}, format="json"
    )
    assert again.json()["hands"][0]["error"] == "this hand was imported into this table before"
