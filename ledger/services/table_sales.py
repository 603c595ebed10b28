"""Chips sold for cash at a table: the dealer hands the player chips from the tray and drops the cash into the
table's drop box, where it is counted with the drop."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from config.errors import DomainError
from config.money import format_money
from ledger.models import AccountKind, JournalEntry, Reason
from ledger.services.accounts import singleton_accounts, table_account
from ledger.services.change import fee_chips
from ledger.services.fees import chips_available
from ledger.services.posting import cash_legs, chip_legs, post_entry
from rooms.models import Room


def chips_sold_at_table(*, actor: User, room: Room, table_id: int, amount: int, ref: str) -> JournalEntry:
    """Tray chips (the largest that make up ``amount`` exactly) to the players' chips, the cash from the player
    into the drop box; in the caller's transaction, which holds the table. ``ref`` names the stack row."""
    tray = table_account(table_id=table_id, kind=AccountKind.TRAY)
    made = fee_chips(amount, chips_available(tray))
    if made is None:
        raise DomainError(
            _("The tray cannot make up %(amount)s exactly: fill the tray, or the player buys the chips at the cage.")
            % {"amount": format_money(amount)},
            code="tray_cannot_make_it",
        )
    box = table_account(table_id=table_id, kind=AccountKind.DROP_BOX)
    ids = singleton_accounts(AccountKind.OUTSTANDING, AccountKind.CASH_EXTERNAL, room_id=room.pk)
    legs = [
        *chip_legs(source=tray, target=ids[AccountKind.OUTSTANDING], amounts=made.fee),
        *cash_legs(source=ids[AccountKind.CASH_EXTERNAL], target=box, amount=amount),
    ]
    return post_entry(actor=actor, room=room, reason=Reason.TABLE_SALE, legs=legs, memo=f"table {table_id}", ref=ref)
