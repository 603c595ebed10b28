"""A closed shift's report keeps its opening column and a row for every chip, counted zero or not:
opening, movements, expected, counted and difference."""

from __future__ import annotations

import re
import uuid
from html import unescape

import pytest
from django.urls import reverse

from cashier.services.sales import chip_sale_create
from ledger.models import Denomination
from tests.cashier.conftest import assert_ledger_ok, by_value

pytestmark = pytest.mark.django_db


def _rows(html: str) -> list[list[str]]:
    table = re.search(r'data-testid="count-table".*?</table>', html, re.S)
    assert table
    rows = re.findall(r'<tr data-testid="count-row">(.*?)</tr>', table.group(0), re.S)
    return [
        [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)] for r in rows
    ]


def test_a_closed_report_lists_every_chip_with_its_opening(cashier, open_shift, client_for, chips):
    shift = open_shift(cashier, cash=50_000, chips={1_000: 10})  # only one chip in the opening bank
    chip_sale_create(actor=cashier, amount=2_000, method="cash", chips=by_value({1_000: 2}))
    client = client_for(cashier)
    form = {"idempotency_key": str(uuid.uuid4()), "cash": "52000"} | {f"chip-{d}": "8" for d in by_value({1_000: 1})}
    client.post(reverse("cashier:shift_close", args=[shift.pk]), form)
    html = client.get(reverse("cashier:shift_report", args=[shift.pk])).content.decode()

    header = re.search(r'data-testid="count-table".*?</thead>', html, re.S)
    assert header
    for name in ("Opening", "Movements", "Expected", "Counted", "Difference"):
        assert f">{name}<" in header.group(0)
    rows = _rows(html)
    labels = [r[0] for r in rows]
    active = [d.label for d in Denomination.objects.filter(active=True).order_by("-value")]
    assert labels == [*active, "Cash"]  # every chip, zero or not, and the cash
    by_label = {r[0]: r for r in rows}
    #            chip     opening   movements  expected  chips  counted   difference
    assert by_label["1000"] == ["1000", "10,000", "−2,000", "8,000", "8", "8,000", "0"]
    assert by_label["100000"] == ["100000", "0", "0", "0", "0", "0", "0"]
    assert by_label["Cash"] == ["Cash", "50,000", "+2,000", "52,000", "", "52,000", "0"]
    assert_ledger_ok()


def test_the_report_reads_in_a_fixed_number_of_queries(cashier, open_shift, client_for, django_assert_max_num_queries):
    shift = open_shift(cashier)
    client = client_for(cashier)
    url = reverse("cashier:shift_report", args=[shift.pk])
    client.get(url)
    with django_assert_max_num_queries(16):
        assert client.get(url).status_code == 200
