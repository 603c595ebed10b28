"""Drop counts (the gaming-day close is the ledger's: ``ledger.models.days``).

A drop count compares what two people counted in a table's drop box with
what the ledger says the box holds (the fees posted since the last count).
Each counter enters a blind tally: neither sees the other's result nor the
expected amount until both are in. Two tallies that disagree start a new
round. An agreed count whose variance is over
the room's drop variance threshold waits for a supervisor's explanation
before it is final. Tallies, expected lines and shares are insert-only; a
count row only moves forward through its statuses, and on PostgreSQL a
trigger refuses any other change.
"""

from __future__ import annotations

import pgtrigger
from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only, no_delete, no_truncate, waits_for_the_close
from rake.models.policies import FeeKind
from tables.models import ROOM_OF_THE_ROWS_TABLE


class DropCountStatus(models.TextChoices):
    COUNTING = "counting", _("counting")
    NEEDS_EXPLANATION = "needs_explanation", _("variance to explain")
    FINAL = "final", _("final")


# Fixed at insert: a count's identity and what the ledger expected.
_DROP_FIXED = [
    "table_id",
    "gaming_day",
    "shift",
    "expected",
    "cash_expected",
    "since_entry_id",
    "through_entry_id",
    "created_at",
]


class DropCount(Recorded):
    """One drop box emptied and counted at the end of a table's shift; ``created_by`` started it."""

    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="drop_counts")
    gaming_day = models.DateField(_("gaming day"), db_index=True)
    shift = models.PositiveSmallIntegerField(_("shift"))
    status = models.CharField(
        _("status"), max_length=20, choices=DropCountStatus.choices, default=DropCountStatus.COUNTING
    )
    # The drop box's ledger balance when the count started: fees posted since the previous count.
    expected = models.BigIntegerField(_("expected"))
    # The fee postings the box received between the previous count and this one (journal entry numbers).
    since_entry_id = models.BigIntegerField(default=0)
    through_entry_id = models.BigIntegerField(default=0)
    round = models.PositiveSmallIntegerField(_("counting round"), default=1)
    counted = models.BigIntegerField(_("counted"), null=True, blank=True)
    variance = models.BigIntegerField(_("variance"), null=True, blank=True)
    # The cash in the box (chips sold for cash at the table, ``games.services.stacks``): what the ledger says
    # when the count started, and what the two counters agreed. Not a fee: the fee figures above are chips.
    cash_expected = models.BigIntegerField(_("cash expected"), default=0)
    cash_counted = models.BigIntegerField(_("cash counted"), null=True, blank=True)
    explanation = models.CharField(_("supervisor's explanation"), max_length=500, blank=True)
    explained_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    explained_at = models.DateTimeField(_("explained at"), null=True, blank=True)
    finalized_at = models.DateTimeField(_("final at"), null=True, blank=True)
    journal_entry = models.OneToOneField(
        "ledger.JournalEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-gaming_day", "-shift", "table_id", "-pk"]
        verbose_name = _("drop count")
        verbose_name_plural = _("drop counts")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "gaming_day", "shift"],
                name="dropcount_one_per_table_shift",
                violation_error_message=_("That table's drop for that shift is already counted."),
            ),
            models.UniqueConstraint(
                fields=["table"],
                condition=~Q(status=DropCountStatus.FINAL),
                name="dropcount_one_open_per_table",
                violation_error_message=_("The table has a drop count in progress."),
            ),
            models.CheckConstraint(
                name="dropcount_final_shape",
                condition=Q(status=DropCountStatus.COUNTING, counted__isnull=True, finalized_at__isnull=True)
                | Q(status=DropCountStatus.NEEDS_EXPLANATION, counted__isnull=False, finalized_at__isnull=True)
                | Q(
                    status=DropCountStatus.FINAL,
                    counted__isnull=False,
                    variance__isnull=False,
                    finalized_at__isnull=False,
                ),
                violation_error_message=_("A final drop count has its counted total, variance and time."),
            ),
            models.CheckConstraint(
                name="dropcount_variance_is_difference",
                condition=Q(counted__isnull=True) | Q(variance=F("counted") - F("expected")),
            ),
            models.CheckConstraint(
                name="dropcount_cash_counted_with_the_chips",
                # (a count made final before the cash was counted has none)
                condition=Q(cash_counted__isnull=True) | Q(counted__isnull=False, cash_counted__gte=0),
            ),
        ]
        triggers = [
            # a count started or finished while its room's day is closed waits for the close
            waits_for_the_close("dropcount", room_sql=ROOM_OF_THE_ROWS_TABLE, operation=pgtrigger.Update),
            no_delete("dropcount"),
            no_truncate("dropcount"),
            pgtrigger.Protect(
                name="dropcount_fixed_columns", operation=pgtrigger.Update, condition=pgtrigger.AnyChange(*_DROP_FIXED)
            ),
            pgtrigger.Protect(
                name="dropcount_final_is_final",
                operation=pgtrigger.Update,
                condition=pgtrigger.Q(old__status=DropCountStatus.FINAL),
            ),
        ]

    def __str__(self) -> str:
        return f"drop {self.table_id} {self.gaming_day:%Y-%m-%d} shift {self.shift}"


