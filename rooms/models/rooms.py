"""A room: a poker room of the group, with its own clock, currency and the figures its law sets.

One installation runs several rooms (a group in Yerevan and Vilnius). What today's environment
variables said of "the room" is a room's own record here; the first room is made from them when an
existing installation migrates (``rooms/migrations/0002_first_room.py``), so it behaves exactly as before.
"""

from __future__ import annotations

from datetime import time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ButtonRule(models.TextChoices):
    """House rule R11: the button moves to the next player, or the dead button is kept."""

    MOVING = "moving", _("moving button")
    DEAD = "dead", _("dead button")


class Room(models.Model):
    code = models.SlugField(_("code"), max_length=40, unique=True, help_text=_("Short name used in links and exports."))
    name = models.CharField(_("name"), max_length=120)
    time_zone = models.CharField(_("time zone"), max_length=64)
    currency = models.CharField(_("currency"), max_length=3)
    currency_exponent = models.PositiveSmallIntegerField(_("currency exponent"))
    gaming_day_start = models.TimeField(_("gaming day starts at"))
    button = models.CharField(_("button rule"), max_length=10, choices=ButtonRule.choices)
    dealer_push_minutes = models.PositiveSmallIntegerField(_("dealer push every (minutes)"))
    dealer_max_minutes = models.PositiveSmallIntegerField(_("dealer's longest time at a table (minutes)"))
    shifts_per_day = models.PositiveSmallIntegerField(_("shifts per gaming day"))
    # Amounts in the room's minor units.
    anonymous_sale_limit = models.BigIntegerField(_("largest sale without identification"))
    large_cash_threshold = models.BigIntegerField(_("large cash threshold"))
    drawer_variance_threshold = models.BigIntegerField(_("drawer variance threshold"))
    drop_variance_threshold = models.BigIntegerField(_("drop variance threshold"))
    # A dealer may sell chips from the tray for cash at the table (the cash into the drop box); some rooms
    # forbid it, and every buy-in is then chips the player brings from the cage or another table.
    cash_buy_ins_at_tables = models.BooleanField(_("cash buy-ins at the tables"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                name="room_currency_code",
                condition=Q(currency__regex=r"^[A-Z]{3}$"),
                violation_error_message=_("A currency is three capital letters (ISO 4217)."),
            ),
            models.CheckConstraint(
                name="room_currency_exponent",
                condition=Q(currency_exponent__lte=4),
                violation_error_message=_("A currency has at most 4 decimals."),
            ),
            models.CheckConstraint(
                name="room_figures_positive",
                condition=Q(
                    dealer_push_minutes__gte=1,
                    dealer_max_minutes__gte=1,
                    shifts_per_day__gte=1,
                    anonymous_sale_limit__gte=0,
                    large_cash_threshold__gte=0,
                    drawer_variance_threshold__gte=0,
                    drop_variance_threshold__gte=0,
                ),
                violation_error_message=_("Minutes and shifts are at least 1, amounts at least 0."),
            ),
        ]
        verbose_name = _("room")
        verbose_name_plural = _("rooms")

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    def clean(self) -> None:
        try:
            ZoneInfo(self.time_zone)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValidationError(
                {"time_zone": _("%(zone)s is not an IANA time zone.") % {"zone": self.time_zone}}
            ) from exc
        if isinstance(self.gaming_day_start, time) and self.gaming_day_start.second:
            raise ValidationError({"gaming_day_start": _("A gaming day starts on a whole minute.")})
