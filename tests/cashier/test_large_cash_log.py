"""Large-cash log: one player's cash in one gaming day over the threshold, listed and reported."""

from __future__ import annotations

import logging

import pytest

from cashier.selectors.compliance import large_cash_log, large_cash_warning
from cashier.services.reversals import reversal_approve, reversal_request
from cashier.services.sales import chip_redemption_create, chip_sale_create
from config.gaming_day import current_gaming_day
from tests.cashier.conftest import by_value, room_chips_stocked
from tests.factories import UserFactory, home_room, home_room_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def low_threshold():
    home_room_set(large_cash_threshold=30_000)
    return 30_000


def test_cash_in_over_the_threshold_is_listed_card_is_not(shift, cashier, player, low_threshold):
    chip_sale_create(actor=cashier, amount=20_000, method="cash", chips=by_value({10_000: 2}), player_id=player.pk)
    chip_sale_create(actor=cashier, amount=25_000, method="card", chips=by_value({25_000: 1}), player_id=player.pk)
    assert large_cash_log(day=current_gaming_day(), room=home_room()) == []
    chip_sale_create(actor=cashier, amount=15_000, method="cash", chips=by_value({5_000: 3}), player_id=player.pk)
    [row] = large_cash_log(day=current_gaming_day(), room=home_room())
    assert (row.player_id, row.cash_in, row.cash_out, row.transactions) == (player.pk, 35_000, 0, 2)


def test_cash_out_is_summed_separately(shift, cashier, player, low_threshold):
    chip_sale_create(actor=cashier, amount=25_000, method="card", chips=by_value({25_000: 1}), player_id=player.pk)
    chip_sale_create(actor=cashier, amount=10_000, method="card", chips=by_value({10_000: 1}), player_id=player.pk)
    chip_redemption_create(actor=cashier, chips=by_value({25_000: 1, 10_000: 1}), player_id=player.pk)
    [row] = large_cash_log(day=current_gaming_day(), room=home_room())
    assert (row.cash_in, row.cash_out) == (0, 35_000)


def test_reversed_transactions_do_not_count(shift, cashier, player, floor_manager, low_threshold):
    txn = chip_sale_create(
        actor=cashier, amount=35_000, method="cash", chips=by_value({25_000: 1, 10_000: 1}), player_id=player.pk
    )
    asked = reversal_request(actor=cashier, entry_id=txn.entry_id, reason="wrong player")
    reversal_approve(actor=floor_manager, request_id=asked.pk)
    assert large_cash_log(day=current_gaming_day(), room=home_room()) == []


def test_the_live_warning_and_the_compliance_log_line(
    shift, cashier, player, low_threshold, caplog, django_capture_on_commit_callbacks
):
    assert large_cash_warning(player_id=player.pk, kind="sale", amount=31_000, room=home_room()) == (31_000, 30_000)
    assert large_cash_warning(player_id=player.pk, kind="sale", amount=30_000, room=home_room()) is None
    with caplog.at_level(logging.WARNING, logger="cardroom.cashier"), django_capture_on_commit_callbacks(execute=True):
        chip_sale_create(actor=cashier, amount=20_000, method="cash", chips=by_value({10_000: 2}), player_id=player.pk)
        chip_sale_create(actor=cashier, amount=20_000, method="cash", chips=by_value({10_000: 2}), player_id=player.pk)
    assert caplog.text.count("large cash") == 1  # logged once, when the threshold is crossed


def test_the_report_api_is_for_accountants(shift, cashier, player, accountant, api_for, low_threshold):
    chip_sale_create(
        actor=cashier, amount=35_000, method="cash", chips=by_value({25_000: 1, 10_000: 1}), player_id=player.pk
    )
    rows = api_for(accountant).get("/api/v1/cashier/reports/large-cash/").json()
    assert rows[0]["cash_in"] == "35000"
    assert api_for(cashier).get("/api/v1/cashier/reports/large-cash/").status_code == 403


def test_the_log_is_a_rooms_with_its_threshold(shift, cashier, player, vault, low_threshold, accountant, api_for):
    """Cash at another room's cage is in that room's log, under that room's threshold, not in this one's."""
    from cashier.models import Drawer
    from cashier.services.drawers import drawer_shift_open
    from config.roles import Role
    from rooms.services import room_create

    vilnius = room_create(code="vilnius", name="Vilnius", large_cash_threshold=50_000)
    theirs = UserFactory(roles=[Role.CASHIER], rooms=[vilnius])
    room_chips_stocked(vilnius)
    drawer_shift_open(
        actor=theirs,
        drawer_id=Drawer.objects.create(room=vilnius, name="Window 1").pk,
        cash=1_000_000,
        chips=by_value({10_000: 10}, room=vilnius),
    )
    chips = by_value({10_000: 4}, room=vilnius)
    chip_sale_create(actor=theirs, amount=40_000, method="cash", chips=chips, player_id=player.pk)
    assert large_cash_log(day=current_gaming_day(), room=home_room()) == []
    assert large_cash_log(day=current_gaming_day(), room=vilnius) == []  # 40,000 is under Vilnius's 50,000
    chips = by_value({10_000: 2}, room=vilnius)
    chip_sale_create(actor=theirs, amount=20_000, method="cash", chips=chips, player_id=player.pk)
    [row] = large_cash_log(day=current_gaming_day(), room=vilnius)
    assert row.cash_in == 60_000
    assert api_for(accountant).get("/api/v1/cashier/reports/large-cash/").json() == []
    refused = api_for(accountant).get("/api/v1/cashier/reports/large-cash/", {"room": vilnius.pk})
    assert refused.status_code == 403
