"""Cashier drawers and their shifts, with the counted opening and closing banks."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import append_only, no_delete
from ledger.models import Account, Denomination, JournalEntry


class Drawer(models.Model):
    """A physical cash drawer at a cage window of a room."""

    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="drawers", verbose_name=_("room"))
    name = models.CharField(_("name"), max_length=60)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["room_id", "name"]
        verbose_name = _("drawer")
        constraints = [
            models.UniqueConstraint(
                fields=["room", "name"],
                name="cashier_drawer_name_per_room",
                violation_error_message=_("The room has a drawer of this name already."),
            )
        ]

    def __str__(self) -> str:
        return self.name


class ShiftStatus(models.TextChoices):
    OPEN = "open", _("open")
    # Counted at close with a variance over the threshold: waits for a supervisor.
    PENDING = "pending", _("waiting for sign-off")
    CLOSED = "closed", _("closed")


class DrawerShift(models.Model):
    """One cashier's shift in one drawer. Its ledger account starts empty: the
    opening bank comes from the vault and the closing bank goes back to it."""

    drawer = models.ForeignKey(Drawer, on_delete=models.PROTECT, related_name="shifts")
    cashier = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="drawer_shifts")
    account = models.OneToOneField(Account, on_delete=models.PROTECT, related_name="shift")
    status = models.CharField(_("status"), max_length=10, choices=ShiftStatus.choices, default=ShiftStatus.OPEN)
    gaming_day = models.DateField(_("gaming day"), db_index=True)
    opened_at = models.DateTimeField(_("opened at"))
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    # Receipts (sales and redemptions) are numbered gap-free within the shift
    # under this row's lock.
    receipt_seq = models.PositiveIntegerField(default=0)
    opening_entry = models.OneToOneField(
        JournalEntry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    closing_entry = models.OneToOneField(
        JournalEntry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # Sum over lines of |counted - expected| at close, in minor units.
    variance = models.BigIntegerField(_("variance"), null=True, blank=True)
    net_variance = models.BigIntegerField(_("net variance"), null=True, blank=True)
    supervisor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    supervisor_at = models.DateTimeField(_("signed off at"), null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("drawer shift")
        constraints = [
            models.UniqueConstraint(
                fields=["drawer"], condition=~Q(status=ShiftStatus.CLOSED), name="cashier_one_shift_per_drawer"
            ),
            models.UniqueConstraint(
                fields=["cashier"], condition=~Q(status=ShiftStatus.CLOSED), name="cashier_one_shift_per_cashier"
            ),
            models.CheckConstraint(
                name="cashier_shift_supervisor_independent",
                condition=Q(supervisor__isnull=True) | ~Q(supervisor=models.F("cashier")),
            ),
        ]
        triggers = [no_delete("drawershift")]

    def __str__(self) -> str:
        return f"{self.drawer} · {self.cashier} · {self.opened_at:%Y-%m-%d %H:%M}"


class CountKind(models.TextChoices):
    OPENING = "opening", _("opening bank")
    CLOSING = "closing", _("closing bank")


class DrawerCount(Recorded):
    shift = models.ForeignKey(DrawerShift, on_delete=models.PROTECT, related_name="counts")
    kind = models.CharField(_("kind"), max_length=10, choices=CountKind.choices)

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["shift", "kind"], name="cashier_drawer_count_once")]
        triggers = append_only("drawercount")


class DrawerCountLine(models.Model):
    """Counted (and, at close, expected) amount of one denomination, or of cash when null."""

    count = models.ForeignKey(DrawerCount, on_delete=models.PROTECT, related_name="lines")
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    counted = models.BigIntegerField(_("counted"))
    expected = models.BigIntegerField(_("expected"), null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [models.CheckConstraint(name="cashier_drawer_count_not_negative", condition=Q(counted__gte=0))]
        triggers = append_only("drawercountline")

    def __str__(self) -> str:
        return f"{self.denomination or 'cash'}: {self.counted}"
