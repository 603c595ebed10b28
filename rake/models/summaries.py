"""The daily summary table the accountants' reports read.

One row per gaming day × shift × table × game × dealer × fee kind, kept up
to date in the transaction that records each fee (``F()`` increments) and
rebuildable from the raw records (``rake.services.summaries.summaries_rebuild``).
Dimensions are plain integer columns (0 for "none"), not foreign keys: the
rows are derived data, rebuilt at will, and a report joins names in one
query per dimension.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rake.models.policies import FeeKind

# The columns that name a summary row, and the ones that add up.
SUMMARY_KEYS = ("gaming_day", "shift", "table_id", "game_id", "dealer_id", "kind")
SUMMARY_SUMS = ("hands", "pots", "fees", "seconds", "time_charges", "expected", "counted", "variance")


class DailyFeeSummary(models.Model):
    gaming_day = models.DateField(_("gaming day"))
    shift = models.PositiveSmallIntegerField(_("shift"))
    table_id = models.BigIntegerField(_("table"))
    game_id = models.BigIntegerField(_("game"), default=0)
    dealer_id = models.BigIntegerField(_("dealer"), default=0)
    kind = models.CharField(_("fee kind"), max_length=12, choices=FeeKind.choices, blank=True)
    hands = models.BigIntegerField(_("hands dealt"), default=0)
    pots = models.BigIntegerField(_("pots"), default=0)
    fees = models.BigIntegerField(_("fees"), default=0)
    seconds = models.BigIntegerField(_("seconds charged"), default=0)
    time_charges = models.BigIntegerField(_("time charges"), default=0)
    expected = models.BigIntegerField(_("drop expected"), default=0)
    counted = models.BigIntegerField(_("drop counted"), default=0)
    variance = models.BigIntegerField(_("variance"), default=0)

    class Meta:
        ordering = ["gaming_day", "shift", "table_id", "game_id", "dealer_id", "kind"]
        verbose_name = _("daily fee summary")
        verbose_name_plural = _("daily fee summaries")
        constraints = [models.UniqueConstraint(fields=list(SUMMARY_KEYS), name="feesummary_one_row_per_key")]
        indexes = [models.Index(fields=["gaming_day", "table_id"], name="feesummary_day_table_idx")]

    def __str__(self) -> str:
        return f"{self.gaming_day:%Y-%m-%d} s{self.shift} t{self.table_id} {self.kind}: {self.fees}"
