"""Who may work where is in the history: placing a user in a room and ending the place, each with who did
it, under the user (object_field user_id), as the log page reads it."""

from __future__ import annotations

import pytest

from rooms.services import room_create, staff_place, staff_place_end
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_place_in_a_room_and_its_end_are_recorded_under_the_user(admin_user, changes) -> None:
    vilnius = room_create(
        code="vilnius", name="Vilnius", time_zone="Europe/Vilnius", currency="EUR", currency_exponent=2
    )
    cashier = UserFactory(rooms=[])
    place = staff_place(actor=admin_user, user=cashier, room=vilnius)
    staff_place_end(actor=admin_user, place_id=place.pk)
    rows = changes("staff_place", cashier.pk)
    assert [row.label for row in rows] == ["insert", "update"]
    assert "ended_at" in {f.name for f in rows[1].fields}
