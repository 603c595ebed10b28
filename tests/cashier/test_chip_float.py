"""A room's chip float (``games.selectors.chip_float``, ``manage.py chip_float``): the chips the cage issued
and did not redeem are in the cage, the trays, the drop boxes, the stacks at the tables or the players' hands;
chips at a table that no sale backs are the float's difference, with the seats that hold them."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cashier.services.sales import chip_redemption_create, chip_sale_create
from config.roles import Role
from games.selectors.chip_float import chip_float
from games.services import scenarios
from tables.models import Ring
from tests.cashier.conftest import by_value, room_chips_stocked
from tests.conftest import nl_holdem
from tests.factories import UserFactory, home_room


def float_json(*args: str) -> tuple[list[dict[str, Any]], int]:
    out = StringIO()
    try:
        call_command("chip_float", "--json", *args, stdout=out)
    except CommandError as exc:
        return json.loads(out.getvalue()), exc.returncode
    return json.loads(out.getvalue()), 0


def test_chips_sold_and_taken_to_a_table_balance(shift, cashier, holdem, open_table, seat) -> None:
    chip_sale_create(actor=cashier, amount=60_000, method="cash", chips=by_value({25_000: 2, 10_000: 1}))
    seat(open_table(holdem), stack=50_000)
    chips = chip_float(room=home_room())
    assert (chips.with_players, chips.at_tables, chips.away_from_tables) == (60_000, 50_000, 10_000)
    assert chips.bought_in_today == 50_000
    assert chips.balanced and chips.difference == 0
    (shown,), status = float_json()
    assert status == 0
    assert shown["room"] == home_room().code and shown["balanced"] is True
    assert shown["components"]["at_tables"] == 50_000 and shown["components"]["away_from_tables"] == 10_000
    assert shown["issued"] == sum(shown["components"].values())


def test_a_buy_in_no_sale_backs_is_the_difference_and_the_command_fails(
    shift, cashier, holdem, open_table, seat
) -> None:
    chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    table = open_table(holdem)
    seat(table, number=3, stack=50_000)
    chips = chip_float(room=home_room())
    assert chips.difference == -40_000 and not chips.balanced
    assert [(s.table_number, s.seat_number, s.stack) for s in chips.seats] == [(table.number, 3, 50_000)]
    (shown,), status = float_json("--room", home_room().code)
    assert status == 1 and shown["difference"] == -40_000
    assert shown["seats"][0]["seat"] == 3


def test_chips_redeemed_leave_the_float(shift, cashier) -> None:
    chip_sale_create(actor=cashier, amount=35_000, method="cash", chips=by_value({25_000: 1, 10_000: 1}))
    before = chip_float(room=home_room())
    chip_redemption_create(actor=cashier, chips=by_value({25_000: 1}))
    after = chip_float(room=home_room())
    assert (before.with_players - after.with_players, after.away_from_tables) == (25_000, 10_000)
    assert after.issued == before.issued and after.balanced


def test_a_rooms_float_holds_only_its_own_stacks(shift, cashier, holdem, open_table, seat, vilnius) -> None:
    chip_sale_create(actor=cashier, amount=50_000, method="cash", chips=by_value({25_000: 2}))
    seat(open_table(holdem), stack=50_000)
    room_chips_stocked(vilnius)
    manager = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[vilnius])
    game = nl_holdem(manager, name="Hold'em €5/€10", ring=Ring.FULL_RING, room=vilnius)
    table = scenarios.open_table_with_dealer(
        actor=manager, room=vilnius, game=game, dealer=UserFactory(roles=[Role.DEALER], rooms=[vilnius]), number=1
    )
    scenarios.seat_player(actor=manager, table=table, first_name="Ona", last_name="Kaz", seat=1, stack=40_000)
    assert chip_float(room=home_room()).balanced
    lt = chip_float(room=vilnius)
    assert (lt.at_tables, lt.difference) == (40_000, -40_000)
    shown, status = float_json()
    assert status == 1 and [f["room"] for f in shown] == [home_room().code, vilnius.code]


def test_an_unknown_room_is_a_usage_error(db) -> None:
    with pytest.raises(CommandError) as refused:
        call_command("chip_float", "--room", "nowhere", stdout=StringIO())
    assert refused.value.returncode == 2


def test_the_accountant_reads_the_float_on_a_page_as_the_command_prints_it(
    shift, cashier, accountant, dealer, holdem, open_table, seat, client_for
) -> None:
    chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    table = open_table(holdem)
    seat(table, number=2, stack=50_000)
    page = client_for(accountant).get("/hands/chip-float/")
    assert page.status_code == 200
    html = page.content.decode()
    (shown,), _status = float_json()
    for part, amount in (("at_tables", "50,000"), ("away", "0"), ("difference", "−40,000")):
        assert f'data-part="{part}">{amount}<' in html, part
    assert shown["components"]["at_tables"] == 50_000 and shown["difference"] == -40_000
    assert "does not balance" in html and f">{table.number}</a>" in html
    assert client_for(dealer).get("/hands/chip-float/").status_code == 403
