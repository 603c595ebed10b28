"""A dealer who opens the screen of a table they do not deal is told which table they deal, not that the
page needs a role they hold."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_refusal_names_the_table_the_dealer_deals(
    hand_table: Any, holdem: Any, dealer: Any, make_dealer_user: Any, client_for: Any
) -> None:
    mine = hand_table(holdem, dealer)
    other = hand_table(holdem, make_dealer_user())
    page = client_for(dealer).get(reverse("games:dealer", args=[other.pk]))
    html = page.content.decode()
    assert page.status_code == 403
    assert f"table {mine.number}" in html and f"table {other.number}" in html, html
    assert "needs the role" not in html
    assert client_for(dealer).get(reverse("games:dealer", args=[mine.pk])).status_code == 200
