"""Sales and redemptions write the same rows with the PostgreSQL fast paths as with their ORM twins.

The receipt's own insert (``cashier.services.sales``: one prepared statement or ``save``), the places
read with the receipt number (``cashier.services.drawers``: in the same statement or after it) and the
ledger's own fast paths under them, run on one PostgreSQL database over the same receipts, leave every
table the same: receipts, entries, legs, balances, the shift's receipt counter, history and outbox
rows, every column (``tests.fast_paths`` says what is set aside: new rows' ids and the time stamps).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from cashier.models import DrawerShift
from cashier.services.sales import chip_redemption_create, chip_sale_create
from tables.models import Player
from tests.cashier.conftest import assert_ledger_ok, by_value
from tests.fast_paths import written_both_ways

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_receipts_write_the_same_rows_both_ways(
    on_postgres: None, cashier: User, shift: DrawerShift, player: Player
) -> None:
    def work() -> None:
        chip_sale_create(actor=cashier, amount=6_000, method="cash", chips=by_value({5_000: 1, 1_000: 1}))
        chip_sale_create(
            actor=cashier, amount=25_500, method="card", chips=by_value({25_000: 1, 500: 1}), player_id=player.pk
        )
        chip_sale_create(
            actor=cashier, amount=100_000, method="cash", chips=by_value({100_000: 1}), player_id=player.pk
        )
        chip_redemption_create(actor=cashier, chips=by_value({5_000: 1, 500: 1}), player_id=player.pk)
        chip_redemption_create(actor=cashier, chips=by_value({1_000: 1}), amount=1_000)

    both = written_both_ways(work)
    assert both.differences() == []
    receipts = both.new_rows("cashier_chiptransaction")
    assert [(r["kind"], r["method"], r["amount"]) for r in receipts] == [
        ("sale", "cash", 6_000),
        ("sale", "card", 25_500),
        ("sale", "cash", 100_000),
        ("redemption", "cash", 5_500),
        ("redemption", "cash", 1_000),
    ]
    assert all(r["gaming_day"] and r["entry_id"] and r["created_by_id"] == cashier.pk for r in receipts)
    assert_ledger_ok()
