"""The reversing entry: the legs of an entry posted again with their signs turned, linked to it.

Who may ask for a reversal and who approves it is the workflow of the app that owns the record
(the cage's two-person requests in ``cashier.services.reversals``, a fee's in
``games.services.hand_fees``); the entry itself is the ledger's, and an entry is reversed once
(``reverses`` is one-to-one; a second attempt is refused with ``already_reversed``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User

from ledger.models import AccountKind, JournalEntry, Leg, Reason
from ledger.services.posting import LegSpec, post_entry


def entry_reverse(
    *, actor: User, original: JournalEntry, memo: str, instead: Mapping[AccountKind, int] | None = None
) -> JournalEntry:
    """Post the reversal of ``original`` in the caller's transaction, in its room.

    ``instead`` names, by kind, an account that takes the place of the original's accounts of that
    kind (a fee refunded from the table's tray once its drop box was counted).
    """
    swap = instead or {}
    legs = [
        LegSpec(swap.get(AccountKind(kind), account_id), -amount, denomination_id)
        for account_id, kind, denomination_id, amount in Leg.objects.filter(entry=original).values_list(
            "account_id", "account__kind", "denomination_id", "amount"
        )
    ]
    return post_entry(actor=actor, room=original.room, reason=Reason.REVERSAL, legs=legs, memo=memo, reverses=original)
