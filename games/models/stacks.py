"""Each seated player's chips, as the hand record knows them.

The floor's ``SeatSession`` records who sits where, not their chips, so the
hand record keeps the stack: an append-only ledger of rows per seat session.
``stack`` is the chips after the row, ``change`` what the row added or took:
a buy-in (the first row), add-ons, each completed hand's final stack, a
correction's difference, a floor adjustment. The stack a player starts a
hand with is the ``stack`` of their session's latest row.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only


class StackKind(models.TextChoices):
    BUY_IN = "buy_in", _("buy-in")
    ADD_ON = "add_on", _("add-on")
    HAND = "hand", _("end of a hand")
    CORRECTION = "correction", _("hand corrected")
    ADJUSTMENT = "adjustment", _("floor adjustment")


class SeatStack(Recorded):
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    seat_session = models.ForeignKey(
        "tables.SeatSession", on_delete=models.PROTECT, related_name="+", db_index=False
    )  # seatstack_latest_idx
    seat_number = models.PositiveSmallIntegerField(_("seat"))
    kind = models.CharField(_("kind"), max_length=12, choices=StackKind.choices)
    change = models.BigIntegerField(_("change"))
    stack = models.PositiveBigIntegerField(_("stack after"))
    hand = models.ForeignKey("games.Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        ordering = ["seat_session", "pk"]
        indexes = [models.Index(fields=["seat_session", "-id"], name="seatstack_latest_idx")]
        triggers = append_only("seatstack")

    def __str__(self) -> str:
        return f"seat {self.seat_number}: {self.stack} ({self.get_kind_display()})"
