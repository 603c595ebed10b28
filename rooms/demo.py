"""Demo data of the rooms: the demo staff work in the demo room (the installation's first room)."""

from __future__ import annotations

from django.contrib.auth.models import User

from rooms.models import StaffPlace
from rooms.selectors import room_chosen
from rooms.services import staff_place


def seed(*, actor: User) -> list[str]:
    room = room_chosen(room_id=None)
    done = []
    placed = StaffPlace.objects.filter(ended_at__isnull=True).values("user_id")
    for user in User.objects.exclude(pk__in=placed).order_by("pk"):
        staff_place(actor=actor, user=user, room=room)
        done.append(f"staff place {user.get_username()} in {room.code}")
    return done
