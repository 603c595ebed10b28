"""Controls E21: role x endpoint for every hand API endpoint and page (a new route missing here fails).

Allowed means the role check let the request through (the answer may still be a 400/404/409 from the
rule the body breaks); refused means 401/403 (pages: the login redirect for anonymous visitors). An admin
is refused like any role not listed: admins manage users, roles and settings, not play.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, reverse

from games import services as hands
from games import urls, urls_api
from tests.games.helpers import HOLDEM_HAND, record

FM, DEALER, CASHIER, ACC = "floor_manager", "dealer", "cashier", "accountant"
PERSONAS = ["floor_manager", "dealer", "cashier", "accountant", "admin_user", "outsider", None]
READ = {FM, DEALER, ACC}
OFFICE = {FM, ACC}

API: dict[str, tuple[str, set[str]]] = {
    "games-hand-list": ("get", READ),
    "games-hand-start": ("post", {FM, DEALER}),
    "games-hand-record": ("post", {FM, DEALER}),
    "games-phh-import": ("post", {FM}),
    "games-export-create": ("post", OFFICE),
    "games-export-detail": ("get", OFFICE),
    "games-export-download": ("get", OFFICE),
    "games-dealer-stats": ("get", OFFICE),
    "games-table-current": ("get", READ),
    "games-stack-add": ("post", {FM, DEALER}),
    "games-hand-detail": ("get", READ),
    "games-hand-state": ("get", READ),
    "games-hand-event": ("post", {FM, DEALER}),
    "games-hand-undo": ("post", {FM, DEALER}),
    "games-hand-void": ("post", {FM}),
    "games-hand-correct": ("post", {FM}),
    "games-hand-phh": ("get", READ),
}
PAGES: dict[str, tuple[str, set[str]]] = {
    "hand_list": ("get", READ),
    "hand": ("get", READ),
    "hand_void": ("post", {FM}),
    "hand_correct": ("post", {FM}),
    "hand_correct_form": ("post", {FM}),
    "hand_correct_preview": ("post", {FM}),
    "dealer": ("get", {FM, DEALER}),
    "dealer_chips": ("get", {FM, DEALER}),
    "export_start": ("post", OFFICE),
    "export": ("get", OFFICE),
    "export_retry": ("post", OFFICE),
    "import": ("get", {FM}),
    "stats": ("get", OFFICE),
    "chip_float": ("get", OFFICE),
}


def _names(patterns: list[URLPattern]) -> set[str]:
    return {p.name for p in patterns if p.name}


def test_matrix_covers_every_route():
    assert _names(urls_api.urlpatterns) == set(API)
    assert _names(urls.urlpatterns) == set(PAGES)


@pytest.fixture
def world(request, floor_manager, dealer, holdem_table):
    hand = hands.hand_start(actor=dealer, table_id=holdem_table.pk).hand
    record(dealer, hand, *HOLDEM_HAND)
    from games.models import PhhExport
    from games.services.phh import phh_export_run

    export = PhhExport.objects.create(filters={}, created_at=hand.created_at, created_by=floor_manager)
    phh_export_run(export_id=export.pk)
    return {"hand": hand.pk, "table": holdem_table.pk, "export": export.pk}


def _args(name: str, world: dict[str, int]) -> list[int]:
    if "export-d" in name or name in ("export", "export_retry"):
        return [world["export"]]
    if name in ("games-table-current", "games-stack-add", "dealer", "dealer_chips"):
        return [world["table"]]
    if name.startswith("games-hand-") and name not in ("games-hand-list", "games-hand-start", "games-hand-record"):
        return [world["hand"]]
    if name in ("hand", "hand_void", "hand_correct", "hand_correct_form", "hand_correct_preview"):
        return [world["hand"]]
    return []


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("name", sorted(API))
def test_api_matrix(request, api_for, world, persona, name):
    method, allowed = API[name]
    user = request.getfixturevalue(persona) if persona else None
    client = api_for(user)
    url = reverse(f"api:{name}", args=_args(name, world))
    response = getattr(client, method)(url, {}, format="json") if method == "post" else client.get(url)
    if persona in allowed:
        assert response.status_code not in (401, 403), (name, persona, response.content[:200])
    else:
        assert response.status_code in (401, 403), (name, persona, response.status_code)


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_matrix(request, client_for, world, persona, name):
    method, allowed = PAGES[name]
    user = request.getfixturevalue(persona) if persona else None
    client = client_for(user)
    url = reverse(f"games:{name}", args=_args(name, world))
    response = client.post(url, {}) if method == "post" else client.get(url)
    if persona is None:
        assert response.status_code == 302 and "/login/" in response["Location"]
    elif persona in allowed:
        assert response.status_code in (200, 201), (name, persona, response.status_code)
    else:
        assert response.status_code == 403, (name, persona, response.status_code)


def test_dealer_reads_only_the_table_they_deal_now(api_for, hand_table, holdem, make_dealer_user, world):
    other = make_dealer_user()
    hand_table(holdem, other)
    response = api_for(other).get(reverse("api:games-hand-list"))
    assert response.status_code == 200 and response.json()["count"] == 0
    assert api_for(other).get(reverse("api:games-hand-detail", args=[world["hand"]])).status_code == 404
