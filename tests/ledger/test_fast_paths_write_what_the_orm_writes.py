"""The ledger's fast paths write what their ORM twins write.

The entry insert (``ledger.services.entry_sql``, twin: ``posting.entry_insert``) and the balance
update (``ledger.services.balance_sql``, twin: ``balances.balances_apply``), run on one PostgreSQL
database over the same postings with ``CARDROOM_FAST_PATHS`` on and off, leave every column of
the journal entries, their legs and the balance rows the same (``tests.fast_paths``: only the
time stamps are set aside): plain postings, a fee made up with change from the tray,
a reversal, and a refusal that must leave nothing behind.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from config.errors import DomainError
from ledger.models import AccountKind, Denomination, JournalEntry, Leg, Reason
from ledger.services import balances, posting
from ledger.services.accounts import singleton_accounts, table_account
from ledger.services.fees import fee_to_drop_box
from ledger.services.posting import cash_legs, chip_legs, post_entry
from ledger.services.reversals import entry_reverse
from tables.models import Table
from tests.cashier.conftest import assert_ledger_ok
from tests.factories import home_room
from tests.fast_paths import written_both_ways

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _forget() -> None:
    """The per-process memory a rolled-back run must not hand to the next (balance rows, chip values)."""
    balances._ROWS.clear()
    posting._VALUES.clear()


def test_postings_write_the_same_entries_legs_and_balances_both_ways(
    on_postgres: None, room_admin: User, dealer: User, vault: JournalEntry, chips: dict[int, Denomination], table: Table
) -> None:
    chip = {value: d.pk for value, d in chips.items()}

    def work() -> None:
        ids = singleton_accounts(
            AccountKind.VAULT, AccountKind.OUTSTANDING, AccountKind.CASH_EXTERNAL, room_id=home_room().pk
        )
        vault_id, tray = ids[AccountKind.VAULT], table_account(table_id=table.pk, kind=AccountKind.TRAY)
        players, outside = ids[AccountKind.OUTSTANDING], ids[AccountKind.CASH_EXTERNAL]
        post_entry(
            actor=room_admin,
            reason=Reason.FILL,
            legs=chip_legs(source=vault_id, target=tray, amounts={chip[100]: 2_000, chip[500]: 5_000}),
            memo="fill",
            room=home_room(),
        )
        post_entry(
            actor=room_admin,
            reason=Reason.SALE,
            legs=[
                *chip_legs(source=vault_id, target=players, amounts={chip[1_000]: 3_000}),
                *cash_legs(source=outside, target=vault_id, amount=3_000),
            ],
            ref="sale:test",
            room=home_room(),
        )
        # 700 from the players' 1,000 chips: made up with change from the tray, in one entry.
        fee = fee_to_drop_box(
            actor=dealer, table_id=table.pk, amount=700, ref="hand:test", change_from_tray=True, room=home_room()
        )
        entry_reverse(actor=room_admin, original=fee, memo="hand voided")
        with pytest.raises(DomainError) as refused:
            post_entry(
                actor=room_admin,
                reason=Reason.CREDIT,
                legs=chip_legs(source=tray, target=vault_id, amounts={chip[25_000]: 25_000}),
                room=home_room(),
            )
        assert refused.value.code == "insufficient_balance"

    both = written_both_ways(work, reset=_forget)
    assert both.differences() == []
    entries = both.new_rows(JournalEntry._meta.db_table)
    assert [(e["reason"], e["ref"]) for e in entries] == [
        (Reason.FILL, ""),
        (Reason.SALE, "sale:test"),
        (Reason.FEE, "hand:test"),
        (Reason.REVERSAL, ""),
    ]
    # The fee with change: a 1,000 chip players -> tray, 2 x 100 + 500 tray -> drop box, 3 x 100 back
    # (each move's legs in the order of the chips' ids).
    legs = [leg for leg in both.new_rows(Leg._meta.db_table) if leg["entry_id"] == entries[2]["id"]]
    assert [leg["amount"] for leg in legs] == [-1_000, 1_000, -200, 200, -500, 500, -300, 300]
    assert_ledger_ok()
