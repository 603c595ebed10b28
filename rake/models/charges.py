"""Every fee the room took, as posted to the ledger: the raw record of fee income.

One ``FeeCharge`` per hand in force (its pots and its fee, possibly zero: a
hand dealt with no fee still counts as a hand) and per collected time charge.
A voided or superseded hand is not edited: a reversal row with negated
figures points at the charge it cancels (at most one), dated in an open
gaming day. The daily summaries are sums of these rows
(``rake.services.summaries``), so fee income always equals the sum of the
per-hand fees plus the hourly charges (controls, test 29).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only, waits_for_the_close
from rake.models.policies import FeeKind, TimeCharge
from tables.models import ROOM_OF_THE_ROWS_TABLE


class FeeSource(models.TextChoices):
    HAND = "hand", _("hand")
    TIME = "time", _("time charge")


class FeeCharge(Recorded):
    """One fee posting (or its reversal): who, where, which gaming day and shift, how much."""

    source = models.CharField(_("source"), max_length=4, choices=FeeSource.choices)
    kind = models.CharField(_("fee kind"), max_length=12, choices=FeeKind.choices)
    # No database constraint to the hand: hands are append-only (their delete
    # is refused by a trigger), and the benchmark and archive restores load
    # fee records without the hand log.
    hand = models.ForeignKey(
        "games.Hand", on_delete=models.DO_NOTHING, db_constraint=False, null=True, blank=True, related_name="+"
    )
    time_charge = models.ForeignKey(TimeCharge, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    table = models.ForeignKey(
        "tables.Table", on_delete=models.PROTECT, related_name="+", db_index=False
    )  # feecharge_table_entry_idx
    game = models.ForeignKey("tables.Game", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    dealer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    gaming_day = models.DateField(_("gaming day"))
    shift = models.PositiveSmallIntegerField(_("shift"))
    # Signed: a reversal carries the negated figures of what it cancels.
    hands = models.SmallIntegerField(_("hands"), default=0)
    pots = models.BigIntegerField(_("pots"), default=0)
    fee = models.BigIntegerField(_("fee"))
    seconds = models.BigIntegerField(_("seconds charged"), default=0)
    # The ledger entry that moved the chips into the drop box; none for a zero fee.
    journal_entry = models.OneToOneField(
        "ledger.JournalEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by", verbose_name=_("reverses")
    )

    class Meta:
        ordering = ["pk"]
        verbose_name = _("fee charge")
        verbose_name_plural = _("fee charges")
        indexes = [
            models.Index(fields=["gaming_day", "table"], name="feecharge_day_table_idx"),
            models.Index(fields=["table", "journal_entry"], name="feecharge_table_entry_idx"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["hand"],
                condition=Q(hand__isnull=False, reverses__isnull=True),
                name="feecharge_once_per_hand",
                violation_error_message=_("That hand's fee is already posted."),
            ),
            models.UniqueConstraint(
                fields=["time_charge"],
                condition=Q(time_charge__isnull=False, reverses__isnull=True),
                name="feecharge_once_per_time_charge",
                violation_error_message=_("That time charge is already posted."),
            ),
            models.CheckConstraint(
                name="feecharge_source_shape",
                condition=Q(source=FeeSource.HAND, hand__isnull=False, time_charge__isnull=True, seconds=0)
                | Q(source=FeeSource.TIME, hand__isnull=True, time_charge__isnull=False, hands=0, pots=0),
                violation_error_message=_("A fee charge comes from one hand or one time charge."),
            ),
            models.CheckConstraint(
                name="feecharge_sign",
                condition=Q(reverses__isnull=True, fee__gte=0, pots__gte=0, hands__gte=0, seconds__gte=0)
                | Q(reverses__isnull=False, fee__lte=0, pots__lte=0, hands__lte=0, seconds__lte=0),
                violation_error_message=_("A charge adds, a reversal takes away."),
            ),
        ]
        triggers = [*append_only("feecharge"), waits_for_the_close("feecharge", room_sql=ROOM_OF_THE_ROWS_TABLE)]

    def __str__(self) -> str:
        what = f"hand {self.hand_id}" if self.hand_id else f"time charge {self.time_charge_id}"
        return f"{'reversal of ' if self.reverses_id else ''}{what}: {self.fee}"
