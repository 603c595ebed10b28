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
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only


class StackKind(models.TextChoices):
    BUY_IN = "buy_in", _("buy-in")
    ADD_ON = "add_on", _("add-on")
    HAND = "hand", _("end of a hand")
    CORRECTION = "correction", _("hand corrected")
    ADJUSTMENT = "adjustment", _("floor adjustment")


class BuyInSource(models.TextChoices):
    """Where a buy-in's or an add-on's chips come from."""

    PLAYER_CHIPS = "player_chips", _("chips the player brings")  # bought at the cage, or from another table
    CASH_AT_TABLE = "cash_at_table", _("cash at the table")  # tray chips sold by the dealer, cash to the drop box


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
    # A buy-in's or an add-on's source (blank on the other kinds, on rows recorded before sources were, and
    # on rows written by statements that name no source: the database default);
    # chips sold for cash at the table are the ledger entry that moved them.
    source = models.CharField(
        _("source"), max_length=16, choices=BuyInSource.choices, blank=True, default="", db_default=""
    )
    journal_entry = models.OneToOneField(
        "ledger.JournalEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["seat_session", "pk"]
        indexes = [models.Index(fields=["seat_session", "-id"], name="seatstack_latest_idx")]
        constraints = [
            models.CheckConstraint(
                name="seatstack_source_of_a_buy_in",
                condition=Q(source="") | Q(kind__in=["buy_in", "add_on"], source__in=BuyInSource.values),
            ),
            models.CheckConstraint(
                name="seatstack_cash_at_table_is_booked",
                condition=Q(source="cash_at_table", journal_entry__isnull=False)
                | (~Q(source="cash_at_table") & Q(journal_entry__isnull=True)),
            ),
        ]
        triggers = append_only("seatstack")

    def __str__(self) -> str:
        return f"seat {self.seat_number}: {self.stack} ({self.get_kind_display()})"
