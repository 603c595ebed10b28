"""The close of a gaming day: from then on the ledger, and every record dated in it, refuses new rows.

The close itself is an accountant's act once the day's fees are posted and counted
(``rake.services.days``); the ledger checks it before it inserts an entry (``ledger.selectors.days``).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only


class GamingDayClose(Recorded):
    """A room's gaming day closed by an accountant: from then on the room accepts no new records dated in it."""

    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="+", verbose_name=_("room"))
    gaming_day = models.DateField(_("gaming day"))
    note = models.CharField(_("note"), max_length=300, blank=True)
    # Figures of the day when it closed, as the signed-off daily report prints them.
    hands = models.BigIntegerField(default=0)
    fees = models.BigIntegerField(default=0)
    counted = models.BigIntegerField(default=0)
    variance = models.BigIntegerField(default=0)
    # A SHA-256 of the day's fee summary rows as its raw records gave them when it closed
    # (rake.selectors.summaries.summary_digest): what proves the rows a later report reads.
    # Empty for days closed before it was kept; those are proven against the raw records.
    summary_digest = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-gaming_day"]
        verbose_name = _("gaming day close")
        verbose_name_plural = _("gaming day closes")
        constraints = [models.UniqueConstraint(fields=["room", "gaming_day"], name="ledger_day_closed_once_per_room")]
        triggers = append_only("dayclose")

    def __str__(self) -> str:
        return f"{self.gaming_day:%Y-%m-%d} closed"
