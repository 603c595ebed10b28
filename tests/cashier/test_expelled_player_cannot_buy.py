"""An expelled player is refused at the cage, with an error naming the expulsion (controls F26)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from cashier.models import ChipTransaction
from cashier.services.sales import chip_sale_create
from config.errors import DomainError
from ledger.models import JournalEntry
from tables.models import Expulsion
from tests.cashier.conftest import assert_ledger_ok, by_value, key
from tests.factories import home_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def expelled(player, floor_manager):
    now = timezone.now()
    return Expulsion.objects.create(
        player=player,
        room=home_room(),
        rule="showed cards to another player",
        reason="warned twice",
        duration="until",
        starts_at=now - timedelta(hours=1),
        until=now + timedelta(days=7),
        created_at=now,
        created_by=floor_manager,
    )


def test_the_service_refuses_and_names_the_expulsion(shift, cashier, player, expelled):
    entries = JournalEntry.objects.count()
    with pytest.raises(DomainError) as refused:
        chip_sale_create(actor=cashier, amount=5_000, method="cash", chips=by_value({5_000: 1}), player_id=player.pk)
    assert refused.value.code == "player_expelled"
    assert "showed cards" in refused.value.message
    assert refused.value.details["expulsion_id"] == expelled.pk
    assert JournalEntry.objects.count() == entries
    assert_ledger_ok()


def test_the_api_refuses_with_the_expulsion_in_the_error(shift, cashier, player, expelled, api_for):
    chips = [{"denomination": d, "count": n} for d, n in by_value({5_000: 1}).items()]
    response = api_for(cashier).post(
        "/api/v1/cashier/sales/create/",
        {"amount": "5000", "method": "cash", "player": player.pk, "chips": chips},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key(),
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "player_expelled"
    assert error["details"]["until"]
    assert not ChipTransaction.objects.exists()


def test_a_lifted_expulsion_no_longer_refuses(shift, cashier, player, expelled, floor_manager):
    Expulsion.objects.filter(pk=expelled.pk).update(
        lifted_at=timezone.now(), lifted_by=floor_manager, lift_reason="appeal granted"
    )
    txn = chip_sale_create(actor=cashier, amount=5_000, method="cash", chips=by_value({5_000: 1}), player_id=player.pk)
    assert txn.player_id == player.pk
