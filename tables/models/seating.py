"""Seat sessions: each stay of a player in a seat, from sitting down to standing up."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from tables.models.catalogue import MAX_SEATS
from tables.models.players import Player
from tables.models.tables import Table


class SeatEndReason(models.TextChoices):
    STOOD_UP = "stood_up", _("stood up")
    MOVED = "moved", _("moved")
    TABLE_CLOSED = "table_closed", _("table closed")
    EXPELLED = "expelled", _("expelled")


class SeatSession(Recorded):
    """One stay in one seat; the hourly fee is computed from ``started_at``/``ended_at``.

    The partial unique constraints make the database refuse a second open
    session on a seat, or for a player anywhere in the room.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seat_sessions")
    seat_number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seat_sessions")
    started_at = models.DateTimeField(_("from"))
    ended_at = models.DateTimeField(_("to"), null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    end_reason = models.CharField(max_length=20, choices=SeatEndReason.choices, blank=True)
    moved_from = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True, related_name="moved_to")

    class Meta:
        ordering = ["started_at", "pk"]
        indexes = [models.Index(fields=["table", "ended_at"], name="seat_table_open_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "seat_number"],
                condition=Q(ended_at__isnull=True),
                name="seat_one_player_per_seat",
                violation_error_message=_("That seat is taken."),
            ),
            models.UniqueConstraint(
                fields=["player"],
                condition=Q(ended_at__isnull=True),
                name="seat_one_seat_per_player",
                violation_error_message=_("That player is already seated."),
            ),
            models.CheckConstraint(
                name="seat_number_range",
                condition=Q(seat_number__gte=1, seat_number__lte=MAX_SEATS),
                violation_error_message=_("Seats are numbered 1 to 10."),
            ),
            models.CheckConstraint(
                name="seat_end_after_start",
                condition=Q(ended_at__isnull=True, end_reason="")
                | (Q(ended_at__gte=F("started_at"), ended_by__isnull=False) & ~Q(end_reason="")),
                violation_error_message=_("An ended session has an end after its start, who ended it and why."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.table} seat {self.seat_number}"
