"""The rooms of the installation, each a poker room with its own clock, currency and legal figures, and
where each member of staff works."""

from rooms.models.rooms import ButtonRule, Room
from rooms.models.staff import StaffPlace

__all__ = ["ButtonRule", "Room", "StaffPlace"]
