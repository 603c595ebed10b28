"""The sign speaks the room's language (a setting of the floor or the admin) and states the fee in force."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from rake.services import fee_policy_set
from tables import selectors
from tables.models import RoomLanguage
from tables.selectors.signage import room_language
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def _in(language: str, text: str) -> str:
    with translation.override(language):
        return gettext(text)


def test_the_floor_sets_the_room_language_and_the_running_signs_follow(
    floor_manager, holdem_short, open_table, client_for
) -> None:
    table = open_table(holdem_short, number=7)
    before = selectors.sign_current(table_id=table.pk)
    assert room_language(room_id=home_room().pk) == "en" and before.data["language"] == "en"
    client = client_for(floor_manager)
    response = client.post(reverse("floor:room_language_set"), {"language": "hy"}, follow=True)
    assert response.status_code == 200
    assert room_language(room_id=home_room().pk) == "hy"
    after = selectors.sign_current(table_id=table.pk)
    assert after.pk != before.pk and after.data["language"] == "hy"
    assert after.content.startswith(_in("hy", "Table %(n)s") % {"n": 7})
    html = client.get(reverse("floor:sign", args=[table.pk])).content.decode()
    assert 'lang="hy"' in html and _in("hy", "Rules of the game") in html


def test_the_sign_page_previews_the_sign_in_the_language_the_page_is_read_in(
    floor_manager, holdem_short, open_table, client_for
) -> None:
    table = open_table(holdem_short, number=8)
    client = client_for(floor_manager)
    client.post(reverse("floor:room_language_set"), {"language": "lt"})
    url = reverse("floor:sign", args=[table.pk])
    printed = client.get(url).content.decode()
    assert "data-preview" in printed and 'lang="lt"' in printed
    preview = client.get(url, {"preview": "1"}).content.decode()
    assert 'class="sign-sheet sign-preview"' in preview and 'lang="en"' in preview
    assert "Blinds 500/1,000 AMD" in preview
    assert RoomLanguage.objects.count() == 1  # a preview records nothing


def test_the_sign_states_a_percentage_fee_with_its_cap_in_the_rooms_money(
    floor_manager, holdem_short, open_table, client_for
) -> None:
    table = open_table(holdem_short, number=11)
    fee_policy_set(
        actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.05"), cap_per_hand=2000, reason="r"
    )
    html = client_for(floor_manager).get(reverse("floor:sign", args=[table.pk])).content.decode()
    assert "Fee: 5% of each pot, up to 2,000 AMD, no flop, no drop" in html


def test_the_sign_states_an_hourly_fee_per_player(floor_manager, club_poker, open_table, client_for) -> None:
    table = open_table(club_poker, number=12)
    fee_policy_set(actor=floor_manager, table_id=table.pk, kind="hourly", amount_per_hour=1000, reason="r")
    html = client_for(floor_manager).get(reverse("floor:sign", args=[table.pk])).content.decode()
    assert "Fee: 1,000 AMD per player per hour" in html and "no flop" not in html


@pytest.mark.parametrize("language", ["xx", "", "EN", "en-us" * 50])
def test_an_unknown_language_is_refused_and_nothing_changes(floor_manager, client_for, language: str) -> None:
    response = client_for(floor_manager).post(reverse("floor:room_language_set"), {"language": language}, follow=True)
    assert response.status_code == 200 and "is not a language of this site" in response.content.decode()
    assert not RoomLanguage.objects.exists()


def test_setting_the_same_language_records_nothing(floor_manager, client_for) -> None:
    client = client_for(floor_manager)
    client.post(reverse("floor:room_language_set"), {"language": "hy"})
    response = client.post(reverse("floor:room_language_set"), {"language": "hy"}, follow=True)
    assert "already in" in response.content.decode()
    assert RoomLanguage.objects.count() == 1


def test_the_admin_sets_it_too_and_nobody_else(admin_user, dealer, accountant, client_for) -> None:
    url = reverse("floor:room_language_set")
    assert client_for(dealer).post(url, {"language": "hy"}).status_code == 403
    assert client_for(accountant).post(url, {"language": "hy"}).status_code == 403
    assert not RoomLanguage.objects.exists()
    client_for(admin_user).post(url, {"language": "lt"})
    assert RoomLanguage.objects.get().created_by == admin_user
