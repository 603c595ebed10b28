"""A floor page given a missing id answers 404, and someone else's table 403, never a traceback."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db
PAGES = ["floor:table", "floor:sign", "tables:player"]


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("pk", [999_999, 2**63], ids=["missing", "beyond bigint"])
def test_a_missing_table_or_player_is_404(floor_manager, page_client_for, name, pk):
    response = page_client_for(floor_manager).get(reverse(name, args=[pk]))
    assert response.status_code == 404


def test_a_table_the_dealer_does_not_deal_is_403(club_poker, open_table, dealer, page_client_for):
    table = open_table(club_poker)
    client = page_client_for(dealer)
    assert client.get(reverse("floor:table", args=[table.pk])).status_code == 403
    assert client.get(reverse("floor:sign", args=[table.pk])).status_code == 403
