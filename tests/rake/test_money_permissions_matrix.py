"""Control 21 for the money flow and reports: every endpoint × every role. Accountants read, export and
close days (nobody else closes a day, not even an admin); floor managers start counts and explain
variances; floor managers and cashiers count; cashiers read counts; dealers and outsiders get nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse

from config.gaming_day import current_gaming_day
from config.roles import Role
from games.services.hand_fees import hand_fees_post
from rake.models import ExportContent, ExportFormat
from rake.selectors import ReportFilters
from rake.services import drop_count_start, drop_tally_record, export_create, export_run
from tests.cashier.conftest import key
from tests.factories import UserFactory, home_room, home_room_set

pytestmark = pytest.mark.django_db

FM: str = Role.FLOOR_MANAGER
DEALER: str = Role.DEALER
CASHIER: str = Role.CASHIER
ACCOUNTANT: str = Role.ACCOUNTANT
ADMIN: str = Role.ADMIN
ROLES = [FM, DEALER, CASHIER, ACCOUNTANT, ADMIN, "outsider", "anonymous"]
# An admin is in none of these: admins manage users, roles and settings, not money.
DROP_READERS = {FM, CASHIER, ACCOUNTANT}
OFFICE = {ACCOUNTANT}

MONEY_MATRIX: dict[str, tuple[str, set[str], int]] = {
    "drop_count_list": ("get", DROP_READERS, 200),
    "drop_count_start": ("post", {FM}, 201),
    "drop_count_detail": ("get", DROP_READERS, 200),
    "drop_count_tally": ("post", {FM, CASHIER}, 201),
    "drop_count_explain": ("post", {FM}, 200),
    "drop_reconciliation": ("get", DROP_READERS, 200),
    "gaming_day_list": ("get", OFFICE, 200),
    "gaming_day_close": ("post", {ACCOUNTANT}, 201),
    "fee_report": ("get", OFFICE, 200),
    "fee_export_create": ("post", OFFICE, 202),
    "fee_export_detail": ("get", OFFICE, 200),
    "fee_export_download": ("get", OFFICE, 200),
}

PAGES: dict[str, tuple[str, set[str]]] = {
    "rake:reports": ("get", OFFICE),
    "rake:report_csv": ("get", OFFICE),
    "rake:drop_counts": ("get", DROP_READERS),
    "rake:gaming_days": ("get", OFFICE),
}


@pytest.fixture
def world(open_table, holdem_ring, quick_hand, floor_manager, cashier, accountant, dealer, settings, chips_in_play):
    home_room_set(drop_variance_threshold=0)
    counting, explaining, free = (open_table(holdem_ring, dealer=UserFactory(roles=[DEALER])) for _ in range(3))
    for table in (counting, explaining):
        hand_fees_post(actor=floor_manager, hand_id=quick_hand(table, pot=20_000, fee=1000).pk)
    open_count = drop_count_start(actor=floor_manager, table_id=counting.pk)
    to_explain = drop_count_start(actor=floor_manager, table_id=explaining.pk)
    for who in (floor_manager, cashier):
        drop_tally_record(actor=who, count_id=to_explain.pk, chips={chips_in_play[500]: 1})
    today = current_gaming_day()
    export = export_create(
        actor=accountant,
        format=ExportFormat.CSV,
        content=ExportContent.SUMMARY,
        filters=ReportFilters(room_ids=(home_room().pk,), day_from=today, day_to=today),
    )
    export_run(export_id=export.pk)
    return {"free": free, "open": open_count, "explain": to_explain, "export": export, "chips": chips_in_play}


def _user(role: str):
    if role == "anonymous":
        return None
    if role == "outsider":
        return UserFactory()
    return UserFactory(roles=[role], is_staff=role == ADMIN)


def _call(client, name: str, world: dict[str, Any]):
    today = current_gaming_day()
    period = {"day_from": today.isoformat(), "day_to": today.isoformat()}
    if name == "drop_count_start":
        return client.post(reverse(f"api:{name}"), {"table_id": world["free"].pk}, format="json")
    if name == "drop_count_detail":
        return client.get(reverse(f"api:{name}", args=[world["open"].pk]))
    if name == "drop_count_tally":
        chips = [{"denomination_id": world["chips"][1000], "pieces": 1}]
        url = reverse(f"api:{name}", args=[world["open"].pk])
        return client.post(url, {"chips": chips}, format="json", HTTP_IDEMPOTENCY_KEY=key())
    if name == "drop_count_explain":
        url = reverse(f"api:{name}", args=[world["explain"].pk])
        return client.post(url, {"explanation": "chip found on the floor"}, format="json", HTTP_IDEMPOTENCY_KEY=key())
    if name == "drop_reconciliation":
        return client.get(reverse(f"api:{name}"), {"gaming_day": today.isoformat()})
    if name == "gaming_day_close":
        yesterday = (today - timedelta(days=1)).isoformat()
        return client.post(reverse(f"api:{name}"), {"gaming_day": yesterday}, HTTP_IDEMPOTENCY_KEY=key())
    if name == "fee_report":
        return client.get(reverse(f"api:{name}"), {**period, "group_by": "table"})
    if name == "fee_export_create":
        return client.post(reverse(f"api:{name}"), {**period, "format": "csv"}, format="json")
    if name in ("fee_export_detail", "fee_export_download"):
        return client.get(reverse(f"api:{name}", args=[world["export"].pk]))
    return client.get(reverse(f"api:{name}"))


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(MONEY_MATRIX))
def test_endpoint_role(name: str, role: str, world, api_for) -> None:
    _method, allowed, success = MONEY_MATRIX[name]
    answer = _call(api_for(_user(role)), name, world)
    if role in allowed:
        assert answer.status_code == success, (name, role, answer.content[:300])
    else:
        assert answer.status_code in (401, 403), (name, role, answer.status_code)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_role(name: str, role: str, world, client_for) -> None:
    _method, allowed = PAGES[name]
    answer = client_for(_user(role)).get(reverse(name))
    if role == "anonymous":
        assert answer.status_code == 302
    elif role in allowed:
        assert answer.status_code == 200, (name, role)
    else:
        assert answer.status_code == 403, (name, role)


def test_an_admin_cannot_close_a_day_through_the_page(client_for, admin_user) -> None:
    yesterday = current_gaming_day() - timedelta(days=1)
    client_for(admin_user).post(reverse("rake:gaming_day_close"), {"gaming_day": yesterday.isoformat()})
    from ledger.models import GamingDayClose

    assert not GamingDayClose.objects.exists()
