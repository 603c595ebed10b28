"""Who wrote a row and when: the abstract base of everything the room records."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Recorded(models.Model):
    """Who wrote a row and when; services stamp both from their ``actor``."""

    created_at = models.DateTimeField(db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        abstract = True
