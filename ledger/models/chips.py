"""Chip denominations: the only chips the room issues."""

from __future__ import annotations

import pgtrigger
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.money import format_money
from config.triggers import no_delete


class Denomination(models.Model):
    """A chip: its value (minor units) never changes once issued; retire it with ``active``."""

    value = models.BigIntegerField(_("value"), unique=True)
    colour = models.CharField(_("colour"), max_length=32)
    label = models.CharField(_("label"), max_length=32)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["value"]
        verbose_name = _("chip denomination")
        verbose_name_plural = _("chip denominations")
        constraints = [
            models.CheckConstraint(name="cashier_denomination_value_positive", condition=Q(value__gt=0)),
        ]
        triggers = [
            pgtrigger.Protect(
                name="denomination_value_fixed", operation=pgtrigger.Update, condition=pgtrigger.AnyChange("value")
            ),
            no_delete("denomination"),
        ]

    def __str__(self) -> str:
        return self.label or format_money(self.value)
