"""The fee settings take money only in its grammar (``config.money``): the API answers 400, the page
a form error, and nothing is stored."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from rake.models import DropCount, FeePolicyVersion
from rake.services import drop_count_start
from rake.views.forms import FeePolicyAdminForm, WholeUnitsField
from tables.models import Game, Table

pytestmark = pytest.mark.django_db
HOSTILE = ["1e999999", "1e3", "1_000", "１０００", "9" * 5000]


@pytest.mark.parametrize("amount", HOSTILE, ids=lambda v: v[:12])
def test_the_api_refuses_an_hourly_amount_outside_the_grammar(
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
    open_table: Callable[..., Table],
    holdem_ring: Game,
    amount: str,
) -> None:
    body = {"table_id": open_table(holdem_ring).pk, "reason": "r", "kind": "hourly", "amount_per_hour": amount}
    response = api_for(floor_manager).post(reverse("api:fee_policy_set"), body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "bad_money"  # as every money field of the API (config.api)
    assert not FeePolicyVersion.objects.exists()


@pytest.mark.parametrize("field", ["cap_per_hand", "min_pot", "caps_by_players"])
@pytest.mark.parametrize("amount", ["1e3", "1_000", "１０００"])
def test_the_page_shows_a_form_error_for_an_amount_outside_the_grammar(
    floor_manager: User,
    page_client_for: Callable[[User], Client],
    open_table: Callable[..., Table],
    holdem_ring: Game,
    field: str,
    amount: str,
) -> None:
    form = {"kind": "percentage", "percent": "5.00", "no_flop_no_drop": "on", "reason": "open"}
    form[field] = f"6={amount}" if field == "caps_by_players" else amount
    response = page_client_for(floor_manager).post(
        reverse("rake:table_fee_policy", args=[open_table(holdem_ring).pk]), form
    )
    assert response.status_code == 400  # the form page with its errors
    assert "is not an amount" in response.content.decode()
    assert not FeePolicyVersion.objects.exists()


@pytest.mark.parametrize("typed", ["1_000", "１０００", "1e3", "9" * 5000, "-5"])
def test_the_admin_fee_form_takes_whole_units_in_the_rooms_digits_only(typed) -> None:
    form = FeePolicyAdminForm(data={"kind": "percentage", "percent": "5", "cap_per_hand": typed})
    assert not form.is_valid()
    assert "cap_per_hand" in form.errors


def test_the_admin_fee_form_reads_plain_digits() -> None:
    assert WholeUnitsField().clean("1000") == 1000


@pytest.mark.parametrize("typed", ["1_0", "１", "-5", "9" * 5000])
def test_the_drop_count_page_refuses_a_table_outside_the_grammar_and_starts_nothing(
    page_client_for, floor_manager, typed
) -> None:
    response = page_client_for(floor_manager).post(reverse("rake:drop_count_start"), {"table_id": typed})
    assert response.status_code == 302 and response.url == reverse("rake:drop_counts")
    assert not DropCount.objects.exists()


@pytest.mark.parametrize("typed", ["1_0", "１", "-5", "9" * 5000])
def test_the_drop_tally_page_refuses_a_count_outside_the_grammar_and_records_nothing(
    page_client_for, floor_manager, open_table, holdem_ring, chips_in_play, typed
) -> None:
    count = drop_count_start(actor=floor_manager, table_id=open_table(holdem_ring).pk)
    denomination = next(iter(chips_in_play.values()))
    url = reverse("rake:drop_count_tally", args=[count.pk])
    response = page_client_for(floor_manager).post(url, {f"chip-{denomination}": typed})
    assert response.status_code == 302
    assert not count.tallies.exists()
