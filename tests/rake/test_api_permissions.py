"""Control 21: every fee endpoint × every role, allowed or refused; lists leak nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.roles import Role
from rake import urls_api
from rake.models import FeePolicyVersion, TimeCharge
from rake.services import fee_policy_set, time_charges_create
from tables.models import Game, SeatSession, Table
from tests.cashier.conftest import key
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FM: str = Role.FLOOR_MANAGER
CASHIER: str = Role.CASHIER
ACCOUNTANT: str = Role.ACCOUNTANT
ADMIN: str = Role.ADMIN
ROLES = [FM, "the table's dealer", CASHIER, ACCOUNTANT, ADMIN, "outsider", "anonymous"]
# An admin is refused like an outsider: admins manage users, roles and settings (fee policies
# in the admin site), not the floor's API.
READERS = {FM, "the table's dealer", ACCOUNTANT}
MARKERS = {FM, "the table's dealer"}
SETTERS = {FM}

# url name -> (method, allowed roles, success status)
MATRIX: dict[str, tuple[str, set[str], int]] = {
    "fee_policy_list": ("get", READERS, 200),
    "fee_policy_detail": ("get", READERS, 200),
    "fee_policy_in_force": ("get", READERS, 200),
    "fee_policy_set": ("post", SETTERS, 201),
    "time_charge_list": ("get", READERS, 200),
    "time_charges_create": ("post", SETTERS, 200),
    "time_charge_collect": ("post", MARKERS, 200),
    "time_charge_not_collected": ("post", MARKERS, 200),
}


def test_every_fee_endpoint_is_in_the_matrix() -> None:
    from tests.rake.test_money_permissions_matrix import MONEY_MATRIX

    assert {p.name for p in urls_api.urlpatterns} == set(MATRIX) | set(MONEY_MATRIX)


@pytest.fixture
def world(
    floor_manager: User,
    open_table: Callable[..., Table],
    club_poker: Game,
    seat: Callable[..., SeatSession],
    past_version: Callable[..., FeePolicyVersion],
) -> dict[str, Any]:
    table = open_table(club_poker)
    version = past_version(table=table, effective_from=timezone.now() - timedelta(hours=2), amount_per_hour=2000)
    seat(table, since=timezone.now() - timedelta(minutes=5))
    time_charges_create(actor=floor_manager)
    dealer = table.dealer_assignments.get(ended_at__isnull=True).dealer
    return {"table": table, "version": version, "charge": TimeCharge.objects.get(), "dealer": dealer}


def _user(role: str, world: dict[str, Any]) -> User | None:
    if role == "anonymous":
        return None
    if role == "the table's dealer":
        return world["dealer"]  # type: ignore[no-any-return]
    if role == "outsider":
        return UserFactory()  # type: ignore[no-any-return]
    return UserFactory(roles=[role], is_staff=role == ADMIN)  # type: ignore[no-any-return]


def _call(client: APIClient, name: str, world: dict[str, Any]) -> Any:
    table, charge = world["table"], world["charge"]
    if name == "fee_policy_detail":
        return client.get(reverse("api:fee_policy_detail", args=[world["version"].pk]))
    if name == "fee_policy_in_force":
        return client.get(reverse("api:fee_policy_in_force"), {"table_id": table.pk})
    if name == "fee_policy_set":
        body = {"table_id": table.pk, "kind": "hourly", "amount_per_hour": "3000", "reason": "raise"}
        return client.post(reverse("api:fee_policy_set"), body, format="json")
    if name in ("time_charge_collect", "time_charge_not_collected"):
        url = reverse(f"api:{name}", args=[charge.pk])
        return client.post(url, {"reason": "left"}, format="json", HTTP_IDEMPOTENCY_KEY=key())
    method = MATRIX[name][0]
    return getattr(client, method)(reverse(f"api:{name}"))


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", list(MATRIX))
def test_role_matrix(name: str, role: str, world: dict[str, Any], api_for: Callable[[User | None], APIClient]) -> None:
    _method, allowed, success = MATRIX[name]
    response = _call(api_for(_user(role, world)), name, world)
    if role in allowed:
        assert response.status_code == success, (name, role, response.content)
    elif role == "anonymous":
        assert response.status_code in (401, 403), (name, role)
    else:
        assert response.status_code == 403, (name, role, response.content)
        assert "error" in response.json()


def test_a_dealer_lists_only_the_charges_of_the_table_they_deal(
    world: dict[str, Any],
    open_table: Callable[..., Table],
    club_poker: Game,
    seat: Callable[..., SeatSession],
    past_version: Callable[..., FeePolicyVersion],
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
) -> None:
    other = open_table(club_poker)
    past_version(table=other, effective_from=timezone.now() - timedelta(hours=2), amount_per_hour=2000)
    seat(other, since=timezone.now() - timedelta(minutes=5))
    time_charges_create(actor=floor_manager)
    assert TimeCharge.objects.count() == 2
    rows = api_for(world["dealer"]).get(reverse("api:time_charge_list")).json()["results"]
    assert [r["table"] for r in rows] == [world["table"].pk]
    rows = api_for(world["dealer"]).get(reverse("api:time_charge_list"), {"table_id": other.pk}).json()["results"]
    assert rows == []
    rows = api_for(floor_manager).get(reverse("api:time_charge_list")).json()["results"]
    assert len(rows) == 2


def test_a_dealer_may_not_mark_a_charge_of_another_table(
    world: dict[str, Any],
    open_table: Callable[..., Table],
    club_poker: Game,
    api_for: Callable[[User | None], APIClient],
) -> None:
    other_dealer = open_table(club_poker).dealer_assignments.get(ended_at__isnull=True).dealer
    url = reverse("api:time_charge_collect", args=[world["charge"].pk])
    assert api_for(other_dealer).post(url, HTTP_IDEMPOTENCY_KEY=key()).status_code == 404
    world["charge"].refresh_from_db()
    assert world["charge"].status == "due"


def test_list_queries_do_not_grow_with_rows(
    world: dict[str, Any],
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
    django_assert_max_num_queries: Any,
) -> None:
    client = api_for(floor_manager)
    fee_policy_set(
        actor=floor_manager, game_id=world["table"].game_id, kind="percentage", rate=Decimal("0.05"), reason="d"
    )
    with django_assert_max_num_queries(6):
        client.get(reverse("api:time_charge_list"))
    with django_assert_max_num_queries(6):
        client.get(reverse("api:fee_policy_list"))
