"""The hand record refuses out-of-range input with a 4xx: ids beyond bigint, far dates, pots outside
the grammar. The raw SQL read of a table (PostgreSQL) meets the same ids as the ORM read."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import NotFound
from games import services as hands
from games.models import Hand, PhhExport
from tests.games.helpers import ev

BEYOND_BIGINT = 2**63
FAR_DAYS = [
    {"day_to": "9999-12-31"},
    {"day_from": "9999-12-31", "day_to": "9999-12-31"},
    {"day_to": "0001-01-01"},
    {"day_from": "0001-01-01"},
]


def test_hand_start_with_a_table_beyond_bigint_is_400(api_for, dealer, holdem_table):
    response = api_for(dealer).post(reverse("api:games-hand-start"), {"table_id": BEYOND_BIGINT}, format="json")
    assert response.status_code == 400, response.content
    assert "table_id" in response.json()["error"]["message"]


def test_whole_hand_recording_with_a_table_beyond_bigint_is_400(api_for, dealer, holdem_table):
    body = {"table_id": BEYOND_BIGINT, "client_hand_id": "h-1", "events": [ev("deal")]}
    response = api_for(dealer).post(reverse("api:games-hand-record"), body, format="json")
    assert response.status_code == 400, response.content
    assert not Hand.objects.exists()


@pytest.mark.parametrize("table_id", [BEYOND_BIGINT, 10**30])
def test_the_services_answer_not_found_for_a_table_beyond_bigint(dealer, holdem_table, table_id):
    """On PostgreSQL this is the raw SQL read (``games.services.table_state``), which casts to bigint."""
    with pytest.raises(NotFound):
        hands.hand_start(actor=dealer, table_id=table_id)
    with pytest.raises(NotFound):
        hands.hand_record_whole(actor=dealer, table_id=table_id, events=[ev("deal")], client_hand_id="h-1")
    assert not Hand.objects.exists()


def test_a_table_beyond_bigint_in_a_url_is_404(api_for, page_client_for, floor_manager, dealer, holdem_table):
    current = api_for(floor_manager).get(reverse("api:games-table-current", args=[BEYOND_BIGINT]))
    assert current.status_code == 404, current.content
    assert page_client_for(dealer).get(reverse("games:dealer", args=[BEYOND_BIGINT])).status_code == 404


@pytest.mark.parametrize("days", FAR_DAYS)
def test_dealer_stats_api_refuses_a_far_day_with_400(api_for, accountant, days):
    response = api_for(accountant).get(reverse("api:games-dealer-stats"), days)
    assert response.status_code == 400, response.content
    assert "gaming day" in response.json()["error"]["message"]


@pytest.mark.parametrize("days", FAR_DAYS)
def test_dealer_stats_page_refuses_a_far_day_with_a_message(page_client_for, accountant, days):
    response = page_client_for(accountant).get(reverse("games:stats"), days)
    assert response.status_code == 400
    assert b"gaming day" in response.content


@pytest.mark.parametrize("pot", ["１０００", "1_000", "1e3", "9" * 5000, str(BEYOND_BIGINT)], ids=lambda v: v[:12])
def test_a_pot_filter_outside_the_grammar_is_refused(api_for, page_client_for, floor_manager, pot):
    response = api_for(floor_manager).get(reverse("api:games-hand-list"), {"min_pot": pot})
    assert response.status_code == 400, response.content
    page = page_client_for(floor_manager).get(reverse("games:hand_list"), {"max_pot": pot})
    assert page.status_code == 200 and b"Filters ignored" in page.content


def test_an_export_with_a_mistyped_filter_exports_nothing(page_client_for, floor_manager, holdem_table):
    """A filter the grammar refuses must not widen the export to every hand."""
    response = page_client_for(floor_manager).post(
        reverse("games:export_start"), {"min_pot": "abc", "table_id": str(holdem_table.pk)}
    )
    assert response.status_code == 200 and "Nothing was exported" in response.content.decode()
    assert not PhhExport.objects.exists()


@pytest.mark.parametrize("typed", ["1_0", "１", str(BEYOND_BIGINT), "9" * 5000])
def test_the_import_page_refuses_a_table_outside_the_grammar(page_client_for, floor_manager, typed):
    response = page_client_for(floor_manager).post(reverse("games:import"), {"table_id": typed, "text": ""})
    assert response.status_code == 200 and "Choose a table." in response.content.decode()
