"""A game's waitlist with nobody on it says so in words, not as entry "1." of a numbered list: on the floor
map, the waitlists page and the table page, in each language."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

NOBODY = {"en": "nobody waiting", "hy": "ոչ ոք չի սպասում", "lt": "niekas nelaukia"}


class _Lists(HTMLParser):
    """The text of the page, and the text inside its numbered lists."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.text: list[str] = []
        self.numbered: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.depth += tag == "ol"

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag == "ol"

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.depth:
            self.numbered.append(data)


@pytest.mark.parametrize("language", list(NOBODY))
@pytest.mark.parametrize("page", ["floor:floor", "floor:waitlists", "floor:table"])
def test_an_empty_list_is_no_numbered_entry(language, page, floor_manager, club_poker, open_table, client_for):
    table = open_table(club_poker)  # a running game: its list shows, empty
    client = client_for(floor_manager)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(reverse(page, args=[table.pk] if page == "floor:table" else []))
    lists = _Lists()
    lists.feed(response.content.decode())
    assert NOBODY[language] in " ".join(lists.text)
    assert NOBODY[language] not in " ".join(lists.numbered)
