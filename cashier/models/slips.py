"""Fill and credit slips: chips from the cage to a table's tray and back.

A slip is numbered when requested, gap-free within its room, kind and calendar year
(a locked counter row), and moves requested -> issued -> received, or to VOID,
keeping its number. On PostgreSQL a trigger refuses DELETE, any change to what
was prepared, any change to a signature once given, and any change at all once
the slip is received or void.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from cashier.models.drawers import DrawerShift
from config.models import Recorded
from config.triggers import append_only, no_delete, no_truncate, update_only_when
from ledger.models import Denomination, JournalEntry


class SlipKind(models.TextChoices):
    FILL = "fill", _("fill")
    CREDIT = "credit", _("credit")


class SlipStatus(models.TextChoices):
    REQUESTED = "requested", _("requested")
    ISSUED = "issued", _("issued")
    RECEIVED = "received", _("received")
    VOID = "void", _("VOID")


_SET_ONCE = [
    "issued_by_id",
    "issued_at",
    "issue_entry_id",
    "shift_id",
    "received_by_id",
    "received_at",
    "receive_entry_id",
    "void_reason",
    "void_requested_by_id",
    "void_requested_at",
    "void_confirmed_by_id",
    "void_confirmed_at",
    "void_entry_id",
]
_FIXED = ["room_id", "kind", "year", "number", "table_id", "amount", "created_at", "created_by_id"]


def _set_once_sql() -> str:
    parts = ["OLD.status NOT IN ('received', 'void')"]
    parts += [f'NEW."{c}" IS NOT DISTINCT FROM OLD."{c}"' for c in _FIXED]
    for c in _SET_ONCE:
        empty = f'OLD."{c}" IS NULL OR OLD."{c}" = \'\'' if c == "void_reason" else f'OLD."{c}" IS NULL'
        parts.append(f'({empty} OR NEW."{c}" IS NOT DISTINCT FROM OLD."{c}")')
    return " AND ".join(parts)


class Slip(Recorded):
    """``created_by`` requested it. A fill is issued by the cage and received by
    the floor; a credit is issued by the floor and received by the cage."""

    kind = models.CharField(_("kind"), max_length=8, choices=SlipKind.choices)
    # The table's room, whose numbering the slip takes (a room's slips are numbered on their own).
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="+", verbose_name=_("room"))
    year = models.PositiveSmallIntegerField(_("year"))
    number = models.PositiveIntegerField(_("number"))
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="cashier_slips")
    amount = models.BigIntegerField(_("total"))
    status = models.CharField(_("status"), max_length=10, choices=SlipStatus.choices, default=SlipStatus.REQUESTED)
    # The cage side: the issuing cashier's drawer for a fill, the receiving one's for a credit.
    shift = models.ForeignKey(DrawerShift, on_delete=models.PROTECT, null=True, blank=True, related_name="slips")
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    issued_at = models.DateTimeField(_("issued at"), null=True, blank=True)
    issue_entry = models.OneToOneField(JournalEntry, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    received_at = models.DateTimeField(_("received at"), null=True, blank=True)
    receive_entry = models.OneToOneField(
        JournalEntry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    void_reason = models.CharField(_("void reason"), max_length=200, blank=True)
    void_requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    void_requested_at = models.DateTimeField(null=True, blank=True)
    void_confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    void_confirmed_at = models.DateTimeField(null=True, blank=True)
    void_entry = models.OneToOneField(JournalEntry, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["room_id", "-year", "kind", "-number"]
        verbose_name = _("fill or credit slip")
        constraints = [
            models.UniqueConstraint(fields=["room", "kind", "year", "number"], name="cashier_slip_number_per_room"),
            models.CheckConstraint(name="cashier_slip_amount_positive", condition=Q(amount__gt=0)),
            models.CheckConstraint(
                name="cashier_slip_two_signers",
                condition=Q(received_by__isnull=True) | ~Q(received_by=F("issued_by")),
            ),
            models.CheckConstraint(
                name="cashier_slip_void_two_users",
                condition=Q(void_confirmed_by__isnull=True) | ~Q(void_confirmed_by=F("void_requested_by")),
            ),
            models.CheckConstraint(
                name="cashier_slip_void_complete",
                condition=~Q(status=SlipStatus.VOID)
                | (Q(void_confirmed_by__isnull=False, void_requested_by__isnull=False) & ~Q(void_reason="")),
            ),
        ]
        triggers = [
            no_delete("slip"),
            no_truncate("slip"),
            update_only_when("slip", _set_once_sql()),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.label}"

    @property
    def label(self) -> str:
        return f"{self.year}-{self.number:05d}"


class SlipLine(models.Model):
    slip = models.ForeignKey(Slip, on_delete=models.PROTECT, related_name="lines")
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, related_name="+")
    amount = models.BigIntegerField(_("amount"))

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(name="cashier_slip_line_positive", condition=Q(amount__gt=0)),
            models.UniqueConstraint(fields=["slip", "denomination"], name="cashier_slip_line_unique"),
        ]
        triggers = append_only("slipline")

    def __str__(self) -> str:
        return f"{self.denomination}: {self.amount}"


class SlipCounter(models.Model):
    """The last number given per room, kind and year; locked while a slip is numbered."""

    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=8, choices=SlipKind.choices)
    year = models.PositiveSmallIntegerField()
    last = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "kind", "year"], name="cashier_slip_counter_per_room"),
        ]

    def __str__(self) -> str:
        return f"{self.room_id} {self.kind} {self.year}: {self.last}"
