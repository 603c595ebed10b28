"""Dealers: profiles, shifts (clock in/out) and table assignments (the downs)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from tables.models.catalogue import Game
from tables.models.tables import Table


class DealerProfile(Recorded):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="dealer_profile")
    games = models.ManyToManyField(Game, blank=True, related_name="dealers", verbose_name=_("may deal"))
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["user__username"]

    def __str__(self) -> str:
        return self.user.get_full_name() or self.user.get_username()


class DealerShift(Recorded):
    """From clock-in to clock-out, in one room; a dealer clocked in and not at a table is on a break.

    A dealer has one open shift at a time, so is in one room at a time; they deal only that room's tables.
    """

    room = models.ForeignKey(
        "rooms.Room", on_delete=models.PROTECT, related_name="dealer_shifts", verbose_name=_("room")
    )
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="dealer_shifts")
    clock_in_at = models.DateTimeField(_("clocked in"))
    clock_out_at = models.DateTimeField(_("clocked out"), null=True, blank=True)
    clocked_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["clock_in_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["dealer"],
                condition=Q(clock_out_at__isnull=True),
                name="dealer_one_open_shift",
                violation_error_message=_("That dealer is already clocked in."),
            ),
            models.CheckConstraint(
                name="dealer_shift_out_after_in",
                condition=Q(clock_out_at__isnull=True) | Q(clock_out_at__gte=F("clock_in_at")),
                violation_error_message=_("Clock-out comes after clock-in."),
            ),
        ]


class AssignmentEndReason(models.TextChoices):
    PUSHED = "pushed", _("pushed (rotation)")
    RELEASED = "released", _("released")
    MOVED = "moved", _("moved to another table")
    CLOCKED_OUT = "clocked_out", _("clocked out")


class DealerAssignment(Recorded):
    """Who dealt at which table and when; the hand record stamps each hand with it."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="dealer_assignments")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="dealer_assignments")
    started_at = models.DateTimeField(_("from"))
    ended_at = models.DateTimeField(_("to"), null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    end_reason = models.CharField(max_length=20, choices=AssignmentEndReason.choices, blank=True)
    # Stamped by the rotation beat task; the board computes the same from the clock.
    overdue_flagged_at = models.DateTimeField(_("push overdue since"), null=True, blank=True)
    over_max_flagged_at = models.DateTimeField(_("over the maximum since"), null=True, blank=True)

    class Meta:
        ordering = ["started_at", "pk"]
        indexes = [models.Index(fields=["table", "started_at"], name="assignment_table_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(ended_at__isnull=True),
                name="assignment_one_dealer_per_table",
                violation_error_message=_("That table already has a dealer."),
            ),
            models.UniqueConstraint(
                fields=["dealer"],
                condition=Q(ended_at__isnull=True),
                name="assignment_one_table_per_dealer",
                violation_error_message=_("That dealer is already at a table."),
            ),
            models.CheckConstraint(
                name="assignment_end_after_start",
                condition=Q(ended_at__isnull=True, end_reason="")
                | (Q(ended_at__gte=F("started_at"), ended_by__isnull=False) & ~Q(end_reason="")),
                violation_error_message=_("An ended assignment has an end after its start, who ended it and why."),
            ),
        ]
