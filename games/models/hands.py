"""The hand record: a hand, its seats, its event log, its result.

Append-only. A ``Hand`` row is the head of one hand: what it was started
from (table, game, gaming day, number, dealer, sign and fee policy in force,
the engine's setup) never changes; only the head columns ``status``, ``seq``,
``pot``, ``fee`` and ``ended_at`` move, always saved with ``update_fields``
by ``games.services``. Every status change also appends a
``HandStatusChange`` row (who, when, why). Events, seats, results and pot
awards are insert-only. On PostgreSQL triggers refuse anything else,
including a change of a hand that is no longer open or complete.

A wrong hand is never edited: it is voided (``status=voided``) or corrected
by a new ``Hand`` with the same number, the next ``revision`` and
``corrects`` pointing at it (the old one becomes ``superseded``). Reports
count only the hands in force (``Hand.objects.in_force()``).
"""

from __future__ import annotations

from typing import Any

import pgtrigger
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only, no_truncate, waits_for_the_close
from tables.models import ROOM_OF_THE_ROWS_TABLE

# The head columns services may move; everything else in a Hand row is fixed at insert.
HEAD_FIELDS = ["status", "seq", "pot", "fee", "ended_at"]


class HandStatus(models.TextChoices):
    OPEN = "open", _("open")
    COMPLETE = "complete", _("complete")
    MISDEAL = "misdeal", _("misdeal")
    VOIDED = "voided", _("voided")
    SUPERSEDED = "superseded", _("superseded by a correction")


# A hand in one of these no longer changes at all.
FINAL_STATUSES = (HandStatus.MISDEAL, HandStatus.VOIDED, HandStatus.SUPERSEDED)


class HandQuerySet(models.QuerySet["Hand"]):
    def in_force(self) -> HandQuerySet:
        """Completed hands that count: not voided, not superseded by a correction, not open."""
        return self.filter(status=HandStatus.COMPLETE)


class Hand(Recorded):
    # A foreign key whose column leads a composite index or unique constraint has no index of its own
    # (db_index=False): the composite one serves its lookups, and every insert maintains one index less.
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="hands", db_index=False)
    game = models.ForeignKey("tables.Game", on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField(_("gaming day"))
    number = models.PositiveIntegerField(_("hand number"))
    revision = models.PositiveSmallIntegerField(_("revision"), default=1)
    dealer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+", db_index=False
    )
    sign_version = models.ForeignKey(
        "tables.SignVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    fee_policy = models.ForeignKey(
        "rake.FeePolicyVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The engine's TableSetup as plain data (games.models.setup.setup_to_dict).
    setup: models.JSONField[Any] = models.JSONField(_("engine setup"))
    button = models.PositiveSmallIntegerField(_("button"))
    small_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    big_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    replay_of = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="replay", verbose_name=_("replay of")
    )
    corrects = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="corrected_by", verbose_name=_("corrects")
    )
    # The batch form's idempotency key (one whole hand per request).
    client_hand_id = models.CharField(max_length=64, blank=True, default="")
    # Head: the only columns that change.
    status = models.CharField(_("status"), max_length=12, choices=HandStatus.choices, default=HandStatus.OPEN)
    seq = models.PositiveIntegerField(_("events recorded"), default=0)
    pot = models.PositiveBigIntegerField(_("pot"), default=0)
    fee = models.PositiveBigIntegerField(_("fee"), default=0)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["gaming_day", "status"], name="hand_day_status_idx"),
            models.Index(fields=["dealer", "created_at"], name="hand_dealer_idx"),
            # The last hand of a table's own sequence, read at every hand start: one index step,
            # however many hands the table has dealt.
            models.Index(
                fields=["table", "-id"],
                name="hand_table_sequence_idx",
                condition=models.Q(replay_of__isnull=True, corrects__isnull=True),
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "gaming_day", "number", "revision"],
                name="hand_number_per_table_day",
                violation_error_message=_("That hand number exists already at this table today."),
            ),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status="open"),
                name="hand_one_open_per_table",
                violation_error_message=_("The table already has a hand open."),
            ),
            models.UniqueConstraint(
                fields=["table", "client_hand_id"],
                condition=~Q(client_hand_id=""),
                name="hand_client_id_per_table",
            ),
        ]
        triggers = [
            # a hand started, or ended, while its room's day is closed waits for the close
            waits_for_the_close(
                "hand",
                room_sql=ROOM_OF_THE_ROWS_TABLE,
                operation=pgtrigger.UpdateOf("status"),  # type: ignore[no-untyped-call]
            ),
            pgtrigger.Protect(
                name="hand_fixed_columns",
                operation=pgtrigger.Update,
                condition=pgtrigger.AnyChange(exclude=HEAD_FIELDS),
            ),
            pgtrigger.Protect(
                name="hand_final_status",
                operation=pgtrigger.Update,
                condition=pgtrigger.Q(old__status__in=[s.value for s in FINAL_STATUSES]),
            ),
            pgtrigger.Protect(
                name="hand_no_reopen",
                operation=pgtrigger.Update,
                condition=pgtrigger.Q(new__status="open") & ~pgtrigger.Q(old__status="open"),
            ),
            pgtrigger.Protect(
                name="hand_seq_forward",
                operation=pgtrigger.Update,
                condition=pgtrigger.Q(new__seq__lt=pgtrigger.F("old__seq")),
            ),
            pgtrigger.Protect(name="hand_no_delete", operation=pgtrigger.Delete),
            no_truncate("hand"),
        ]

    def __str__(self) -> str:
        revision = f" (rev. {self.revision})" if self.revision > 1 else ""
        return f"Hand {self.number}{revision} · table {self.table_id} · {self.gaming_day:%Y-%m-%d}"

    @property
    def label(self) -> str:
        return f"#{self.number}" + (f" rev. {self.revision}" if self.revision > 1 else "")


