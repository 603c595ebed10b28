"""Versions of each table's sign: what it said, from when to when."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from tables.models.catalogue import Game
from tables.models.tables import Table


class SignVersion(Recorded):
    """The sign a table showed between ``valid_from`` and ``valid_to`` (open end: in force now)."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sign_versions")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    content = models.TextField(_("text"))
    data: models.JSONField[Any] = models.JSONField(_("fields"), default=dict)
    valid_from = models.DateTimeField(_("from"))
    valid_to = models.DateTimeField(_("to"), null=True, blank=True)

    class Meta:
        ordering = ["table", "valid_from", "pk"]
        indexes = [models.Index(fields=["table", "valid_from"], name="sign_table_from_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(valid_to__isnull=True),
                name="sign_one_current_per_table",
                violation_error_message=_("A table shows one sign at a time."),
            ),
            models.CheckConstraint(
                name="sign_to_after_from",
                condition=Q(valid_to__isnull=True) | Q(valid_to__gte=F("valid_from")),
                violation_error_message=_("A sign version ends after it starts."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} sign from {self.valid_from:%Y-%m-%d %H:%M}"


class RoomLanguage(Recorded):
    """The language a room's signs and wall board are written in, the room's newest row in force.

    A change is a new row (who, when), never an edit; with no row the room
    speaks ``settings.LANGUAGE_CODE``.
    """

    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="languages", verbose_name=_("room"))
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)

    class Meta:
        ordering = ["room_id", "created_at", "pk"]
        get_latest_by = ["created_at", "pk"]
        indexes = [models.Index(fields=["room", "created_at"], name="room_language_room_idx")]

    def __str__(self) -> str:
        return f"room language {self.language} from {self.created_at:%Y-%m-%d %H:%M}"
