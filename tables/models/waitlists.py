"""Waitlists per game (kind + structure + stakes), call-ins and calls."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from tables.models.catalogue import Game
from tables.models.players import Player
from tables.models.seating import SeatSession


class WaitlistSource(models.TextChoices):
    DESK = "desk", _("at the desk")
    CALL_IN = "call_in", _("call-in")


class WaitlistStatus(models.TextChoices):
    WAITING = "waiting", _("waiting")
    CALLED = "called", _("called")
    SEATED = "seated", _("seated")
    REMOVED = "removed", _("removed")


class WaitlistEndReason(models.TextChoices):
    SEATED = "seated", _("seated")
    NO_SHOW = "no_show", _("no-show")
    LEFT = "left", _("left")
    CALL_EXPIRED = "call_expired", _("did not answer the call")
    REQUEUED = "requeued", _("dropped to the end")
    CHECK_IN_MISSED = "check_in_missed", _("call-in did not check in")
    EXPELLED = "expelled", _("expelled")


OPEN_STATUSES = (WaitlistStatus.WAITING, WaitlistStatus.CALLED)


class WaitlistEntry(Recorded):
    """A player's place on one game's list; fair order is ``queued_at`` then ``pk``.

    An entry that leaves the list keeps its row; a missed call ends the entry
    and opens a new one pointing back at it (``requeued_from``), at the end of
    the list or, once, at its old place (``CARDROOM_WAITLIST_MISSED_CALL_PLACE``).
    """

    # A list is a room's for one game of the group's catalogue: (room, game).
    room = models.ForeignKey(
        "rooms.Room", on_delete=models.PROTECT, related_name="waitlist_entries", verbose_name=_("room")
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="waitlist_entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="waitlist_entries")
    source = models.CharField(_("source"), max_length=10, choices=WaitlistSource.choices, default=WaitlistSource.DESK)
    status = models.CharField(
        _("status"), max_length=10, choices=WaitlistStatus.choices, default=WaitlistStatus.WAITING
    )
    queued_at = models.DateTimeField(_("in line since"))
    # When the player first asked for a seat; the wait analytics measure from here.
    first_joined_at = models.DateTimeField(_("first joined at"))
    check_in_by = models.DateTimeField(_("check in by"), null=True, blank=True)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    called_at = models.DateTimeField(_("called at"), null=True, blank=True)
    call_expires_at = models.DateTimeField(_("call expires at"), null=True, blank=True)
    ended_at = models.DateTimeField(_("left the list at"), null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    end_reason = models.CharField(max_length=20, choices=WaitlistEndReason.choices, blank=True)
    seat_session = models.OneToOneField(
        SeatSession, on_delete=models.PROTECT, null=True, blank=True, related_name="waitlist_entry"
    )
    requeued_from = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="requeued_as"
    )
    # The calls this player let expire since joining the list (carried from entry to entry as each one
    # requeues them), and when the last one did: the list shows it, and the room's rule on a missed call's
    # place (CARDROOM_WAITLIST_MISSED_CALL_PLACE) counts them.
    missed_calls = models.PositiveSmallIntegerField(_("missed calls"), default=0)
    missed_call_at = models.DateTimeField(_("missed a call at"), null=True, blank=True)

    class Meta:
        ordering = ["queued_at", "pk"]
        verbose_name_plural = "waitlist entries"
        indexes = [models.Index(fields=["room", "game", "status", "queued_at"], name="waitlist_room_order_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["room", "game", "player"],
                condition=Q(status__in=OPEN_STATUSES),
                name="waitlist_player_once_per_room_list",
                violation_error_message=_("That player is already on this list."),
            ),
            models.CheckConstraint(
                name="waitlist_end_matches_status",
                condition=Q(status__in=OPEN_STATUSES, ended_at__isnull=True, end_reason="")
                | (
                    ~Q(status__in=OPEN_STATUSES) & Q(ended_at__isnull=False, ended_by__isnull=False) & ~Q(end_reason="")
                ),
                violation_error_message=_("An entry off the list says when, who and why."),
            ),
            models.CheckConstraint(
                name="waitlist_call_has_deadline",
                condition=~Q(status=WaitlistStatus.CALLED) | Q(called_at__isnull=False, call_expires_at__isnull=False),
                violation_error_message=_("A call has a response deadline."),
            ),
            models.CheckConstraint(
                name="waitlist_missed_call_requeues",
                condition=Q(missed_calls=0, missed_call_at__isnull=True, requeued_from__isnull=True)
                | Q(missed_calls__gt=0, missed_call_at__isnull=False, requeued_from__isnull=False),
                violation_error_message=_("An entry that follows a missed call says when, and which entry it follows."),
            ),
            models.CheckConstraint(
                name="waitlist_call_in_has_deadline",
                condition=~Q(source=WaitlistSource.CALL_IN) | Q(check_in_by__isnull=False),
                violation_error_message=_("A call-in has a check-in deadline."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} on {self.game}"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def is_present(self) -> bool:
        return self.source == WaitlistSource.DESK or self.checked_in_at is not None
