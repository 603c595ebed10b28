"""In Chromium: the cashier types part of a name, chooses the player, and the sale carries the registry
number; a barred player shows the expulsion and cannot be chosen."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from cashier.models import ChipTransaction
from ledger.models import Denomination
from tables.models import Expulsion
from tests.factories import PlayerFactory, home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_search_choose_and_sell(login_page, live_server, cashier, shift, player, room_admin, floor_manager):
    from playwright.sync_api import expect

    now = timezone.now()
    barred = PlayerFactory(first_name="Hrant", last_name="Petrosyan", created_by=room_admin)
    Expulsion.objects.create(
        player=barred,
        room=home_room(),
        rule="abuse of a dealer",
        reason="report 17",
        duration="permanent",
        starts_at=now - timedelta(hours=1),
        created_at=now,
        created_by=floor_manager,
    )
    page = login_page(cashier)
    page.goto(f"{live_server.url}/cashier/")
    assert page.locator("#player-q").get_attribute("accesskey") == "p"
    page.click("#player-q")
    page.keyboard.type("petros")
    matches = page.locator("[data-testid=player-match]")
    expect(matches).to_have_count(2)
    flagged = matches.filter(has_text="Hrant")
    expect(flagged.locator("[data-testid=player-barred]")).to_be_visible()
    expect(flagged).to_contain_text("abuse of a dealer")
    assert flagged.locator("button").count() == 0
    matches.filter(has_text="Aram").locator("button").click()
    expect(page.locator("#sale-player")).to_have_value(str(player.pk))
    expect(page.locator("#redeem-player")).to_have_value(str(player.pk))
    expect(page.locator("[data-testid=player-chosen]")).to_contain_text("Aram Petrosyan")
    assert page.locator("#sale-amount").evaluate("el => el === document.activeElement")  # on to the amount
    page.keyboard.type("5000")
    five = Denomination.objects.get(value=5_000)
    expect(page.locator(f"#sale-chip-{five.pk}")).to_have_value("1")  # the proposed chips arrive over htmx
    page.keyboard.press("Enter")
    page.wait_for_url("**/cashier/receipts/*/")
    assert ChipTransaction.objects.get().player_id == player.pk
