"""The history log shows a created record by the values it was given ("Armen"), not as a change from nothing
("— → Armen"); a change still shows before → after. In each language."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.real_clock]

CREATED = {"en": "created", "hy": "ստեղծված", "lt": "sukurta"}


def _fields(html: str, field: str) -> list[str]:
    """The text of each row's value of ``field``, newest row first, tags stripped."""
    cells = re.findall(rf'<dd data-field="{field}">(.*?)</dd>', html, re.S)
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in cells]


@pytest.mark.parametrize("language", list(CREATED))
def test_a_creation_shows_its_values_and_an_edit_its_change(
    language, floor_manager, accountant, make_player, client_for
) -> None:
    player = make_player(alias="Ace")
    client_for(floor_manager).post(
        reverse("tables:player_edit", args=[player.pk]), {"alias": "King", "id_document_type": ""}
    )
    reader = client_for(accountant)
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = reader.get(reverse("audit:log"), {"model": "player", "object": player.pk}).content.decode()
    assert _fields(html, "alias") == ["Ace → King", "Ace"]
    assert _fields(html, "first_name") == ["Armen"]
    assert f"<td>{CREATED[language]}</td>" in html
