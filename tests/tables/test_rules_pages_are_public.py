"""A player who scans a table sign reads the rules without a staff login, as rules for players."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.csp import read

pytestmark = pytest.mark.django_db

PUBLIC = ["club-poker", "texas-holdem"]


@pytest.mark.parametrize("slug", PUBLIC)
def test_an_anonymous_player_reads_the_rules_with_a_table_of_contents(slug: str) -> None:
    response = Client().get(reverse("tables:rules", args=[slug]))
    assert response.status_code == 200
    html = response.content.decode()
    toc = re.search(r"<nav class=\"rules-toc[^>]*>(.*?)</nav>", html, re.S)
    assert toc is not None, "no table of contents"
    anchors = re.findall(r'href="#([^"]+)"', toc.group(1))
    assert len(anchors) >= 8
    for anchor in anchors:
        assert f'id="{anchor}"' in html, anchor  # every entry leads somewhere on the page
    assert "House rules" in html and "Original text" in html


@pytest.mark.parametrize("slug", PUBLIC)
def test_the_rules_read_as_rules_not_as_notes_for_developers(slug: str) -> None:
    html = Client().get(reverse("tables:rules", args=[slug])).content.decode()
    for internal in (".md", ".txt", "How the software reads it", "house interpretation", "the software", "Source:"):
        assert internal not in html, internal


def test_the_public_pages_show_no_staff_data_and_run_under_the_csp() -> None:
    response = Client().get(reverse("tables:rules", args=["club-poker"]))
    html = response.content.decode()
    assert "Log out" not in html and 'class="mainnav"' not in html
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert read(html).inline == []


def test_the_index_lists_the_games_for_players_and_the_staff_reference_for_staff(dealer, client_for) -> None:
    public = Client().get(reverse("tables:rules_index"))
    assert public.status_code == 200
    html = public.content.decode()
    for slug in PUBLIC:
        assert reverse("tables:rules", args=[slug]) in html
    assert reverse("tables:rules", args=["rule-cases"]) not in html
    assert (
        reverse("tables:rules", args=["rule-cases"])
        in client_for(dealer).get(reverse("tables:rules_index")).content.decode()
    )


def test_the_staff_reference_still_needs_a_staff_login(dealer, client_for) -> None:
    url = reverse("tables:rules", args=["rule-cases"])
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    assert client_for(dealer).get(url).status_code == 200


def test_an_unknown_game_is_a_404_not_a_500() -> None:
    assert Client().get(reverse("tables:rules", args=["omaha"])).status_code == 404
