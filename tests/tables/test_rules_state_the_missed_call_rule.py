"""The house rules tell players what a missed call does, as the room's settings have it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

RULES = {
    ("requeue", "back"): "A missed call puts the player at the end of the list.",
    ("requeue", "keep_once"): "The first missed call keeps the player&#x27;s place on the list; after a second one",
    ("remove", "keep_once"): "A missed call takes the player off the list.",
}


@pytest.mark.parametrize("slug", ["club-poker", "texas-holdem"])
@pytest.mark.parametrize(("expiry", "place"), list(RULES))
def test_the_house_rules_state_the_rule_in_force(settings, slug: str, expiry: str, place: str) -> None:
    settings.CARDROOM_WAITLIST_CALL_EXPIRY, settings.CARDROOM_WAITLIST_MISSED_CALL_PLACE = expiry, place
    settings.CARDROOM_WAITLIST_CALL_MINUTES = 7
    html = Client().get(reverse("tables:rules", args=[slug])).content.decode()
    assert "A missed call" in html and "has 7 minutes to come to the table" in html
    assert RULES[expiry, place] in html
    assert all(other not in html for key, other in RULES.items() if key != (expiry, place))
