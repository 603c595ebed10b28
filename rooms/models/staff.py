"""Where a member of staff works: in one room, or in every room of the group.

A user's roles (config.roles, Django groups) are held in the rooms the user has an open place in; a place
with no room is the group's (a group accountant or a group admin reads every room). A place is ended, never
deleted or edited otherwise, so who could act where and when stays on record.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rooms.models.rooms import Room


class StaffPlace(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="room_places")
    room = models.ForeignKey(
        Room, on_delete=models.PROTECT, null=True, blank=True, related_name="staff_places", verbose_name=_("room")
    )
    granted_at = models.DateTimeField(_("granted at"))
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["user_id", "room_id", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "room"],
                condition=Q(ended_at__isnull=True, room__isnull=False),
                name="staff_place_open_once_per_room",
                violation_error_message=_("The user works in this room already."),
            ),
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(ended_at__isnull=True, room__isnull=True),
                name="staff_place_open_once_for_the_group",
                violation_error_message=_("The user works for the whole group already."),
            ),
            models.CheckConstraint(
                name="staff_place_ended_after_granted",
                condition=Q(ended_at__isnull=True) | Q(ended_at__gte=models.F("granted_at")),
            ),
        ]
        verbose_name = _("staff place")
        verbose_name_plural = _("staff places")

    def __str__(self) -> str:
        return f"{self.user} · {self.room or _('the whole group')}"
