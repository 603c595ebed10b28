"""In Chromium: the table sign prints on exactly one A5 page in each of the room's languages.

The longest sign the room can make (Hold'em with every fee clause) is printed with the page's print
stylesheet; Chromium's PDF then holds one page object, of A5 landscape size.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from rake.selectors import sign_fee_words
from rake.services import fee_policy_set
from tables.services.signage import room_language_set
from tests.factories import home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A5_LANDSCAPE_PT = (595.3, 419.5)  # 210 × 148 mm


def pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """The size in points of each page object of a PDF (Chromium writes them uncompressed)."""
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert len(boxes) == len(pages), (len(boxes), len(pages))
    return [(float(w), float(h)) for w, h in boxes]


@pytest.mark.parametrize("language", ["en", "hy", "lt"])
def test_the_sign_is_one_a5_page(language, login_page, live_server, floor_manager, holdem_full, open_table):
    table = open_table(holdem_full, number=12)
    fee_policy_set(
        actor=floor_manager,
        table_id=table.pk,
        kind="percentage",
        rate=Decimal("0.05"),
        cap_per_hand=20_000,
        caps_by_players=[(3, 5_000), (6, 15_000)],
        min_pot=10_000,
        no_flop_no_drop=True,
        reason="the longest fee line",
    )
    room_language_set(actor=floor_manager, room=home_room(), language=language, fee_words=sign_fee_words)
    page = login_page(floor_manager)
    page.goto(f"{live_server.url}{reverse('floor:sign', args=[table.pk])}")
    sheet = page.locator("article.sign-sheet")
    assert sheet.get_attribute("lang") == language
    assert sheet.locator("[data-sign-fee]").inner_text().strip() != ""
    assert sheet.locator("svg").count() == 1  # the QR code to the public rules
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    pages = pdf_pages(pdf)
    assert len(pages) == 1, f"{language}: the sign printed on {len(pages)} pages"
    width, height = pages[0]
    assert abs(width - A5_LANDSCAPE_PT[0]) < 2 and abs(height - A5_LANDSCAPE_PT[1]) < 2, pages[0]
    # Nothing of the sign is cut off at the bottom of the page: every line lies inside the sheet.
    page.emulate_media(media="print")
    sheet_box = sheet.bounding_box()
    for line in sheet.locator(".sign-text > div").all():
        box = line.bounding_box()
        assert box["y"] + box["height"] <= sheet_box["y"] + sheet_box["height"] + 1, line.inner_text()
