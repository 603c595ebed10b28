"""The double-entry journal: entries and their legs.

A leg adds ``amount`` to its account (``accounts``). A leg with a ``denomination`` moves chips of
that denomination; a leg without one moves cash. Every entry nets to zero per (currency,
denomination): the posting service checks it, and on PostgreSQL a deferred constraint trigger
(``ledger_entry_balanced``, ledger migration 0003) refuses an unbalanced entry at COMMIT.
"""

from __future__ import annotations

import pgtrigger
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.models import Recorded
from config.triggers import DAY_LOCK, append_only
from ledger.models.accounts import Account
from ledger.models.chips import Denomination
from ledger.models.days import GamingDayClose

# What a trigger refusing an entry in a closed gaming day names (``ledger.services.posting`` reads it back).
IN_AN_OPEN_DAY = "ledger_entry_in_an_open_day"
_CLOSE = GamingDayClose._meta


def _in_an_open_day() -> pgtrigger.Trigger:
    """No entry in a closed gaming day of its room, whatever wrote it: the room's ``DAY_LOCK`` held shared
    (``config.triggers``), then the close looked for. The look is a statement of its own, so it sees a
    close that committed while the entry waited for the lock, which the inserting statement's does not."""
    room = _CLOSE.get_field("room").column
    day = _CLOSE.get_field("gaming_day").column
    return pgtrigger.Trigger(
        name="journalentry_in_an_open_day",
        level=pgtrigger.Row,
        when=pgtrigger.Before,
        operation=pgtrigger.Insert,
        func=f"""
            PERFORM pg_advisory_xact_lock_shared({DAY_LOCK}, NEW."room_id"::integer);
            IF EXISTS (
                SELECT FROM "{_CLOSE.db_table}" c WHERE c."{room}" = NEW."room_id" AND c."{day}" = NEW."gaming_day"
            ) THEN
                RAISE EXCEPTION 'cardroom: gaming day % of room % is closed', NEW."gaming_day", NEW."room_id"
                    USING ERRCODE = 'check_violation', CONSTRAINT = '{IN_AN_OPEN_DAY}';
            END IF;
            RETURN NEW;
        """,
    )


class Reason(models.TextChoices):
    SALE = "sale", _("chip sale")
    TABLE_SALE = "table_sale", _("chips sold at a table")
    REDEMPTION = "redemption", _("chip redemption")
    FILL = "fill", _("fill")
    CREDIT = "credit", _("credit")
    FEE = "fee", _("fee")
    TIME_FEE = "time_fee", _("time fee")
    DROP = "drop", _("drop")
    OPENING = "opening", _("opening")
    CLOSING = "closing", _("closing")
    ADJUSTMENT = "adjustment", _("adjustment")
    REVERSAL = "reversal", _("reversal")


class JournalEntry(Recorded):
    """One business event. Its primary key is its sequential number (PostgreSQL
    identity: increasing; a rolled-back transaction may leave a gap, never a reuse)."""

    # The room whose places the legs move between (all of them: ``posting.check_legs_in_room``).
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="+", verbose_name=_("room"))
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    # The room's gaming day (its time zone and start).
    gaming_day = models.DateField(_("gaming day"), db_index=True)
    memo = models.CharField(_("memo"), max_length=200, blank=True)
    # The business document the entry posts, e.g. "sale:12" or "hand:345"; unique per reason.
    ref = models.CharField(_("reference"), max_length=64, blank=True)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by", verbose_name=_("reverses")
    )

    class Meta:
        ordering = ["pk"]
        verbose_name = _("journal entry")
        verbose_name_plural = _("journal entries")
        constraints = [
            models.CheckConstraint(name="cashier_entry_reason_known", condition=Q(reason__in=Reason.values)),
            models.CheckConstraint(
                name="cashier_entry_reversal_links",
                condition=Q(reason=Reason.REVERSAL, reverses__isnull=False)
                | (~Q(reason=Reason.REVERSAL) & Q(reverses__isnull=True)),
            ),
            models.UniqueConstraint(fields=["reason", "ref"], condition=~Q(ref=""), name="cashier_entry_ref_unique"),
        ]
        triggers = [*append_only("journalentry"), _in_an_open_day()]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_reason_display()}"


class Leg(models.Model):
    entry = models.ForeignKey(JournalEntry, on_delete=models.PROTECT, related_name="legs")
    account = models.ForeignKey(
        Account, on_delete=models.PROTECT, related_name="legs", db_index=False
    )  # cashier_leg_account_denom
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    currency = models.CharField(_("currency"), max_length=3)
    amount = models.BigIntegerField(_("amount"))

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["account", "denomination"], name="cashier_leg_account_denom")]
        constraints = [models.CheckConstraint(name="cashier_leg_not_zero", condition=~Q(amount=0))]
        triggers = append_only("leg")

    def __str__(self) -> str:
        return f"{self.account} {self.denomination or _('cash')} {self.amount:+d}"
