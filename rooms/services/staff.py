"""Placing a member of staff in a room (or the whole group), and ending the place."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, NotFound
from rooms.models import Room, StaffPlace


@transaction.atomic
def staff_place(*, actor: User | None, user: User, room: Room | None) -> StaffPlace:
    """``user`` works in ``room`` from now on; ``room`` None: in every room of the group."""
    try:
        with transaction.atomic():
            return StaffPlace.objects.create(user=user, room=room, granted_at=timezone.now(), granted_by=actor)
    except IntegrityError as exc:
        where = room.name if room is not None else _("the whole group")
        raise Conflict(
            _("%(user)s works in %(room)s already.") % {"user": user.get_username(), "room": where},
            code="duplicate_staff_place",
        ) from exc


@transaction.atomic
def staff_place_end(*, actor: User, place_id: int) -> StaffPlace:
    place = StaffPlace.objects.select_for_update().filter(pk=place_id).first()
    if place is None:
        raise NotFound(_("Staff place %(id)s does not exist.") % {"id": place_id}, place_id=place_id)
    if place.ended_at is not None:
        raise Conflict(_("This staff place has ended already."), code="staff_place_ended")
    place.ended_at, place.ended_by = timezone.now(), actor
    place.save(update_fields=["ended_at", "ended_by"])
    return place
