"""The floor map counts the seats taken in each language's plural: "1 of 10 seats taken" in English (the noun
follows the total), "Užimta 1 vieta iš 10" but "Užimtos 2 vietos iš 10" in Lithuanian."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "1 of 10 seats taken", "2 of 10 seats taken"),
        ("hy", "Զբաղված է 1 տեղ՝ 10-ից", "Զբաղված է 2 տեղ՝ 10-ից"),
        ("lt", "Užimta 1 vieta iš 10", "Užimtos 2 vietos iš 10"),
    ],
)
def test_the_floor_says_how_many_seats_are_taken(
    language, one, two, floor_manager, holdem_full, open_table, seat, client_for
) -> None:
    seat(open_table(holdem_full, seats=10))
    both = open_table(holdem_full, seats=10)
    seat(both)
    seat(both)
    client = client_for(floor_manager)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(reverse("floor:floor")).content.decode()
    assert one in html and two in html
