"""Control 15: 5.00% is accepted and 5.01% refused at every entry point, down to raw SQL."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.errors import DomainError
from rake.models import FeeKind, FeePolicyVersion
from rake.services import fee_policy_set
from tables.models import Game, Table

pytestmark = pytest.mark.django_db


def _version(actor: User, table: Table, rate: Decimal) -> FeePolicyVersion:
    return FeePolicyVersion(
        table=table,
        kind=FeeKind.PERCENTAGE,
        rate=rate,
        caps_by_players=[],
        min_pot=0,
        no_flop_no_drop=True,
        allocation="main_first",
        effective_from=timezone.now(),
        reason="test",
        created_at=timezone.now(),
        created_by=actor,
    )


@pytest.mark.parametrize("rate", ["0.05", "0.0500", "0.0001"])
def test_model_validation_accepts_up_to_five_percent(
    rate: str, floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    _version(floor_manager, open_table(holdem_ring, open=False), Decimal(rate)).full_clean()


@pytest.mark.parametrize("rate", ["0.0501", "0.06", "1", "0", "-0.01"])
def test_model_validation_refuses_above_five_percent_zero_and_negative(
    rate: str, floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    with pytest.raises(ValidationError) as exc:
        _version(floor_manager, open_table(holdem_ring, open=False), Decimal(rate)).full_clean()
    assert "rate" in exc.value.message_dict


def test_service_accepts_five_percent(floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game) -> None:
    table = open_table(holdem_ring)
    version = fee_policy_set(
        actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.05"), reason="r"
    )
    assert version.percent == Decimal("5.00")


@pytest.mark.parametrize("rate", [Decimal("0.0501"), Decimal("0.1"), Decimal("0"), Decimal("-0.05")])
def test_service_refuses_above_five_percent_zero_and_negative(
    rate: Decimal, floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    with pytest.raises(DomainError) as exc:
        fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=rate, reason="r")
    assert exc.value.code in {"fee_above_regulation_cap", "fee_rate_invalid"}
    assert not FeePolicyVersion.objects.exists()


def test_service_message_names_the_regulation(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    with pytest.raises(DomainError, match=r"5\.01% is above the 5% the regulation allows") as exc:
        fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.0501"), reason="r")
    assert exc.value.code == "fee_above_regulation_cap"


def test_service_refuses_a_float_rate(floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game) -> None:
    table = open_table(holdem_ring)
    with pytest.raises(DomainError, match="must be a Decimal"):
        fee_policy_set(actor=floor_manager, table_id=table.pk, kind="percentage", rate=0.05, reason="r")  # type: ignore[arg-type]


def _api_set(client: APIClient, table: Table, percent: object) -> object:
    return client.post(
        reverse("api:fee_policy_set"),
        {"table_id": table.pk, "kind": "percentage", "percent": percent, "reason": "new rake"},
        format="json",
    )


def test_api_accepts_five_percent(
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
    open_table: Callable[..., Table],
    holdem_ring: Game,
) -> None:
    table = open_table(holdem_ring)
    response = _api_set(api_for(floor_manager), table, "5.00")
    assert response.status_code == 201, response.json()  # type: ignore[attr-defined]
    assert response.json()["percent"] == "5.00"  # type: ignore[attr-defined]
    assert FeePolicyVersion.objects.get().rate == Decimal("0.0500")


@pytest.mark.parametrize("percent", ["5.01", "6", "100", "0", "-1"])
def test_api_refuses_above_five_percent_with_400(
    percent: str,
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
    open_table: Callable[..., Table],
    holdem_ring: Game,
) -> None:
    table = open_table(holdem_ring)
    response = _api_set(api_for(floor_manager), table, percent)
    assert response.status_code == 400  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert body["error"]["message"].startswith("percent: ")
    assert not FeePolicyVersion.objects.exists()


def test_api_message_for_five_point_zero_one_is_clear(
    floor_manager: User,
    api_for: Callable[[User | None], APIClient],
    open_table: Callable[..., Table],
    holdem_ring: Game,
) -> None:
    response = _api_set(api_for(floor_manager), open_table(holdem_ring), "5.01")
    assert "5.01% is above the 5% the regulation allows" in response.json()["error"]["message"]  # type: ignore[attr-defined]


def _admin_post(client: Client, table: Table, percent: str) -> object:
    return client.post(
        reverse("admin:rake_feepolicyversion_add"),
        {"table": table.pk, "kind": "percentage", "percent": percent, "allocation": "main_first", "reason": "admin"},
    )


def test_admin_form_accepts_five_percent(
    admin_user: User, client_for: Callable[[User | None], Client], open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    response = _admin_post(client_for(admin_user), table, "5.00")
    assert response.status_code == 302, response.content.decode()  # type: ignore[attr-defined]
    version = FeePolicyVersion.objects.get()
    assert (version.rate, version.created_by) == (Decimal("0.0500"), admin_user)


def test_admin_form_refuses_five_point_zero_one(
    admin_user: User, client_for: Callable[[User | None], Client], open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    response = _admin_post(client_for(admin_user), table, "5.01")
    assert response.status_code == 200  # the form again, with the error
    assert "above the 5% the regulation allows" in response.content.decode()  # type: ignore[attr-defined]
    assert not FeePolicyVersion.objects.exists()


_INSERT = (
    "INSERT INTO rake_feepolicyversion (created_at, created_by_id, table_id, kind, effective_from, reason, rate,"
    " caps_by_players, min_pot, no_flop_no_drop, allocation, unit)"
    " VALUES (%s, %s, %s, 'percentage', %s, 'raw', {rate}, '[]', 0, %s, 'main_first', '')"
)


def _raw_insert(actor: User, table: Table, rate: str) -> None:
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(_INSERT.format(rate=rate), [now, actor.pk, table.pk, now, True])


def test_raw_sql_insert_of_five_percent_is_stored(
    floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    _raw_insert(floor_manager, open_table(holdem_ring, open=False), "0.05")
    assert FeePolicyVersion.objects.get().rate == Decimal("0.0500")


@pytest.mark.parametrize("rate", ["0.0501", "0.06", "0", "-0.01"])
def test_database_check_refuses_a_raw_sql_insert_above_five_percent(
    rate: str, floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring, open=False)
    with pytest.raises(IntegrityError), transaction.atomic():
        _raw_insert(floor_manager, table, rate)
    assert not FeePolicyVersion.objects.exists()


def test_postgres_refuses_editing_a_version(
    on_postgres: None, floor_manager: User, open_table: Callable[..., Table], holdem_ring: Game
) -> None:
    table = open_table(holdem_ring)
    version = fee_policy_set(
        actor=floor_manager, table_id=table.pk, kind="percentage", rate=Decimal("0.03"), reason="r"
    )
    with pytest.raises(Exception, match=r"(?i)protect|cannot|refused"), transaction.atomic():
        FeePolicyVersion.objects.filter(pk=version.pk).update(rate=Decimal("0.04"))
    with pytest.raises(Exception, match=r"(?i)protect|cannot|refused"), transaction.atomic():
        FeePolicyVersion.objects.filter(pk=version.pk).delete()
