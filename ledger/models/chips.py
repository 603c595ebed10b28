"""Chip denominations: the only chips a room issues (each room its own, in its currency)."""

from __future__ import annotations

import pgtrigger
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.money import format_money
from config.triggers import no_delete


class Denomination(models.Model):
    """A room's chip: its value (the room's minor units) and its room never change once issued; retire it
    with ``active``."""

    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="chips", verbose_name=_("room"))
    value = models.BigIntegerField(_("value"))
    colour = models.CharField(_("colour"), max_length=32)
    label = models.CharField(_("label"), max_length=32)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["value"]
        verbose_name = _("chip denomination")
        verbose_name_plural = _("chip denominations")
        constraints = [
            models.CheckConstraint(name="cashier_denomination_value_positive", condition=Q(value__gt=0)),
            models.UniqueConstraint(fields=["room", "value"], name="ledger_denomination_value_per_room"),
        ]
        triggers = [
            pgtrigger.Protect(
                name="denomination_value_fixed",
                operation=pgtrigger.Update,
                condition=pgtrigger.AnyChange("value", "room"),
            ),
            no_delete("denomination"),
        ]

    def __str__(self) -> str:
        return self.label or format_money(self.value)
