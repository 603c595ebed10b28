"""The cage's menu links only to pages the user's role opens, and every link it shows opens."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("persona", ["cashier", "accountant"])
def test_every_link_of_the_cage_menu_opens(request: Any, client_for: Any, persona: str) -> None:
    client = client_for(request.getfixturevalue(persona))
    html = client.get(reverse("cashier:index")).content.decode()
    menu = re.search(r'<nav class="subnav noprint" aria-label="Cashier">(.*?)</nav>', html, re.S)
    assert menu is not None
    links = re.findall(r'href="([^"]+)"', menu.group(1))
    assert links
    for link in links:
        assert client.get(link).status_code == 200, (persona, link)


def test_the_cashier_is_not_offered_the_accountants_pages(cashier: Any, client_for: Any) -> None:
    html = client_for(cashier).get(reverse("cashier:index")).content.decode()
    for page in ("cage_summary", "large_cash", "tray_counts"):
        assert reverse(f"cashier:{page}") not in html, page
