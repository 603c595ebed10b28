"""A wall TV shows the room board through a kiosk link: no login, read-only, revocable, names masked."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tables import services
from tables.models import KioskToken
from tests.factories import home_room

pytestmark = pytest.mark.django_db


def _make_link(client: Client, label: str = "TV by the cage") -> str:
    """Make a board link on the signage page and read the secret link it shows once."""
    response = client.post(reverse("tables:kiosk_link_create"), {"label": label}, follow=True)
    assert response.status_code == 200
    match = re.search(r'value="(http://testserver/floor/board/kiosk/[^"/]+/)"', response.content.decode())
    assert match, "the new link is shown on the page"
    again = client.get(reverse("tables:signage")).content.decode()
    assert match.group(1) not in again  # shown only once
    return match.group(1).removeprefix("http://testserver")


@pytest.fixture
def room(floor_manager, club_poker, open_table, make_player):
    open_table(club_poker, number=9)
    waiting = services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player("Armen", "Karapetyan").pk
    )
    services.waitlist_add(
        actor=floor_manager, room=home_room(), game_id=club_poker.pk, player_id=make_player("Rūta", "Kazlauskienė").pk
    )
    services.waitlist_call(actor=floor_manager, entry_id=waiting.pk)


def test_a_live_link_shows_the_board_with_masked_names_and_the_called_player_highlighted(
    room, floor_manager, client_for
) -> None:
    url = _make_link(client_for(floor_manager))
    response = Client().get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-board-table="9"' in html
    assert "Karapetyan" not in html and "Kazlauskienė" not in html
    assert re.search(r'<li class="called" data-called>Armen K\.', html)
    assert re.search(r"<li>Rūta K\.</li>", html)
    assert f'hx-get="{url}"' in html  # the TV keeps polling its own link
    assert response["Cache-Control"] == "no-store"
    assert "Log out" not in html


def test_the_secret_is_stored_only_as_a_hash(floor_manager, client_for) -> None:
    url = _make_link(client_for(floor_manager))
    secret = url.rstrip("/").rsplit("/", 1)[1]
    token = KioskToken.objects.get()
    assert len(secret) >= 40
    assert secret not in token.token_hash and len(token.token_hash) == 64


def test_a_revoked_link_is_refused_with_no_data(room, floor_manager, client_for) -> None:
    manager = client_for(floor_manager)
    url = _make_link(manager)
    token = KioskToken.objects.get()
    done = manager.post(reverse("tables:kiosk_link_revoke", args=[token.pk]), follow=True)
    assert "revoked" in done.content.decode()
    token.refresh_from_db()
    assert token.revoked_at is not None and token.revoked_by == floor_manager
    refused = Client().get(url)
    assert refused.status_code == 403
    html = refused.content.decode()
    assert "does not work" in html
    assert "Armen" not in html and "data-board-table" not in html
    polled = Client().get(url, headers={"HX-Request": "true"})
    assert polled.status_code == 403 and polled["HX-Refresh"] == "true"  # the TV reloads onto the refusal


def test_revoking_twice_changes_nothing(floor_manager, client_for) -> None:
    manager = client_for(floor_manager)
    _make_link(manager)
    token = KioskToken.objects.get()
    manager.post(reverse("tables:kiosk_link_revoke", args=[token.pk]))
    token.refresh_from_db()
    first = token.revoked_at
    again = manager.post(reverse("tables:kiosk_link_revoke", args=[token.pk]), follow=True)
    assert "already revoked" in again.content.decode()
    token.refresh_from_db()
    assert token.revoked_at == first


@pytest.mark.parametrize("token", ["x", "A" * 43, "A" * 300, "..%2F", "ünïcode-ünïcode-ünïcode-ü"])
def test_an_unknown_or_malformed_link_is_refused_not_a_500(room, token: str) -> None:
    response = Client().get(f"/floor/board/kiosk/{token}/")
    assert response.status_code in (403, 404)
    assert "Armen" not in response.content.decode()


def test_only_the_floor_and_the_admin_make_and_revoke_links(
    floor_manager, admin_user, dealer, cashier, client_for
) -> None:
    url = reverse("tables:kiosk_link_create")
    assert client_for(dealer).post(url, {"label": "x"}).status_code == 403
    assert client_for(cashier).get(reverse("tables:signage")).status_code == 403
    anonymous = Client().post(url, {"label": "x"})
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    assert not KioskToken.objects.exists()
    _make_link(client_for(admin_user), "Lobby TV")
    assert KioskToken.objects.get().created_by == admin_user


def test_a_link_needs_a_screen_name(floor_manager, client_for) -> None:
    response = client_for(floor_manager).post(reverse("tables:kiosk_link_create"), {"label": "  "}, follow=True)
    assert response.status_code == 200 and "Name the screen" in response.content.decode()
    assert not KioskToken.objects.exists()
