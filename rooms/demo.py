"""Demo data of the rooms: the demo staff work in the demo room (the installation's first room, which the
migrations make from the settings)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.utils.text import slugify

from rooms.models import Room, StaffPlace
from rooms.selectors import room_chosen
from rooms.services import room_create, staff_place


def seed(*, actor: User) -> list[str]:
    done = []
    if not Room.objects.exists():  # a database emptied after its migrations (a transactional test's)
        room = room_create(code=slugify(settings.CARDROOM_NAME)[:40] or "room", name=settings.CARDROOM_NAME)
        done.append(f"room {room.code}")
    room = room_chosen(room_id=None)
    placed = StaffPlace.objects.filter(ended_at__isnull=True).values("user_id")
    for user in User.objects.exclude(pk__in=placed).order_by("pk"):
        staff_place(actor=actor, user=user, room=room)
        done.append(f"staff place {user.get_username()} in {room.code}")
    return done
