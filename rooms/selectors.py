"""Reading the rooms, naming the one an operation is for, and the rooms a member of staff works in."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Exists, Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import DomainError, Forbidden, NotFound
from rooms.models import Room, StaffPlace


def rooms_list() -> QuerySet[Room]:
    return Room.objects.order_by("name", "pk")


def room_get(*, room_id: int) -> Room:
    room = Room.objects.filter(pk=room_id).first()
    if room is None:
        raise NotFound(_("Room %(room_id)s does not exist.") % {"room_id": room_id}, room_id=room_id)
    return room


def room_chosen(*, room_id: int | None) -> Room:
    """The room a tool names (the demo data, a benchmark), or the installation's only room."""
    return _named_or_only(Room.objects.all(), room_id)


def room_for(*, user: Any, room_id: int | None) -> Room:
    """The room a request of ``user`` is for: the one it names, which must be one the user works in, or
    the user's only room when it names none. A user of several rooms must say which (a table created in
    the wrong room would deal under another room's clock and currency)."""
    if room_id is not None and not rooms_of(user).filter(pk=room_id).exists():
        room = room_get(room_id=room_id)
        raise Forbidden(_("You do not work in %(room)s.") % {"room": room.name}, code="not_your_room")
    return _named_or_only(rooms_of(user), room_id)


def _named_or_only(rooms: QuerySet[Room], room_id: int | None) -> Room:
    if room_id is not None:
        return room_get(room_id=room_id)
    first = list(rooms.order_by("pk")[:2])
    if len(first) == 1:
        return first[0]
    count = rooms.count()
    raise DomainError(
        ngettext(
            "Name the room: there is %(count)d room to choose from.",
            "Name the room: there are %(count)d rooms to choose from.",
            count,
        )
        % {"count": count},
        code="room_required",
    )


def rooms_of(user: Any) -> QuerySet[Room]:
    """The rooms ``user`` works in now, in one query: every room for a superuser or a user with an open
    place for the whole group, the rooms of the user's open places otherwise, none for an anonymous user."""
    if not user.is_authenticated:
        return Room.objects.none()
    if user.is_superuser:
        return rooms_list()
    places = StaffPlace.objects.filter(user_id=user.pk, ended_at__isnull=True)
    return rooms_list().filter(Exists(places.filter(room__isnull=True)) | Q(pk__in=places.values("room_id")))


# The rooms of a user are read once per request: the checks of every record a page shows ask again.
_ROOM_IDS = "_cardroom_room_ids"


def room_ids_of(user: Any) -> frozenset[int]:
    """The ids of ``rooms_of(user)``, kept on the user object for the rest of the request."""
    ids: frozenset[int] | None = getattr(user, _ROOM_IDS, None)
    if ids is None:
        ids = frozenset(rooms_of(user).values_list("pk", flat=True))
        if user.is_authenticated:
            setattr(user, _ROOM_IDS, ids)
    return ids


def check_works_in(user: Any, *, room_id: int) -> None:
    """Refuse (403, ``not_your_room``) a user who does not work in ``room_id``: what the user asks for is
    another room's record (a drawer, a slip), whatever the page or request that named it."""
    if room_id not in room_ids_of(user):
        raise Forbidden(_("You do not work in this room."), code="not_your_room")


def open_place_exists(*, user_id: int, room_id: int | None) -> bool:
    """``user_id`` has an open place in ``room_id`` (None: for the whole group)."""
    places = StaffPlace.objects.filter(user_id=user_id, ended_at__isnull=True)
    return places.filter(room__isnull=True).exists() if room_id is None else places.filter(room_id=room_id).exists()


def rooms_read(user: Any, *, room_id: int | None) -> list[Room]:
    """The rooms a report of ``user`` covers: the one it names, which must be one the user works in
    (403 ``not_your_room`` otherwise), or every room the user works in (a group accountant's: the group)."""
    if room_id is not None:
        check_works_in(user, room_id=room_id)
        return [room_get(room_id=room_id)]
    return list(rooms_of(user))


def works_for_the_group(user: Any) -> bool:
    """``user`` works for the whole group (an open place with no room, or a superuser), not only in rooms:
    what binds every room (an expulsion from all of them) is theirs to decide."""
    if not user.is_authenticated:
        return False
    return bool(user.is_superuser) or open_place_exists(user_id=user.pk, room_id=None)


def player_register_shared() -> bool:
    """The group keeps one player register that every room reads (the default), or each room its own
    (``CARDROOM_SHARED_PLAYER_REGISTER``): the one place the setting is read."""
    return bool(settings.CARDROOM_SHARED_PLAYER_REGISTER)


def register_room_ids(user: Any) -> frozenset[int] | None:
    """The rooms whose registered players ``user`` reads: None for all of them (a shared register, to a
    user who works in a room), else the rooms the user works in (every room for a user of the whole group;
    none for a user placed in no room)."""
    ids = room_ids_of(user)
    return None if ids and player_register_shared() else ids
