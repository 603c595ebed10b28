"""Table openers and closers: the tray counted by denomination, signed by two people."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only, no_delete, no_truncate, update_only_when
from ledger.models import Denomination


class TrayCountKind(models.TextChoices):
    OPENER = "opener", _("opener")
    CLOSER = "closer", _("closer")


_TRAY_FIXED = ["table_id", "kind", "gaming_day", "total", "expected", "created_at", "created_by_id"]


class TrayCount(Recorded):
    """Counted by ``created_by`` (the dealer), signed by a floor manager; compared with the ledger's tray."""

    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="cashier_tray_counts")
    kind = models.CharField(_("kind"), max_length=8, choices=TrayCountKind.choices)
    gaming_day = models.DateField(_("gaming day"), db_index=True)
    total = models.BigIntegerField(_("counted total"))
    expected = models.BigIntegerField(_("expected total"))
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    signed_at = models.DateTimeField(_("signed at"), null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("tray count")
        constraints = [
            models.CheckConstraint(
                name="cashier_tray_count_two_people",
                condition=Q(signed_by__isnull=True) | ~Q(signed_by=F("created_by")),
            ),
        ]
        triggers = [
            no_delete("traycount"),
            no_truncate("traycount"),
            update_only_when(
                "traycount",
                " AND ".join(
                    ["OLD.signed_by_id IS NULL"] + [f'NEW."{c}" IS NOT DISTINCT FROM OLD."{c}"' for c in _TRAY_FIXED]
                ),
            ),
        ]

    @property
    def difference(self) -> int:
        return self.total - self.expected


class TrayCountLine(models.Model):
    count = models.ForeignKey(TrayCount, on_delete=models.PROTECT, related_name="lines")
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, related_name="+")
    counted = models.BigIntegerField(_("counted"))
    expected = models.BigIntegerField(_("expected"))

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(name="cashier_tray_line_not_negative", condition=Q(counted__gte=0)),
            models.UniqueConstraint(fields=["count", "denomination"], name="cashier_tray_line_unique"),
        ]
        triggers = append_only("traycountline")

    def __str__(self) -> str:
        return f"{self.denomination}: {self.counted}"

    @property
    def difference(self) -> int:
        return self.counted - self.expected
