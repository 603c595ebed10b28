"""Links that let a wall TV show the room board without a staff session."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded


class KioskToken(Recorded):
    """A read-only board link; only the SHA-256 of its secret is kept, so the database cannot show it.

    Revoking stamps ``revoked_at`` and ``revoked_by`` once; the row stays. A link shows its room's board alone.
    """

    room = models.ForeignKey(
        "rooms.Room", on_delete=models.PROTECT, related_name="kiosk_tokens", verbose_name=_("room")
    )
    label = models.CharField(_("label"), max_length=80)
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                name="kiosk_revoked_says_who_and_when",
                condition=Q(revoked_at__isnull=True, revoked_by__isnull=True)
                | Q(revoked_at__isnull=False, revoked_by__isnull=False),
                violation_error_message=_("A revoked board link says who revoked it and when."),
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None
