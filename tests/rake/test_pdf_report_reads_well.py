"""The PDF fee report: amounts with thousands separators, and a title that names its range in words."""

from __future__ import annotations

import io
from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from config.gaming_day import current_gaming_day
from games.services.hand_fees import hand_fees_post
from rake.models import ReportExport
from rake.selectors import ReportFilters
from rake.services.exporters import period_title, write_pdf
from rake.services.exports import export_create, export_file, export_run
from rooms.models import Room
from tests.factories import home_room

MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip


def pdf_text(data: bytes) -> str:
    """The text the PDF draws, as a reader's copy and paste would give it (pypdf)."""
    assert data.startswith(b"%PDF")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize(
    ("day_from", "day_to", "title"),
    [
        (date(2026, 12, 7), date(2026, 12, 7), "7 December 2026"),
        (date(2026, 12, 1), date(2026, 12, 7), "1–7 December 2026"),
        (date(2026, 11, 28), date(2026, 12, 7), "28 November – 7 December 2026"),
        (date(2026, 12, 28), date(2027, 1, 3), "28 December 2026 – 3 January 2027"),
    ],
)
def test_the_title_names_the_range(day_from: date, day_to: date, title: str) -> None:
    assert period_title(day_from, day_to) == title


def _expected_title(start: date, end: date) -> str:
    if start == end:
        return f"Fees {end.day} {MONTHS[end.month - 1]} {end.year}"
    if start.month == end.month:
        return f"Fees {start.day}–{end.day} {MONTHS[end.month - 1]} {end.year}"
    if start.year == end.year:
        return f"Fees {start.day} {MONTHS[start.month - 1]} – {end.day} {MONTHS[end.month - 1]} {end.year}"
    return f"Fees {start.day} {MONTHS[start.month - 1]} {start.year} – {end.day} {MONTHS[end.month - 1]} {end.year}"


@pytest.mark.django_db
@pytest.mark.parametrize("days", [1, 7])
def test_the_pdf_has_thousands_separators_and_the_range_title(
    open_table, holdem_ring, quick_hand, floor_manager, dealer, tmp_path, days
) -> None:
    table = open_table(holdem_ring)
    for pot in (1_250_000, 2_500_000):
        hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=pot, fee=pot * 2 // 100, dealer=dealer).pk)
    end = current_gaming_day()
    start = end - timedelta(days=days - 1)
    path = tmp_path / "fees.pdf"
    write_pdf(
        path, ReportFilters(room_ids=(home_room().pk,), day_from=start, day_to=end, group_by="table"), lambda _n: None
    )
    text = pdf_text(path.read_bytes())
    assert _expected_title(start, end) in text.splitlines()
    assert "3,750,000" in text.splitlines()  # the pots, in the total row
    assert "75,000" in text.splitlines()  # the fees
    assert "3750000" not in text and "75000" not in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "room", "title", "column"),
    [
        ("hy", "Երևան Պոկեր Ակումբ", "Վարձեր՝ ", "խաղասեղան"),
        ("lt", "Vilniaus pokerio klubas „Ąžuolas“", "Mokesčiai: ", "stalas"),
    ],
)
def test_the_pdf_is_written_in_the_language_it_was_asked_in_with_every_letter_drawn(
    open_table, holdem_ring, quick_hand, floor_manager, dealer, accountant, language, room, title, column
) -> None:
    """The accountant asks in Armenian or Lithuanian; the worker writes the PDF in that language, and the
    embedded font draws every letter (a reader's copy gives them back, none lost to a box)."""
    Room.objects.filter(pk=home_room().pk).update(name=room)  # the report names its rooms
    table = open_table(holdem_ring)
    hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=1_000_000, fee=20_000, dealer=dealer).pk)
    day = current_gaming_day()
    with translation.override(language):
        export = export_create(
            actor=accountant,
            format="pdf",
            content="summary",
            filters=ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day, group_by="table"),
        )
    assert export.language == language
    completion = export_run(export_id=export.pk)  # the worker, outside any request's language
    assert completion is not None
    lines = pdf_text(export_file(completion).read_bytes()).splitlines()
    assert any(line.startswith(title) for line in lines), lines[:3]
    assert any(room in line for line in lines), lines[:3]
    assert column in lines


@pytest.mark.django_db
def test_an_export_asked_for_outside_a_request_is_in_the_rooms_language(accountant) -> None:
    day = current_gaming_day()
    with translation.override(None):
        export = export_create(
            actor=accountant,
            format="pdf",
            content="summary",
            filters=ReportFilters(room_ids=(home_room().pk,), day_from=day, day_to=day),
        )
    assert export.language == "en"


@pytest.mark.django_db
def test_the_reports_page_and_the_api_ask_in_their_readers_language(client_for, api_for, accountant) -> None:
    """The page's language (its cookie) and the API's Accept-Language are what the export records."""
    day = current_gaming_day().isoformat()
    page = client_for(accountant)
    page.cookies["django_language"] = "lt"
    response = page.post(
        reverse("rake:export_start"), {"format": "pdf", "content": "summary", "day_from": day, "day_to": day}
    )
    assert response.status_code == 200 and "· Lietuvių</span>" in response.content.decode()
    api = api_for(accountant)
    answer = api.post(
        reverse("api:fee_export_create"),
        {"format": "pdf", "content": "summary", "day_from": day, "day_to": day},
        format="json",
        HTTP_ACCEPT_LANGUAGE="hy",
    )
    assert answer.status_code == 202 and answer.json()["language"] == "hy"
    assert list(ReportExport.objects.order_by("pk").values_list("language", flat=True)) == ["lt", "hy"]
