"""An admin places a user in a room in the admin, through the service (who and when kept), ends the place
with the list's action, and can neither edit nor delete a place; a place twice over is refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rooms.models import StaffPlace
from tests.factories import UserFactory, home_room

pytestmark = pytest.mark.django_db


def test_a_place_is_added_and_ended_in_the_admin_never_edited(admin_client, admin_user) -> None:
    cashier = UserFactory(rooms=[])
    add = admin_client.post(
        reverse("admin:rooms_staffplace_add"), {"user": cashier.pk, "room": home_room().pk}, follow=True
    )
    assert add.status_code == 200
    place = StaffPlace.objects.get(user=cashier)
    assert (place.room, place.granted_by, place.ended_at) == (home_room(), admin_user, None)

    again = admin_client.post(reverse("admin:rooms_staffplace_add"), {"user": cashier.pk, "room": home_room().pk})
    assert again.status_code == 200 and "already" in again.content.decode()
    assert StaffPlace.objects.filter(user=cashier).count() == 1

    admin_client.post(
        reverse("admin:rooms_staffplace_changelist"),
        {"action": "end_places", "_selected_action": [place.pk]},
        follow=True,
    )
    place.refresh_from_db()
    assert place.ended_at is not None and place.ended_by == admin_user
    assert admin_client.post(reverse("admin:rooms_staffplace_delete", args=[place.pk])).status_code == 403
