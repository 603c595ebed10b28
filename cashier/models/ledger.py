"""The double-entry ledger: accounts, balances, journal entries and their legs.

Sign convention: a leg adds ``amount`` to its account, so a place holding chips
or cash has a positive balance. A leg with a ``denomination`` moves chips of
that denomination; a leg without one moves cash. Every entry nets to zero per
(currency, denomination): the service checks it, and on PostgreSQL a deferred
constraint trigger (migration 0002) refuses an unbalanced entry at COMMIT.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cashier.models.chips import Denomination
from config.models import Recorded
from config.triggers import append_only


class AccountKind(models.TextChoices):
    VAULT = "vault", _("vault")
    DRAWER = "drawer", _("cashier drawer")
    TRANSIT = "transit", _("in transit (fills and credits)")
    TRAY = "tray", _("table tray")
    DROP_BOX = "drop_box", _("table drop box")
    OUTSTANDING = "outstanding", _("chips outstanding (players)")
    CASH_EXTERNAL = "cash_external", _("cash in and out (players)")
    CARD_CLEARING = "card_clearing", _("card clearing")
    CHIP_ISSUE = "chip_issue", _("chips issued to the room")
    OVER_SHORT = "over_short", _("drawer over and short")


# Places that hold real chips or cash: balances maintained, never below zero.
INVENTORY_KINDS = frozenset(
    {
        AccountKind.VAULT,
        AccountKind.DRAWER,
        AccountKind.TRANSIT,
        AccountKind.TRAY,
        AccountKind.DROP_BOX,
        AccountKind.OUTSTANDING,
    }
)
CAGE_KINDS = frozenset({AccountKind.VAULT, AccountKind.DRAWER, AccountKind.TRANSIT})
TABLE_KINDS = frozenset({AccountKind.TRAY, AccountKind.DROP_BOX})
# One account of each of these kinds in the room.
SINGLETON_KINDS = frozenset(
    {
        AccountKind.VAULT,
        AccountKind.TRANSIT,
        AccountKind.OUTSTANDING,
        AccountKind.CASH_EXTERNAL,
        AccountKind.CARD_CLEARING,
        AccountKind.CHIP_ISSUE,
        AccountKind.OVER_SHORT,
    }
)


class Reason(models.TextChoices):
    SALE = "sale", _("chip sale")
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


class Account(models.Model):
    """A place chips or cash can be. Outside-world accounts (cash in/out, card
    clearing, chips issued, over/short) keep no balance rows: their balance is
    the sum of their legs, and they may be negative."""

    kind = models.CharField(_("kind"), max_length=20, choices=AccountKind.choices)
    name = models.CharField(_("name"), max_length=100)
    table = models.ForeignKey(
        "tables.Table", on_delete=models.PROTECT, null=True, blank=True, related_name="cashier_accounts"
    )
    tracked = models.BooleanField(_("balance maintained"), default=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("account")
        constraints = [
            models.UniqueConstraint(
                fields=["kind"], condition=Q(kind__in=sorted(SINGLETON_KINDS)), name="cashier_account_singleton"
            ),
            models.UniqueConstraint(
                fields=["kind", "table"], condition=Q(table__isnull=False), name="cashier_account_per_table"
            ),
            models.CheckConstraint(
                name="cashier_account_table_iff_table_kind",
                condition=Q(kind__in=sorted(TABLE_KINDS), table__isnull=False)
                | (~Q(kind__in=sorted(TABLE_KINDS)) & Q(table__isnull=True)),
            ),
            models.CheckConstraint(
                name="cashier_account_tracked_iff_inventory",
                condition=Q(kind__in=sorted(INVENTORY_KINDS), tracked=True)
                | (~Q(kind__in=sorted(INVENTORY_KINDS)) & Q(tracked=False)),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Balance(models.Model):
    """What a tracked place holds of one denomination (or of cash when ``denomination`` is null).

    Kept in the same transaction as the legs, with ``F()`` updates in primary-key order.
    """

    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="balances")
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    amount = models.BigIntegerField(_("amount"), default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["account", "denomination"],
                condition=Q(denomination__isnull=False),
                name="cashier_balance_chip_unique",
            ),
            models.UniqueConstraint(
                fields=["account"], condition=Q(denomination__isnull=True), name="cashier_balance_cash_unique"
            ),
            models.CheckConstraint(name="cashier_balance_not_negative", condition=Q(amount__gte=0)),
        ]

    def __str__(self) -> str:
        return f"{self.account} {self.denomination or _('cash')}: {self.amount}"


class JournalEntry(Recorded):
    """One business event. Its primary key is its sequential number (PostgreSQL
    identity: increasing; a rolled-back transaction may leave a gap, never a reuse)."""

    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
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
        triggers = append_only("journalentry")

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
