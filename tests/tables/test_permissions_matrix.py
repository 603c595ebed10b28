"""Role × endpoint matrix for every floor API endpoint and page, the floor's records' (``tables``) and the pages
that compose them with other apps (``floor``) (controls E-21).

A new route that is missing from the matrix fails ``test_matrix_covers_every_route``. An admin is
refused like any role not listed: admins manage users, roles and settings, not the floor.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import URLPattern, reverse
from django.utils import timezone

from floor import urls as floor_urls
from floor import urls_api as floor_urls_api
from rake.selectors import sign_fee_words
from tables import services, urls, urls_api
from tables.models import ExpulsionDuration
from tests.factories import home_room
from tests.files import PDF, image, upload

FM, DEALER, CASHIER, ACC = "floor_manager", "dealer", "cashier", "accountant"
# Players' pages (tables.views.public): everyone, logged in or not, reads them; the wall board's kiosk
# link is the credential itself, so every persona gets the same refusal for a link that is not live.
ANYONE: set[str] = {"anyone"}
BY_LINK: set[str] = {"by link"}
PERSONAS = ["floor_manager", "dealer", "cashier", "accountant", "admin_user", "outsider", None]

API: dict[str, tuple[str, set[str]]] = {
    "floor-game-list": ("get", {FM, ACC, DEALER, CASHIER}),
    "floor-game-create": ("post", {FM}),
    "floor-game-update": ("post", {FM}),
    "floor-table-list": ("get", {FM, ACC, DEALER}),
    "floor-table-create": ("post", {FM}),
    "floor-table-detail": ("get", {FM, ACC, DEALER}),
    "floor-table-configure": ("post", {FM}),
    "floor-table-open": ("post", {FM}),
    "floor-table-pause": ("post", {FM}),
    "floor-table-resume": ("post", {FM}),
    "floor-table-close": ("post", {FM}),
    "floor-table-events": ("get", {FM, ACC, DEALER}),
    "floor-table-sign": ("get", {FM, ACC, DEALER}),
    "floor-table-signs": ("get", {FM, ACC, DEALER}),
    "floor-table-seat": ("post", {FM}),
    "floor-dealer-assign": ("post", {FM}),
    "floor-dealer-release": ("post", {FM}),
    "floor-seat-list": ("get", {FM, ACC}),
    "floor-seat-move": ("post", {FM}),
    "floor-seat-stand-up": ("post", {FM}),
    "floor-seat-away": ("post", {FM, DEALER}),
    "floor-seat-back": ("post", {FM, DEALER}),
    "floor-seat-aways": ("get", {FM, ACC}),
    "floor-player-list": ("get", {FM, CASHIER, ACC}),
    "floor-player-create": ("post", {FM}),
    "floor-player-detail": ("get", {FM, CASHIER, ACC}),
    "floor-player-update": ("post", {FM}),
    "floor-expulsion-list": ("get", {FM, CASHIER, ACC}),
    "floor-expulsion-create": ("post", {FM}),
    "floor-expulsion-detail": ("get", {FM, CASHIER, ACC}),
    "floor-expulsion-lift": ("post", {FM}),
    "floor-waitlists": ("get", {FM, ACC, DEALER}),
    "floor-waitlist-analytics": ("get", {FM, ACC}),
    "floor-waitlist-entry-list": ("get", {FM, ACC}),
    "floor-waitlist-add": ("post", {FM}),
    "floor-waitlist-check-in": ("post", {FM}),
    "floor-waitlist-call": ("post", {FM}),
    "floor-waitlist-seat": ("post", {FM}),
    "floor-waitlist-remove": ("post", {FM}),
    "floor-dealer-list": ("get", {FM, ACC}),
    "floor-dealer-profile": ("post", {FM}),
    "floor-dealer-clock-in": ("post", {FM}),
    "floor-dealer-clock-out": ("post", {FM}),
    "floor-dealer-shifts": ("get", {FM, ACC}),
    "floor-dealer-assignments": ("get", {FM, ACC, DEALER}),
    "floor-rotation": ("get", {FM, ACC, DEALER}),
    "floor-board": ("get", {FM, ACC, DEALER, CASHIER}),
}

PAGES: dict[str, tuple[str, set[str]]] = {
    "floor:floor": ("get", {FM, DEALER}),
    "tables:board": ("get", {FM, DEALER, CASHIER, ACC}),
    "tables:rules_index": ("get", ANYONE),
    "tables:rules": ("get", ANYONE),
    "tables:kiosk_board": ("get", BY_LINK),
    "tables:signage": ("get", {FM, "admin_user"}),
    "floor:room_language_set": ("post", {FM, "admin_user"}),
    "tables:kiosk_link_create": ("post", {FM, "admin_user"}),
    "tables:kiosk_link_revoke": ("post", {FM, "admin_user"}),
    "floor:table": ("get", {FM, DEALER, ACC}),
    "floor:sign": ("get", {FM, DEALER, ACC}),
    "tables:players": ("get", {FM, CASHIER, ACC}),
    "floor:player_pick": ("get", {FM}),
    "tables:player": ("get", {FM, CASHIER, ACC}),
    "tables:player_photo": ("get", {FM, CASHIER}),
    "tables:expulsions": ("get", {FM, CASHIER, ACC}),
    "tables:expulsions_csv": ("get", {FM, CASHIER, ACC}),
    "tables:expulsion_evidence": ("get", {FM}),
    "floor:waitlists": ("get", {FM, ACC}),
    "tables:dealers": ("get", {FM, DEALER, ACC}),
    "floor:table_create": ("post", {FM}),
    "floor:table_configure": ("post", {FM}),
    "floor:table_transition": ("post", {FM}),
    "floor:seat_player": ("post", {FM}),
    "floor:seat_stand_up": ("post", {FM}),
    "floor:seat_move": ("post", {FM}),
    "floor:seat_away": ("post", {FM, DEALER}),
    "floor:seat_back": ("post", {FM, DEALER}),
    "floor:dealer_assign": ("post", {FM}),
    "floor:dealer_release": ("post", {FM}),
    "tables:player_edit": ("post", {FM}),
    "tables:expulsion_create": ("post", {FM}),
    "tables:expulsion_lift": ("post", {FM}),
    "floor:waitlist_add": ("post", {FM}),
    "floor:waitlist_action": ("post", {FM}),
    "tables:dealer_clock": ("post", {FM}),
    "tables:dealer_games": ("post", {FM}),
}


# The floor's routes by URL namespace (the API's are all in "api").
PAGE_ROUTES = {"tables": urls.urlpatterns, "floor": floor_urls.urlpatterns}
API_ROUTES = [*urls_api.urlpatterns, *floor_urls_api.urlpatterns]


def _names(patterns: list[URLPattern], namespace: str = "") -> set[str]:
    return {f"{namespace}:{p.name}" if namespace else p.name for p in patterns if p.name}


def test_matrix_covers_every_route():
    assert _names(API_ROUTES) == set(API)
    assert set().union(*(_names(patterns, namespace) for namespace, patterns in PAGE_ROUTES.items())) == set(PAGES)


@pytest.fixture
def world(request, floor_manager, club_poker, make_dealer, make_player):
    """An open table dealt by the ``dealer`` persona, a seated player, a waitlist entry, an expulsion."""
    dealer = request.getfixturevalue("dealer")
    services.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[club_poker.pk])
    services.dealer_clock_in(actor=floor_manager, room=home_room(), dealer_id=dealer.pk)
    table = services.table_create(actor=floor_manager, room=home_room(), number=1, seats=6, game_id=club_poker.pk)
    services.dealer_assign(actor=floor_manager, table_id=table.pk, dealer_id=dealer.pk)
    services.table_open(actor=floor_manager, table_id=table.pk, fee_words=sign_fee_words)
    session = services.seat_player(actor=floor_manager, table_id=table.pk, player_id=make_player().pk)
    entry = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player().pk
    )
    barred = make_player(photo=upload("face.png", image("PNG"), "image/png"))
    expulsion = services.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=barred.pk,
        rule="r",
        reason="x",
        duration=ExpulsionDuration.UNTIL,
        until=timezone.now() + timedelta(days=1),
        evidence=upload("report.pdf", PDF, "application/pdf"),
    )
    return {
        "table_id": table.pk,
        "game_id": club_poker.pk,
        "session_id": session.pk,
        "player_id": barred.pk,
        "entry_id": entry.pk,
        "expulsion_id": expulsion.pk,
        "user_id": dealer.pk,
        "slug": "club-poker",
        "transition": "pause",
        "verb": "call",
        "token": "not-a-live-board-link",
        "token_id": 1,
    }


def _kwargs(patterns, name, world):
    [pattern] = [p for p in patterns if p.name == name]
    return {key: world[key] for key in pattern.pattern.converters}


def _who(request, persona):
    return None if persona is None else request.getfixturevalue(persona)


def _allowed(persona, roles):
    return persona in roles


@pytest.mark.parametrize("name", sorted(API))
def test_api_roles(name, world, request, api_for):
    method, roles = API[name]
    url = reverse(f"api:{name}", kwargs=_kwargs(API_ROUTES, name, world))
    for persona in PERSONAS:
        response = getattr(api_for(_who(request, persona)), method)(url, {}, format="json")
        if _allowed(persona, roles):
            assert response.status_code not in (401, 403), (persona, response.content)
        else:
            assert response.status_code in ((401, 403) if persona is None else (403,)), (persona, response.status_code)
            assert response.json()["error"]["code"] in ("permission_denied", "not_authenticated")


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_roles(name, world, request, client_for):
    method, roles = PAGES[name]
    namespace, route = name.split(":")
    url = reverse(name, kwargs=_kwargs(PAGE_ROUTES[namespace], route, world))
    for persona in PERSONAS:
        response = getattr(client_for(_who(request, persona)), method)(url)
        if roles is ANYONE or roles is BY_LINK:
            assert response.status_code == (200 if roles is ANYONE else 403), (persona, response.status_code)
        elif persona is None:
            assert response.status_code == 302 and "/login/" in response["Location"], name
        elif _allowed(persona, roles):
            # An empty form is let through and refused by its rules (400/409, shown again), never by role.
            assert response.status_code in (200, 302, 400, 409), (persona, response.status_code)
        else:
            assert response.status_code == 403, (persona, response.status_code)


def test_a_dealer_reads_only_the_table_they_deal(world, floor_manager, club_poker, make_dealer, dealer, api_for):
    other = services.table_create(actor=floor_manager, room=home_room(), number=2, seats=6, game_id=club_poker.pk)
    client = api_for(dealer)
    assert client.get(reverse("api:floor-table-detail", args=[world["table_id"]])).status_code == 200
    refused = client.get(reverse("api:floor-table-detail", args=[other.pk]))
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_table"
    listed = client.get(reverse("api:floor-table-list")).json()["results"]
    assert [t["number"] for t in listed] == [1]
