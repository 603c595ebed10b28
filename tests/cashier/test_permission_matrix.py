"""Role × endpoint matrix for every cashier API endpoint and page (controls E21, E22).

A new URL in cashier.urls or cashier.urls_api without a row here fails the run. An admin is refused
like any role not listed: admins manage users, roles and settings, not money.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, reverse

from cashier import urls, urls_api
from cashier.services.sales import chip_sale_create
from tests.cashier.conftest import by_value, key

pytestmark = pytest.mark.django_db

C, F, D, A = "cashier", "floor_manager", "dealer", "accountant"
EVERYONE = ("floor_manager", "dealer", "cashier", "accountant", "admin_user", "outsider", None)

API = {
    "cashier-denominations": ("get", {C, F, D, A}),
    "cashier-shifts": ("get", {C, A, F}),
    "cashier-shift-current": ("get", {C}),
    "cashier-shift-open": ("post", {C}),
    "cashier-shift-detail": ("get", {C, A, F}),
    "cashier-shift-close": ("post", {C}),
    "cashier-shift-approve": ("post", {F}),
    "cashier-breakdown": ("post", {C}),
    "cashier-transactions": ("get", {C, A}),
    "cashier-transaction-detail": ("get", {C, A}),
    "cashier-sale-create": ("post", {C}),
    "cashier-redemption-create": ("post", {C}),
    "cashier-slips": ("get", {C, F, D, A}),
    "cashier-slip-create": ("post", {C, F, D}),
    "cashier-slip-issue": ("post", {C, F, D}),
    "cashier-slip-receive": ("post", {C, F, D}),
    "cashier-slip-void": ("post", {C}),
    "cashier-slip-void-confirm": ("post", {F}),
    "cashier-tray-counts": ("get", {F, D, A}),
    "cashier-tray-count-create": ("post", {D, F}),
    "cashier-tray-count-sign": ("post", {F}),
    "cashier-entries": ("get", {A}),
    "cashier-reversals": ("get", {C, F, A}),
    "cashier-reversal-create": ("post", {C}),
    "cashier-reversal-approve": ("post", {F}),
    "cashier-reversal-decline": ("post", {F}),
    "cashier-outstanding": ("get", {A, C}),
    "cashier-cage-summary": ("get", {A}),
    "cashier-large-cash": ("get", {A}),
    "cashier-ledger-check": ("get", {A}),
}
PAGES = {
    "index": ("get", {C, A}),
    "shift_open": ("post", {C}),
    "sale": ("post", {C}),
    "redemption": ("post", {C}),
    "receipt": ("get", {C, A}),
    "shift_report": ("get", {C, A, F}),
    "shift_export": ("get", {C, A, F}),
    "shift_close": ("post", {C}),
    "shift_approve": ("post", {F}),
    "hx_breakdown": ("get", {C}),
    "hx_large_cash": ("get", {C}),
    "hx_players": ("get", {C}),
    "cage_summary": ("get", {A}),
    "outstanding": ("get", {A, C}),
    "large_cash": ("get", {A}),
    "slips": ("get", {C, F, D, A}),
    "slip_create": ("post", {C, F, D}),
    "slip_action": ("post", {C, F, D}),
    "slip_print": ("get", {C, F, D, A}),
    "tray_counts": ("get", {F, D, A}),
    "tray_count_create": ("post", {D, F}),
    "tray_count_sign": ("post", {F}),
    "reversals": ("get", {C, F, A}),
    "reversal_request": ("post", {C}),
    "reversal_action": ("post", {F}),
}


def _names(patterns: list[URLPattern]) -> set[str]:
    return {p.name for p in patterns if p.name}


def test_every_endpoint_is_in_the_matrix():
    assert _names(urls_api.urlpatterns) == set(API)
    assert _names(urls.urlpatterns) == set(PAGES)


def _args(name: str, ids: dict[str, int]) -> list[object]:
    if name in {"receipt"} | {"cashier-transaction-detail"}:
        return [ids["txn"]]
    if name == "slip_action":
        return [ids["other"], "issue"]
    if name == "reversal_action":
        return [ids["other"], "approve"]
    if "shift" in name and name not in {"shift_open", "cashier-shift-open", "cashier-shifts", "cashier-shift-current"}:
        return [ids["shift"]]
    if name.startswith("cashier-") and name.endswith(
        ("-issue", "-receive", "-void", "-confirm", "-sign", "-approve", "-decline")
    ):
        return [ids["other"]]
    if name in {"tray_count_sign", "slip_print"}:
        return [ids["other"]]
    return []


@pytest.fixture
def ids(shift, cashier):
    txn = chip_sale_create(actor=cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
    return {"shift": shift.pk, "txn": txn.pk, "other": 999_999}


def _persona(request, name):
    return None if name is None else request.getfixturevalue(name)


@pytest.mark.parametrize("persona", EVERYONE)
@pytest.mark.parametrize("name", sorted(API))
def test_api_matrix(request, ids, api_for, persona, name):
    method, roles = API[name]
    user = _persona(request, persona)
    url = reverse(f"api:{name}", args=_args(name, ids))
    response = getattr(api_for(user), method)(url, {}, format="json", HTTP_IDEMPOTENCY_KEY=key())
    if persona is None:
        assert response.status_code in (401, 403), (name, response.status_code)
    elif persona in roles:
        assert response.status_code not in (401, 403), (name, persona, response.content[:300])
    else:
        assert response.status_code == 403, (name, persona, response.status_code)


@pytest.mark.parametrize("persona", EVERYONE)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_matrix(request, ids, client_for, persona, name):
    method, roles = PAGES[name]
    user = _persona(request, persona)
    url = reverse(f"cashier:{name}", args=_args(name, ids))
    response = getattr(client_for(user), method)(url, {"idempotency_key": key()})
    if persona is None:
        assert response.status_code == 302 and "/login/" in response["Location"]
    elif persona in roles:
        assert response.status_code != 403, (name, persona)
    else:
        assert response.status_code == 403, (name, persona, response.status_code)


def test_a_cashier_sees_only_their_own_receipts(shift, cashier, second_cashier, open_shift, api_for, accountant):
    open_shift(second_cashier)
    mine = chip_sale_create(actor=cashier, amount=1_000, method="cash", chips=by_value({1_000: 1}))
    theirs = chip_sale_create(actor=second_cashier, amount=500, method="cash", chips=by_value({500: 1}))
    listed = {row["id"] for row in api_for(cashier).get("/api/v1/cashier/transactions/").json()["results"]}
    assert listed == {mine.pk}
    assert api_for(cashier).get(f"/api/v1/cashier/transactions/{theirs.pk}/").status_code == 404
    every = {row["id"] for row in api_for(accountant).get("/api/v1/cashier/transactions/").json()["results"]}
    assert every == {mine.pk, theirs.pk}


def test_a_cashier_cannot_close_another_cashiers_drawer(shift, second_cashier, open_shift, api_for):
    open_shift(second_cashier)
    response = api_for(second_cashier).post(
        f"/api/v1/cashier/shifts/{shift.pk}/close/",
        {"cash": "0", "chips": []},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key(),
    )
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "not_your_drawer"


def test_session_posts_need_a_csrf_token(shift, cashier):
    from rest_framework.test import APIClient

    api = APIClient(enforce_csrf_checks=True)
    api.force_login(cashier)
    response = api.post("/api/v1/cashier/sales/create/", {}, format="json", HTTP_IDEMPOTENCY_KEY=key())
    assert response.status_code == 403
