"""The ledger's accounts: a room's singletons, per table, per drawer shift; and their balance rows.

Every account is a room's: a table's tray and drop box are its table's room's, a drawer shift's its
drawer's, and each room has one of each singleton kind (the vault, chips outstanding, ...).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from config.errors import NotFound
from ledger.models import INVENTORY_KINDS, SINGLETON_KINDS, TABLE_KINDS, Account, AccountKind, Balance, Denomination

_SINGLETON_NAMES = {
    AccountKind.VAULT: "Vault",
    AccountKind.TRANSIT: "In transit",
    AccountKind.OUTSTANDING: "Chips outstanding",
    AccountKind.CASH_EXTERNAL: "Cash in and out",
    AccountKind.CARD_CLEARING: "Card clearing",
    AccountKind.CHIP_ISSUE: "Chips issued",
    AccountKind.OVER_SHORT: "Over and short",
}


def singleton_accounts(*kinds: AccountKind, room_id: int) -> dict[AccountKind, int]:
    """Account ids of a room's singleton places, created on first use (one query when they exist)."""
    wanted = set(kinds or SINGLETON_KINDS)
    found = {
        AccountKind(k): pk
        for pk, k in Account.objects.filter(room_id=room_id, kind__in=wanted).values_list("pk", "kind")
    }
    for kind in wanted - set(found):
        found[AccountKind(kind)] = account_create(
            kind=AccountKind(kind), name=_SINGLETON_NAMES[AccountKind(kind)], room_id=room_id
        ).pk
    return found


def table_account(*, table_id: int, kind: AccountKind) -> int:
    """The tray or drop box account of a table, created on first use in the table's room."""
    if kind not in TABLE_KINDS:
        raise ValueError(f"{kind} is not a table account")
    pk = Account.objects.filter(kind=kind, table_id=table_id).values_list("pk", flat=True).first()
    if pk is not None:
        return pk
    name = f"{'Tray' if kind == AccountKind.TRAY else 'Drop box'} · table {table_id}"
    return account_create(kind=kind, name=name, room_id=_table_room_id(table_id), table_id=table_id).pk


def _table_room_id(table_id: int) -> int:
    # The ledger knows tables only as what its accounts point to (the floor's records are not below it).
    tables = Account._meta.get_field("table").related_model._default_manager
    room_id = tables.filter(pk=table_id).values_list("room_id", flat=True).first()
    if room_id is None:
        # A caller that did not check the table first: refused as any unknown record is (404), not a 500.
        raise NotFound(_("Table %(table_id)s does not exist.") % {"table_id": table_id}, table_id=table_id)
    return int(room_id)


def account_create(*, kind: AccountKind, name: str, room_id: int, table_id: int | None = None) -> Account:
    """Create a room's account with its balance rows (cash and every chip of the room), so that
    postings find their rows and lock nothing new. A concurrent creator wins the
    unique constraint; the loser returns the winner's account."""
    tracked = kind in INVENTORY_KINDS
    try:
        with transaction.atomic():
            account = Account.objects.create(kind=kind, name=name, room_id=room_id, table_id=table_id, tracked=tracked)
    except IntegrityError:
        same = Account.objects.filter(kind=kind, room_id=room_id)
        existing = (same.filter(table_id=table_id) if table_id is not None else same).first()
        if existing is None or kind not in SINGLETON_KINDS | TABLE_KINDS:
            raise
        return existing
    if tracked:
        denominations = [None, *Denomination.objects.filter(room_id=room_id).values_list("pk", flat=True)]
        balance_rows_create(account_ids=[account.pk], denomination_ids=denominations)
    return account


def balance_rows_create(*, account_ids: Iterable[int], denomination_ids: Iterable[int | None]) -> None:
    """Insert missing balance rows (INSERT ... ON CONFLICT DO NOTHING); never locks an existing row."""
    denominations = list(denomination_ids)
    Balance.objects.bulk_create(
        [Balance(account_id=a, denomination_id=d, amount=0) for a in account_ids for d in denominations],
        ignore_conflicts=True,
    )


def account_label(account: Account) -> str:
    if account.kind == AccountKind.DRAWER:
        return _("drawer %(name)s") % {"name": account.name}
    return account.name
