"""The report page lists the exports its reader asked for of the period shown, so a reload keeps them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from config.gaming_day import current_gaming_day
from config.roles import Role
from rake.models import ReportExport
from rake.selectors import ReportFilters
from rake.services import export_create, export_run
from tests.factories import UserFactory, home_room

pytestmark = pytest.mark.django_db


def _period(days_back: int = 0) -> ReportFilters:
    today = current_gaming_day() - timedelta(days=days_back)
    return ReportFilters(room_ids=(home_room().pk,), day_from=today.replace(day=1), day_to=today, group_by="table")


def _card(html: str, export: ReportExport) -> str:
    start = html.index(f'id="export-{export.pk}"')
    return html[start : html.index("</div>", start)]


def test_a_reload_shows_the_readers_exports_of_the_period_with_status_and_link(accountant, client_for) -> None:
    done = export_create(actor=accountant, format="csv", content="summary", filters=_period())
    export_run(export_id=done.pk)
    waiting = export_create(actor=accountant, format="xlsx", content="detail", filters=_period())
    colleague = UserFactory(username="colleague", roles=[Role.ACCOUNTANT])
    theirs = export_create(actor=colleague, format="csv", content="summary", filters=_period())
    earlier = export_create(actor=accountant, format="csv", content="summary", filters=_period(days_back=40))

    query = f"?day_from={_period().day_from}&day_to={_period().day_to}&group_by=gaming_day"
    html = client_for(accountant).get(reverse("rake:reports") + query).content.decode()

    finished = _card(html, done)
    assert reverse("rake:export_download", args=[done.pk]) in finished and "hx-get" not in finished
    assert "done ·" in finished
    pending = _card(html, waiting)
    assert reverse("rake:export_progress", args=[waiting.pk]) in pending and "queued ·" in pending
    assert reverse("rake:export_download", args=[waiting.pk]) not in pending
    assert html.index(f'id="export-{waiting.pk}"') < html.index(f'id="export-{done.pk}"')  # newest first
    assert f'id="export-{theirs.pk}"' not in html and f'id="export-{earlier.pk}"' not in html


def test_the_page_shows_no_exports_before_the_first(accountant, client_for) -> None:
    html = client_for(accountant).get(reverse("rake:reports")).content.decode()
    assert '<div id="exports"></div>' in html
