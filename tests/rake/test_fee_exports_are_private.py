"""A fee export leaves only through its download page or endpoint, to accountants (who alone may export),
with its real content type, DEBUG on or off; its file under MEDIA_ROOT has no URL."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.gaming_day import current_gaming_day
from rake.selectors import ReportFilters
from rake.services import export_create, export_run
from rake.services.exports import export_dir
from tests.factories import home_room

PERSONAS = ["floor_manager", "dealer", "cashier", "accountant", "outsider"]
EXPORTERS = {"accountant"}
TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pdf": "application/pdf",
}


@pytest.mark.parametrize("fmt", sorted(TYPES))
def test_only_accountants_download_a_fee_export(debug_urls, fmt, accountant, request, client_for, api_for) -> None:
    today = current_gaming_day()
    filters = ReportFilters(room_ids=(home_room().pk,), day_from=today, day_to=today, group_by="table")
    export = export_create(actor=accountant, format=fmt, content="summary", filters=filters)
    completion = export_run(export_id=export.pk)
    written = (export_dir() / completion.file).read_bytes()
    assert client_for(accountant).get(f"/media/exports/rake/{completion.file}").status_code == 404
    assert client_for(None).get(f"/media/exports/rake/{completion.file}").status_code == 404
    page, api = reverse("rake:export_download", args=[export.pk]), reverse("api:fee_export_download", args=[export.pk])
    assert client_for(None).get(page)["Location"].startswith(reverse("login"))
    for persona in PERSONAS:
        user = request.getfixturevalue(persona)
        for response in (client_for(user).get(page), api_for(user).get(api)):
            if persona in EXPORTERS:
                assert response.status_code == 200 and response["Content-Type"] == TYPES[fmt], persona
                assert b"".join(response.streaming_content) == written
            else:
                assert response.status_code == 403, persona
