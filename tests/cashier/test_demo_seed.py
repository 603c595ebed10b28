"""seed_demo's cashier part: chips, a stocked vault, an open drawer with sales; idempotent."""

from __future__ import annotations

import pytest

from cashier import demo
from cashier.models import ChipTransaction, DrawerShift
from config.roles import Role
from ledger.models import Denomination
from tests.cashier.conftest import assert_ledger_ok
from tests.factories import UserFactory, home_room

pytestmark = pytest.mark.django_db


def test_seed_is_idempotent(room_admin):
    UserFactory(username="cashier", roles=[Role.CASHIER])
    first = demo.seed(actor=room_admin)
    assert f"vault of {home_room().code} stocked" in first
    assert [d.value for d in Denomination.objects.all()] == [100, 500, 1_000, 5_000, 10_000, 25_000, 100_000]
    assert DrawerShift.objects.filter(cashier__username="cashier", status="open").count() == 1
    assert ChipTransaction.objects.count() == len(demo.YEREVAN.sales)
    assert demo.seed(actor=room_admin) == []
    assert ChipTransaction.objects.count() == len(demo.YEREVAN.sales)
    assert_ledger_ok()
