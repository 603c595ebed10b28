"""Seat sessions: each stay of a player in a seat, from sitting down to standing up, and time away from it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import no_delete, no_truncate, update_only_when
from tables.models.catalogue import MAX_SEATS
from tables.models.players import Player
from tables.models.tables import Table


class SeatEndReason(models.TextChoices):
    STOOD_UP = "stood_up", _("stood up")
    MOVED = "moved", _("moved")
    TABLE_CLOSED = "table_closed", _("table closed")
    EXPELLED = "expelled", _("expelled")


class SeatEntry(models.TextChoices):
    """How a new player enters a Hold'em game already running (R12, case 7)."""

    POST = "post", _("posts to be dealt in now (big blind live, small blind dead)")
    WAIT = "wait", _("waits for the big blind")


class SeatSession(Recorded):
    """One stay in one seat; the hourly fee is computed from ``started_at``/``ended_at``.

    The partial unique constraints make the database refuse a second open
    session on a seat, or for a player anywhere in the room. ``entry``: the
    player's choice on sitting down at a Hold'em table where hands are being
    dealt (blank: waits for the big blind, like ``wait``).
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
    entry = models.CharField(_("entering a running game"), max_length=4, choices=SeatEntry.choices, blank=True)

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
                name="seat_entry_known",
                condition=Q(entry__in=["", *SeatEntry.values]),
                violation_error_message=_("A new player posts or waits for the big blind."),
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


class AwayReturn(models.TextChoices):
    """What a Hold'em player coming back owes for the blinds that passed while away (R12)."""

    POST = "post", _("posts the missed blinds")
    WAIT = "wait", _("waits for the big blind")


# The one UPDATE a SeatAway allows: its end, once (who, when and, for a return,
# the player's choice on missed blinds); every other column is fixed at insert.
_AWAY_END_ONLY = """
    OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL
    AND NEW.id = OLD.id AND NEW.seat_session_id = OLD.seat_session_id AND NEW.table_id = OLD.table_id
    AND NEW.started_at = OLD.started_at AND NEW.started_by_id = OLD.started_by_id
    AND NEW.created_at = OLD.created_at AND NEW.created_by_id = OLD.created_by_id
"""


class SeatAway(Recorded):
    """Time a seated player keeps the seat but is away from the table ("sitting out").

    An away player is not dealt in (``games.services.starting``), and the
    hourly fee does not charge the time unless the policy in force says so
    (``rake.services.time_charges``). Ending the seat session ends an open
    away at the same moment (``tables.services.common.end_session``).
    """

    seat_session = models.ForeignKey(SeatSession, on_delete=models.PROTECT, related_name="aways")
    # Denormalised from the session: the table page and hand start read a table's open aways.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seat_aways")
    started_at = models.DateTimeField(_("away from"))
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    ended_at = models.DateTimeField(_("back at"), null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # Blank while away, and when the away ended with the seat session (the player left).
    return_choice = models.CharField(_("on return"), max_length=4, choices=AwayReturn.choices, blank=True)

    class Meta:
        ordering = ["started_at", "pk"]
        indexes = [models.Index(fields=["table", "ended_at"], name="seataway_table_open_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["seat_session"],
                condition=Q(ended_at__isnull=True),
                name="seataway_one_open_per_session",
                violation_error_message=_("That player is already away."),
            ),
            models.CheckConstraint(
                name="seataway_end_after_start",
                condition=Q(ended_at__isnull=True, ended_by__isnull=True, return_choice="")
                | Q(ended_at__gte=F("started_at"), ended_by__isnull=False),
                violation_error_message=_("An ended away has an end after its start and who ended it."),
            ),
        ]
        triggers = [
            update_only_when("seataway", _AWAY_END_ONLY),
            no_delete("seataway"),
            no_truncate("seataway"),
        ]

    def __str__(self) -> str:
        return f"{self.seat_session} away from {self.started_at:%Y-%m-%d %H:%M}"
