"""Helpers of the change-from-tray and pending-fee tests: players holding only large chips, a table's tray."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Sum

from config.roles import Role
from ledger.models import AccountKind, Balance, JournalEntry, Leg, Reason
from ledger.services.accounts import singleton_accounts
from ledger.services.posting import chip_legs, post_entry
from tests.factories import UserFactory, home_room


def players_keep_only(at_least: int) -> None:
    """Every chip outstanding worth less than ``at_least`` goes back to the vault: the players (and
    so the pots) hold only large chips, which cannot make up a small fee exactly."""
    accounts = singleton_accounts(AccountKind.VAULT, AccountKind.OUTSTANDING, room_id=home_room().pk)
    outstanding = accounts[AccountKind.OUTSTANDING]
    amounts = dict(
        Balance.objects.filter(
            account_id=outstanding, amount__gt=0, denomination__isnull=False, denomination__value__lt=at_least
        ).values_list("denomination_id", "amount")
    )
    if not amounts:
        return
    with transaction.atomic():
        post_entry(
            actor=UserFactory(roles=[Role.ADMIN]),
            reason=Reason.ADJUSTMENT,
            legs=chip_legs(source=outstanding, target=accounts[AccountKind.VAULT], amounts=amounts),
            memo="small chips back to the vault (test)",
            room=home_room(),
        )


def tray_chips(table_id: int) -> dict[int, int]:
    """``{value: amount}`` of the chips in a table's tray."""
    return {
        value: amount
        for value, amount in Balance.objects.filter(
            account__table_id=table_id, account__kind=AccountKind.TRAY, denomination__isnull=False
        ).values_list("denomination__value", "amount")
        if amount
    }


def fee_entry_flows(hand_id: int) -> dict[str, int]:
    """The value a hand's fee entry moved into (+) or out of (-) each kind of place."""
    entry = JournalEntry.objects.get(reason=Reason.FEE, ref=f"hand:{hand_id}")
    rows = Leg.objects.filter(entry=entry).values("account__kind").annotate(total=Sum("amount")).order_by()
    return dict(rows.values_list("account__kind", "total"))


def entry_nets_to_zero_per_chip(hand_id: int) -> bool:
    entry = JournalEntry.objects.get(reason=Reason.FEE, ref=f"hand:{hand_id}")
    totals = Leg.objects.filter(entry=entry).values("denomination_id").annotate(t=Sum("amount")).order_by()
    return all(row["t"] == 0 for row in totals)
