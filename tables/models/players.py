"""The player registry and expulsions."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core.validators import FileExtensionValidator
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.text import search_key
from rooms.models import Room

PHOTO_EXTENSIONS = ["jpg", "jpeg", "png"]
EVIDENCE_EXTENSIONS = ["jpg", "jpeg", "png", "pdf", "mp4", "txt"]


class DocumentType(models.TextChoices):
    NONE = "", _("none")
    PASSPORT = "passport", _("passport")
    ID_CARD = "id_card", _("ID card")
    DRIVING_LICENCE = "driving_licence", _("driving licence")
    RESIDENCE_PERMIT = "residence_permit", _("residence permit")


class Player(Recorded):
    # The room that registered the player: whose register they are in when the group keeps one per room
    # (``rooms.selectors.player_register_shared``).
    room = models.ForeignKey(Room, on_delete=models.PROTECT, related_name="players", verbose_name=_("room"))
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    alias = models.CharField(_("alias"), max_length=80, blank=True)
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True)
    id_document_type = models.CharField(
        _("ID document type"), max_length=20, choices=DocumentType.choices, blank=True, default=""
    )
    id_document_number = models.CharField(_("ID document number"), max_length=40, blank=True, db_index=True)
    photo = models.FileField(
        _("photo"),
        upload_to="players/photos/%Y/%m/",
        blank=True,
        validators=[FileExtensionValidator(PHOTO_EXTENSIONS)],
    )
    description = models.TextField(_("description"), blank=True)
    notes = models.TextField(_("notes"), blank=True)
    # What the search compares (``config.text.search_key`` of the names, alias and ID number): written by the
    # services with the fields it folds, so that a search ignores case and accents on every database.
    search_key = models.TextField(_("search key"), blank=True, editable=False)

    class Meta:
        ordering = ["last_name", "first_name", "pk"]
        indexes = [models.Index(fields=["last_name", "first_name"], name="player_name_idx")]

    def __str__(self) -> str:
        return self.full_name

    def folded_words(self) -> str:
        """The ``search_key`` the player's fields give."""
        return search_key(self.first_name, self.last_name, self.alias, self.id_document_number)

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def masked_name(self) -> str:
        """First name and last initial, for public screens: "Armen K."."""
        initial = f" {self.last_name[:1]}." if self.last_name else ""
        return f"{self.first_name}{initial}"


class ExpulsionScope(models.TextChoices):
    """Where an expulsion bars the player: ROOM and PREMISES from the tables of the room that expelled (the
    premises are that room's casino), GROUP from every room's tables."""

    ROOM = "room", _("the poker room")
    PREMISES = "premises", _("the whole casino")
    GROUP = "group", _("every room of the group")


class ExpulsionDuration(models.TextChoices):
    GAMING_DAY = "gaming_day", _("rest of the gaming day")
    UNTIL = "until", _("until a date")
    PERMANENT = "permanent", _("permanent")


class Expulsion(Recorded):
    """A player barred from the room; lifted early by a recorded decision, or expiring at ``until``."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="expulsions")
    # The room that expelled: the one whose tables a room or premises expulsion bars, and where it is lifted.
    room = models.ForeignKey(Room, on_delete=models.PROTECT, related_name="expulsions", verbose_name=_("room"))
    rule = models.CharField(_("rule broken"), max_length=200)
    reason = models.TextField(_("reason"))
    evidence = models.FileField(
        _("evidence"),
        upload_to="expulsions/evidence/%Y/%m/",
        blank=True,
        validators=[FileExtensionValidator(EVIDENCE_EXTENSIONS)],
    )
    scope = models.CharField(_("scope"), max_length=10, choices=ExpulsionScope.choices, default=ExpulsionScope.ROOM)
    duration = models.CharField(_("duration"), max_length=12, choices=ExpulsionDuration.choices)
    starts_at = models.DateTimeField(_("from"))
    until = models.DateTimeField(_("until"), null=True, blank=True)
    lifted_at = models.DateTimeField(_("lifted at"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    lift_reason = models.TextField(_("reason for lifting"), blank=True)
    # Stamped by the beat task once ``until`` has passed; the selector needs no stamp to stop applying it.
    expired_recorded_at = models.DateTimeField(_("expiry recorded at"), null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]
        indexes = [models.Index(fields=["player", "lifted_at"], name="expulsion_player_idx")]
        constraints = [
            models.CheckConstraint(
                name="expulsion_until_matches_duration",
                condition=Q(duration=ExpulsionDuration.PERMANENT, until__isnull=True)
                | (~Q(duration=ExpulsionDuration.PERMANENT) & Q(until__gt=F("starts_at"))),
                violation_error_message=_("A permanent expulsion has no end; others end after they start."),
            ),
            models.CheckConstraint(
                name="expulsion_lift_is_complete",
                condition=Q(lifted_at__isnull=True, lifted_by__isnull=True, lift_reason="")
                | (Q(lifted_at__isnull=False, lifted_by__isnull=False) & ~Q(lift_reason="")),
                violation_error_message=_("Lifting an expulsion needs who, when and a reason."),
            ),
            models.CheckConstraint(
                name="expulsion_has_reason",
                condition=~Q(reason="") & ~Q(rule=""),
                violation_error_message=_("An expulsion names the rule broken and a reason."),
            ),
        ]

    def __str__(self) -> str:
        return self.describe()

    def is_active(self, at: datetime | None = None) -> bool:
        moment = at or timezone.now()
        return self.lifted_at is None and self.starts_at <= moment and (self.until is None or self.until > moment)

    def until_text(self) -> str:
        if self.until is None:
            return str(_("permanently"))
        local = timezone.localtime(self.until)
        return str(_("until %(when)s")) % {"when": local.strftime("%Y-%m-%d %H:%M")}

    def describe(self) -> str:
        """The refusal text every desk shows: who, until when, and the rule."""
        return str(_("%(player)s is expelled %(until)s (rule: %(rule)s)")) % {
            "player": self.player.full_name,
            "until": self.until_text(),
            "rule": self.rule,
        }
