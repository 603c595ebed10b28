"""A floor manager gives a new dealer the games they may deal, and changes them, on the dealers page:
no API needed to put a new dealer to work. Bad input changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tables.models import DealerProfile
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_new_dealer_gets_games_and_then_other_games(
    floor_manager: Any, club_poker: Any, holdem_short: Any, client_for: Any
) -> None:
    newcomer = UserFactory(username="newdealer", roles=["dealer"])
    page = client_for(floor_manager)
    listed = page.get(reverse("tables:dealers")).content.decode()
    assert 'id="new-dealer"' in listed and f'<option value="{newcomer.pk}">' in listed

    url = reverse("tables:dealer_games")
    answer = page.post(url, {"user_id": newcomer.pk, "game_ids": [club_poker.pk, holdem_short.pk]}, follow=True)
    assert "The games this dealer may deal are saved." in answer.content.decode()
    profile = DealerProfile.objects.get(user=newcomer)
    assert set(profile.games.all()) == {club_poker, holdem_short}

    page.post(url, {"user_id": newcomer.pk, "game_ids": [holdem_short.pk]})
    assert list(profile.games.all()) == [holdem_short]
    assert 'id="new-dealer"' not in page.get(reverse("tables:dealers")).content.decode()  # no dealer left without


def test_bad_input_changes_nothing(floor_manager: Any, cashier: Any, club_poker: Any, client_for: Any) -> None:
    page = client_for(floor_manager)
    url = reverse("tables:dealer_games")
    for form in ({"user_id": "x"}, {"user_id": cashier.pk, "game_ids": [club_poker.pk]}, {"user_id": "1e9"}):
        answer = page.post(url, form, follow=True)
        assert answer.status_code == 200
    assert not DealerProfile.objects.exists()
    refused = page.post(url, {"user_id": cashier.pk, "game_ids": [club_poker.pk]}, follow=True).content.decode()
    assert "does not hold the dealer role" in refused
