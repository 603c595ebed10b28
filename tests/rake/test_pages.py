"""The fee pages: history and the form to set a version; time charges with htmx buttons."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from rake.models import FeePolicyVersion, TimeCharge, TimeChargeStatus
from rake.services import fee_policy_set, time_charges_create
from tables.models import Game, SeatSession, Table

pytestmark = pytest.mark.django_db


def test_the_floor_manager_sets_a_version_on_the_page(
    floor_manager: User,
    client_for: Callable[[User | None], Client],
    open_table: Callable[..., Table],
    holdem_ring: Game,
) -> None:
    table = open_table(holdem_ring)
    client = client_for(floor_manager)
    url = reverse("rake:table_fee_policy", args=[table.pk])
    form_page = client.get(url)
    assert form_page.status_code == 200 and 'id="fee-policy-form"' in form_page.content.decode()
    response = client.post(
        url,
        {"kind": "percentage", "percent": "5.00", "cap_per_hand": "2000", "no_flop_no_drop": "on", "reason": "open"},
    )
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "5% of each pot, up to 2,000 AMD, no flop, no drop" in page


def test_the_page_refuses_five_point_zero_one(
    floor_manager: User,
    client_for: Callable[[User | None], Client],
    open_table: Callable[..., Table],
    holdem_ring: Game,
) -> None:
    table = open_table(holdem_ring)
    response = client_for(floor_manager).post(
        reverse("rake:table_fee_policy", args=[table.pk]), {"kind": "percentage", "percent": "5.01", "reason": "x"}
    )
    assert response.status_code == 400
    assert "above the 5% the regulation allows" in response.content.decode()
    assert not FeePolicyVersion.objects.exists()


def test_an_accountant_reads_the_history_without_a_form(
    floor_manager: User,
    accountant: User,
    client_for: Callable[[User | None], Client],
    open_table: Callable[..., Table],
    holdem_ring: Game,
) -> None:
    fee_policy_set(actor=floor_manager, game_id=holdem_ring.pk, kind="percentage", rate=Decimal("0.05"), reason="d")
    client = client_for(accountant)
    page = client.get(reverse("rake:game_fee_policy", args=[holdem_ring.pk])).content.decode()
    assert "5% of each pot, no flop, no drop" in page and "fee-policy-form" not in page
    assert client.get(reverse("rake:fee_policies")).status_code == 200
    response = client.post(reverse("rake:game_fee_policy", args=[holdem_ring.pk]), {"kind": "percentage"})
    assert response.status_code == 403


@pytest.mark.parametrize("persona", ["dealer", "cashier", "outsider"])
def test_others_may_not_see_the_policy_pages(
    persona: str, request: pytest.FixtureRequest, client_for: Callable[[User | None], Client]
) -> None:
    user = request.getfixturevalue(persona)
    assert client_for(user).get(reverse("rake:fee_policies")).status_code == 403


@pytest.fixture
def charged_table(
    floor_manager: User,
    open_table: Callable[..., Table],
    club_poker: Game,
    seat: Callable[..., SeatSession],
    past_version: Callable[..., FeePolicyVersion],
) -> Callable[[int], Table]:
    """A Club Poker table charging 2,000 an hour, with ``players`` seated for a few minutes and charged."""

    def make(players: int) -> Table:
        table = open_table(club_poker)
        past_version(table=table, effective_from=timezone.now() - timedelta(hours=1), amount_per_hour=2000)
        for minutes in range(players):
            seat(table, since=timezone.now() - timedelta(minutes=3 - minutes))
        time_charges_create(actor=floor_manager)
        return table

    return make


def test_the_dealer_collects_with_htmx(
    client_for: Callable[[User | None], Client], charged_table: Callable[[int], Table]
) -> None:
    table = charged_table(2)
    first, second = TimeCharge.objects.order_by("pk")
    dealer = table.dealer_assignments.get(ended_at__isnull=True).dealer
    client = client_for(dealer)
    page = client.get(reverse("rake:table_time_charges", args=[table.pk])).content.decode()
    assert f'id="charge-{first.pk}"' in page and "2,000" in page
    row = client.post(reverse("rake:time_charge_collect", args=[first.pk]), HTTP_HX_REQUEST="true")
    assert row.status_code == 200
    assert row.content.decode().strip().startswith(f'<tr id="charge-{first.pk}"')
    missing = client.post(reverse("rake:time_charge_not_collected", args=[second.pk]), HTTP_HX_REQUEST="true")
    assert missing.status_code == 400 and "reason is required" in missing.content.decode()
    done = client.post(reverse("rake:time_charge_not_collected", args=[second.pk]), {"reason": "left"})
    assert done.status_code == 302
    assert list(TimeCharge.objects.order_by("pk").values_list("status", flat=True)) == [
        TimeChargeStatus.COLLECTED,
        TimeChargeStatus.NOT_COLLECTED,
    ]


def test_a_dealer_of_another_table_is_refused_the_time_charges_page(
    client_for: Callable[[User | None], Client], open_table: Callable[..., Table], club_poker: Game
) -> None:
    table, other = open_table(club_poker), open_table(club_poker)
    other_dealer = other.dealer_assignments.get(ended_at__isnull=True).dealer
    assert client_for(other_dealer).get(reverse("rake:table_time_charges", args=[table.pk])).status_code == 403


def test_the_accountant_reads_the_time_charges_and_marks_none(
    accountant: User, client_for: Callable[[User | None], Client], charged_table: Callable[[int], Table]
) -> None:
    table = charged_table(1)
    charge = TimeCharge.objects.get()
    client = client_for(accountant)
    page = client.get(reverse("rake:table_time_charges", args=[table.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'id="charge-{charge.pk}"' in html and "2,000" in html
    assert reverse("rake:time_charge_collect", args=[charge.pk]) not in html
    assert client.post(reverse("rake:time_charge_collect", args=[charge.pk])).status_code == 403
    assert TimeCharge.objects.get().status == TimeChargeStatus.DUE


def test_the_admin_opens_a_recorded_fee_version_read_only(
    admin_user: User,
    client_for: Callable[[User | None], Client],
    past_version: Callable[..., FeePolicyVersion],
    holdem_ring: Game,
) -> None:
    version = past_version(game=holdem_ring, effective_from=timezone.now() - timedelta(hours=1))
    page = client_for(admin_user).get(reverse("admin:rake_feepolicyversion_change", args=[version.pk]))
    assert page.status_code == 200
    assert version.reason in page.content.decode()
