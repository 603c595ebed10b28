"""The vault: a room's stock of chips and cash."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from config.errors import DomainError
from config.money import check_minor
from config.roles import Role, has_any_role
from config.transactions import run_atomic
from ledger.models import AccountKind, JournalEntry, Reason
from ledger.services.accounts import singleton_accounts
from ledger.services.chips import chip_amounts
from ledger.services.posting import cash_legs, chip_legs, post_entry
from rooms.models import Room
from rooms.selectors import check_works_in


def vault_stock(*, actor: User, room: Room, cash: int, chips: Mapping[int, int], memo: str = "") -> JournalEntry:
    """Chips entering a room (issued) and cash deposited into its vault; an admin's act, in a room the admin
    works in."""
    if not has_any_role(actor, [Role.ADMIN]):
        raise DomainError(_("Only an admin stocks the vault."), code="forbidden", status=403)
    check_works_in(actor, room_id=room.pk)
    check_minor(cash, field="cash", allow_zero=True)
    amounts = chip_amounts(chips, allow_empty=True)

    def work() -> JournalEntry:
        ids = singleton_accounts(AccountKind.VAULT, AccountKind.CHIP_ISSUE, AccountKind.CASH_EXTERNAL, room_id=room.pk)
        vault = ids[AccountKind.VAULT]
        legs = chip_legs(source=ids[AccountKind.CHIP_ISSUE], target=vault, amounts=amounts)
        legs += cash_legs(source=ids[AccountKind.CASH_EXTERNAL], target=vault, amount=cash)
        return post_entry(actor=actor, room=room, reason=Reason.OPENING, legs=legs, memo=memo or _("vault stock"))

    return run_atomic(work)
