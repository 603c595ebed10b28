"""The ledger's places: accounts of the room, the tables and the drawers, and what each holds.

Sign convention: a leg (``entries``) adds its amount to its account, so a place holding chips or
cash has a positive balance. Inventory places keep balance rows, never below zero; the outside
world's accounts keep none (their balance is the sum of their legs, and may be negative).
"""

from __future__ import annotations

import pgtrigger
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ledger.models.chips import Denomination


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
# One account of each of these kinds in each room.
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


class Account(models.Model):
    """A place chips or cash can be. Outside-world accounts (cash in/out, card
    clearing, chips issued, over/short) keep no balance rows: their balance is
    the sum of their legs, and they may be negative."""

    # A place is in one room for good: postings keep each account's room in memory (``posting``).
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="accounts", verbose_name=_("room"))
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
                fields=["room", "kind"],
                condition=Q(kind__in=sorted(SINGLETON_KINDS)),
                name="ledger_account_singleton_per_room",
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
        triggers = [
            pgtrigger.Protect(
                name="account_room_fixed", operation=pgtrigger.Update, condition=pgtrigger.AnyChange("room")
            )
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
