"""A table's history on its page says what its creation set (the game and the seats), not that a new table went
"closed → closed"; a change of status still says the statuses it went between. In each language."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "created", "opened", "closed_to_closed"),
    [
        ("en", "created: {game}, 6 seats", "opened (closed → open)", "closed → closed"),
        ("hy", "ստեղծված՝ {game}, 6 տեղ", "բացված (փակ → բաց)", "փակ → փակ"),
        ("lt", "sukurta: {game}, 6 vietos", "atidaryta (uždaryta → atidaryta)", "uždaryta → uždaryta"),
    ],
)
def test_a_creation_shows_its_values_and_an_opening_its_statuses(
    language, created, opened, closed_to_closed, floor_manager, club_poker, open_table, client_for
) -> None:
    table = open_table(club_poker, seats=6)
    client = client_for(floor_manager)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(reverse("floor:table", args=[table.pk])).content.decode()
    history = html.split('<section class="card">\n  <h2>', 2)[-1]
    assert created.format(game=club_poker.name) in history
    assert opened in history
    assert closed_to_closed not in history