class HandSeat(models.Model):
    """A player dealt in, with the stack they started the hand with."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="seats", db_index=False)
    seat_number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        "tables.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+", db_index=False
    )
    seat_session = models.ForeignKey(
        "tables.SeatSession", on_delete=models.PROTECT, null=True, blank=True, related_name="+", db_index=False
    )
    start_stack = models.PositiveBigIntegerField(_("starting stack"))

    class Meta:
        ordering = ["hand", "seat_number"]
        indexes = [
            models.Index(fields=["player", "hand"], name="handseat_player_idx"),
            # A seat session's last hand (was it ever dealt in?) in one index step: a planner
            # estimate of "many rows per session" must not turn "none at all" into a full scan.
            models.Index(fields=["seat_session", "-hand"], name="handseat_session_idx"),
        ]
        constraints = [models.UniqueConstraint(fields=["hand", "seat_number"], name="handseat_one_per_seat")]
        triggers = append_only("handseat")

    def __str__(self) -> str:
        return f"seat {self.seat_number}: {self.start_stack}"


class HandEvent(Recorded):
    """One event as staff entered it, in the engine's ``to_dict`` form; ``seq`` counts from 0."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    client_event_id = models.CharField(max_length=64)
    kind = models.CharField(max_length=16)
    data: models.JSONField[Any] = models.JSONField()

    class Meta:
        ordering = ["hand", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="handevent_seq_per_hand"),
            models.UniqueConstraint(fields=["hand", "client_event_id"], name="handevent_client_id_per_hand"),
        ]
        triggers = append_only("handevent")

    def __str__(self) -> str:
        return f"{self.seq}: {self.kind}"


class HandResult(models.Model):
    """How a hand ended, written once, in the transaction of its last event."""

    hand = models.OneToOneField(Hand, on_delete=models.PROTECT, related_name="result")
    total_pot = models.PositiveBigIntegerField()
    fee = models.PositiveBigIntegerField()
    uncontested = models.BooleanField(default=False)
    tie = models.CharField(max_length=12, blank=True, default="")
    misdeal = models.BooleanField(default=False)
    carried_out = models.PositiveBigIntegerField(default=0)
    # The engine's HandResult.to_dict(): final stacks, shown cards, descriptions, returned bets.
    data: models.JSONField[Any] = models.JSONField()
    completed_at = models.DateTimeField()

    class Meta:
        triggers = append_only("handresult")

    def __str__(self) -> str:
        return f"pot {self.total_pot}, fee {self.fee}"


class PotAward(models.Model):
    """One pot of a finished hand: who could win it, who did, the shares and the fee taken from it."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="pot_awards", db_index=False)
    index = models.PositiveSmallIntegerField()
    amount = models.PositiveBigIntegerField()
    eligible: models.JSONField[Any] = models.JSONField()
    winners: models.JSONField[Any] = models.JSONField()
    shares: models.JSONField[Any] = models.JSONField()
    fee = models.PositiveBigIntegerField()
    carried = models.BooleanField(default=False)

    class Meta:
        ordering = ["hand", "index"]
        constraints = [models.UniqueConstraint(fields=["hand", "index"], name="potaward_index_per_hand")]
        triggers = append_only("potaward")

    def __str__(self) -> str:
        return f"pot {self.index + 1}: {self.amount}"


class HandStatusChange(Recorded):
    """Every move of a hand's status after it was started: completion, misdeal, void, supersession."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="status_changes")
    from_status = models.CharField(max_length=12, choices=HandStatus.choices)
    to_status = models.CharField(max_length=12, choices=HandStatus.choices)
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["hand", "created_at", "pk"]
        triggers = append_only("handstatus")

    def __str__(self) -> str:
        return f"{self.from_status} -> {self.to_status}"
