"""Hand fees the ledger could not post with their hand: recorded, shown, and posted later.

A completed hand's fee normally posts in the transaction that completes the
hand, with change from the table's tray when the players' chips cannot make
it up exactly. When even the tray cannot (or the ledger refuses for another
reason), a ``PendingFee`` row records the hand, its table, the amount and why.
The row is never edited: it is settled by the hand's ``FeeCharge`` once the
fee posts (``games.services.hand_fees``), or falls away when the hand is voided
or superseded; ``games.selectors.hand_fees`` reads what is still pending. The
fee report, the gaming-day close (which refuses a day with pending fees) and
the floor show them.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only, waits_for_the_close
from tables.models import ROOM_OF_THE_ROWS_TABLE


class PendingFee(Recorded):
    """A hand's fee the ledger refused at its first attempt: which hand, where, how much and why."""

    # No database constraint to the hand, as for ``FeeCharge``: hands are append-only.
    hand = models.OneToOneField(
        "games.Hand", on_delete=models.DO_NOTHING, db_constraint=False, related_name="+", verbose_name=_("hand")
    )
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+", verbose_name=_("table"))
    gaming_day = models.DateField(_("gaming day"))
    amount = models.BigIntegerField(_("amount"))
    # The ledger's refusal code (``no_breakdown``, ``insufficient_balance``, ...) and its message.
    reason = models.CharField(_("reason"), max_length=40)
    message = models.CharField(_("message"), max_length=300, blank=True)

    class Meta:
        ordering = ["gaming_day", "pk"]
        verbose_name = _("pending fee")
        verbose_name_plural = _("pending fees")
        indexes = [models.Index(fields=["gaming_day", "table"], name="pendingfee_day_table_idx")]
        constraints = [
            models.CheckConstraint(
                name="pendingfee_amount_positive",
                condition=Q(amount__gt=0),
                violation_error_message=_("A pending fee is a positive amount."),
            ),
        ]
        triggers = [*append_only("pendingfee"), waits_for_the_close("pendingfee", room_sql=ROOM_OF_THE_ROWS_TABLE)]

    def __str__(self) -> str:
        return f"hand {self.hand_id}: {self.amount} ({self.reason})"
