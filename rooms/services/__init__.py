"""Opening rooms and placing staff in them."""

from rooms.services.rooms import room_create, room_defaults
from rooms.services.staff import staff_place, staff_place_end

__all__ = ["room_create", "room_defaults", "staff_place", "staff_place_end"]
