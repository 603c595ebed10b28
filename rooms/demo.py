"""Demo data of the rooms: the group's two rooms and where the demo staff work.

The first room is the installation's (the migrations made it from the settings: in Yerevan, in drams);
the second is in Vilnius, in euros. The demo staff work in the first room, the Vilnius staff in Vilnius,
and the admin and the group accountant for the whole group (``config.demo.DEMO_USERS``).
"""

from __future__ import annotations

from typing import Any, Final

from django.conf import settings
from django.contrib.auth.models import User
from django.utils.text import slugify

from rooms.models import Room, StaffPlace
from rooms.services import room_create, staff_place

SECOND_ROOM: Final[dict[str, Any]] = {
    "code": "vilnius",
    "name": "Vilnius",
    "time_zone": "Europe/Vilnius",
    "currency": "EUR",
    "currency_exponent": 2,
}
# Username -> the code of the room they work in (None: the whole group); the others work in the first room.
PLACES: Final[dict[str, str | None]] = {
    "admin": None,
    "floor_lt": "vilnius",
    "dealer_lt": "vilnius",
    "dealer_lt2": "vilnius",
    "cashier_lt": "vilnius",
    "group": None,
}


def home_room() -> Room:
    """The demo's first room: the installation's own, which the migrations made from the settings."""
    room = Room.objects.order_by("pk").first()
    assert room is not None, "rooms.demo runs first"
    return room


def second_room() -> Room:
    return Room.objects.get(code=SECOND_ROOM["code"])


def seed(*, actor: User) -> list[str]:
    done = []
    if not Room.objects.exists():  # a database emptied after its migrations (a transactional test's)
        room = room_create(code=slugify(settings.CARDROOM_NAME)[:40] or "room", name=settings.CARDROOM_NAME)
        done.append(f"room {room.code}")
    if not Room.objects.filter(code=SECOND_ROOM["code"]).exists():
        room = room_create(**SECOND_ROOM)
        done.append(f"room {room.code}")
    rooms: dict[str | None, Room | None] = {None: None, **{room.code: room for room in Room.objects.all()}}
    placed = StaffPlace.objects.filter(ended_at__isnull=True).values("user_id")
    for user in User.objects.exclude(pk__in=placed).order_by("pk"):
        place = rooms[PLACES[user.username]] if user.username in PLACES else home_room()
        staff_place(actor=actor, user=user, room=place)
        done.append(f"staff place {user.get_username()} in {place.code if place else 'the whole group'}")
    return done