class DropCountLine(models.Model):
    """What the ledger expected in the box, per chip denomination, when the count started."""

    count = models.ForeignKey(DropCount, on_delete=models.PROTECT, related_name="lines")
    denomination = models.ForeignKey("ledger.Denomination", on_delete=models.PROTECT, related_name="+")
    expected = models.BigIntegerField(_("expected"))

    class Meta:
        ordering = ["count", "denomination"]
        constraints = [models.UniqueConstraint(fields=["count", "denomination"], name="dropline_one_per_chip")]
        triggers = append_only("dropline")

    def __str__(self) -> str:
        return f"{self.denomination_id}: {self.expected}"


class DropTally(models.Model):
    """One person's blind count of the box in one round."""

    count = models.ForeignKey(DropCount, on_delete=models.PROTECT, related_name="tallies")
    round = models.PositiveSmallIntegerField(_("round"))
    counter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    total = models.BigIntegerField(_("total"))
    cash = models.BigIntegerField(_("cash"), default=0)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["count", "round", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["count", "round", "counter"],
                name="droptally_one_per_counter_round",
                violation_error_message=_("The same person cannot count the same box twice in a round."),
            ),
            models.CheckConstraint(name="droptally_total_not_negative", condition=Q(total__gte=0)),
            models.CheckConstraint(name="droptally_cash_not_negative", condition=Q(cash__gte=0)),
        ]
        triggers = append_only("droptally")

    def __str__(self) -> str:
        return f"count {self.count_id} round {self.round}: {self.total}"


class DropTallyLine(models.Model):
    tally = models.ForeignKey(DropTally, on_delete=models.PROTECT, related_name="lines")
    denomination = models.ForeignKey("ledger.Denomination", on_delete=models.PROTECT, related_name="+")
    pieces = models.PositiveIntegerField(_("chips"))
    amount = models.BigIntegerField(_("amount"))

    class Meta:
        ordering = ["tally", "denomination"]
        constraints = [models.UniqueConstraint(fields=["tally", "denomination"], name="droptallyline_one_per_chip")]
        triggers = append_only("droptallyline")

    def __str__(self) -> str:
        return f"{self.pieces} × {self.denomination_id}"


class DropShare(models.Model):
    """A final count's expected, counted and variance, shared out over the dealers, games and fee
    kinds whose fees filled the box (in proportion to their fees, in whole units), so that the
    summaries can report variance per dealer and add up to the count exactly."""

    count = models.ForeignKey(DropCount, on_delete=models.PROTECT, related_name="shares")
    gaming_day = models.DateField()
    shift = models.PositiveSmallIntegerField()
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    game = models.ForeignKey("tables.Game", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    dealer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=12, choices=FeeKind.choices, blank=True)
    expected = models.BigIntegerField()
    counted = models.BigIntegerField()
    variance = models.BigIntegerField()

    class Meta:
        ordering = ["count", "pk"]
        indexes = [models.Index(fields=["gaming_day", "table"], name="dropshare_day_table_idx")]
        constraints = [
            models.CheckConstraint(name="dropshare_variance", condition=Q(variance=F("counted") - F("expected"))),
        ]
        triggers = append_only("dropshare")

    def __str__(self) -> str:
        return f"count {self.count_id} dealer {self.dealer_id}: {self.variance:+d}"
