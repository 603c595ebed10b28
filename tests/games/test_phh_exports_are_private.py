"""A PHH export leaves only through its download endpoint, to the roles that may export (floor managers and
accountants), DEBUG on or off; its file under MEDIA_ROOT has no URL."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services as hands
from games.models import PhhExport
from games.services.phh import export_path, phh_export_run
from tests.games.helpers import HOLDEM_HAND, record

PERSONAS = ["floor_manager", "dealer", "cashier", "accountant", "outsider", None]
EXPORTERS = {"floor_manager", "accountant"}


@pytest.fixture
def export(floor_manager, dealer, holdem_table) -> PhhExport:
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    made = PhhExport.objects.create(filters={}, created_at=hand.created_at, created_by=floor_manager)
    return phh_export_run(export_id=made.pk)


def test_only_exporters_download_a_phh_export(debug_urls, export, request, api_for, client_for) -> None:
    written = export_path(export).read_bytes()
    for persona in ("floor_manager", None):
        user = None if persona is None else request.getfixturevalue(persona)
        assert client_for(user).get(f"/media/{export.file}").status_code == 404, (debug_urls, persona)
    url = reverse("api:games-export-download", args=[export.pk])
    for persona in PERSONAS:
        response = api_for(None if persona is None else request.getfixturevalue(persona)).get(url)
        if persona in EXPORTERS:
            assert response.status_code == 200, persona
            assert response["Content-Type"] == "text/plain; charset=utf-8"
            assert b"".join(response.streaming_content) == written
        else:
            assert response.status_code in ((401, 403) if persona is None else (403,)), persona
