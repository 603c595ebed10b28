"""Chip sales and redemptions at a cashier's window: the receipts."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cashier.models.drawers import DrawerShift
from config.models import Recorded
from config.triggers import append_only
from ledger.models import JournalEntry


class TransactionKind(models.TextChoices):
    SALE = "sale", _("chip sale")
    REDEMPTION = "redemption", _("chip redemption")


class PaymentMethod(models.TextChoices):
    CASH = "cash", _("cash")
    CARD = "card", _("card")


class ChipTransaction(Recorded):
    """A receipt. Posted once, never edited; a mistake is corrected by reversing its entry."""

    kind = models.CharField(_("kind"), max_length=12, choices=TransactionKind.choices)
    method = models.CharField(_("method"), max_length=8, choices=PaymentMethod.choices)
    shift = models.ForeignKey(DrawerShift, on_delete=models.PROTECT, related_name="transactions")
    receipt_no = models.PositiveIntegerField(_("receipt number"))
    player = models.ForeignKey(
        "tables.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="chip_transactions"
    )
    amount = models.BigIntegerField(_("amount"))
    gaming_day = models.DateField(_("gaming day"), db_index=True)
    entry = models.OneToOneField(JournalEntry, on_delete=models.PROTECT, related_name="chip_transaction")

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("chip sale or redemption")
        constraints = [
            models.UniqueConstraint(fields=["shift", "receipt_no"], name="cashier_receipt_unique"),
            models.CheckConstraint(name="cashier_transaction_positive", condition=Q(amount__gt=0)),
            models.CheckConstraint(
                name="cashier_redemption_paid_cash",
                condition=~Q(kind=TransactionKind.REDEMPTION) | Q(method=PaymentMethod.CASH),
            ),
        ]
        indexes = [models.Index(fields=["player", "gaming_day"], name="cashier_txn_player_day")]
        triggers = append_only("chiptransaction")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.receipt_label}"

    @property
    def receipt_label(self) -> str:
        return f"{self.shift_id}-{self.receipt_no:04d}"
