"""Accountants and floor managers read the history (the log, its export, the records' links);
dealers, cashiers and users without a role do not; nobody logged out does."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

PAGES = [reverse("audit:log"), reverse("audit:csv")]


@pytest.mark.parametrize("persona", ["accountant", "floor_manager"])
def test_accountants_and_floor_managers_read_the_log_and_its_export(persona, request, client_for):
    client = client_for(request.getfixturevalue(persona))
    assert [client.get(url).status_code for url in PAGES] == [200, 200]


@pytest.mark.parametrize("persona", ["dealer", "cashier", "outsider"])
def test_dealers_cashiers_and_users_without_a_role_are_refused(persona, request, client_for):
    client = client_for(request.getfixturevalue(persona))
    for url in PAGES:
        response = client.get(url)
        assert response.status_code == 403
        assert 'id="history"' not in response.content.decode()


def test_nobody_logged_out_reads_it(client_for):
    for url in PAGES:
        response = client_for(None).get(url)
        assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_player_page_links_its_history_for_readers_only(make_player, accountant, cashier, client_for):
    player = make_player()
    link = f"{reverse('audit:log')}?model=player&amp;object={player.pk}"
    page = reverse("tables:player", args=[player.pk])
    assert link in client_for(accountant).get(page).content.decode()
    assert link not in client_for(cashier).get(page).content.decode()
