"""In Chromium: the dealer's screen, a floor table page, the cashier's screen and the API docs work under the
Content Security Policy, and the browser refuses nothing on them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from config.demo import DEMO_PASSWORD
from ledger.models import Denomination
from tables.models import DealerAssignment, Table
from tests.csp import assert_policy_enforced, watch_violations
from tests.factories import home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def room(transactional_db: None) -> None:
    call_command("seed_demo", verbosity=0)


@pytest.fixture
def open_as(browser: Any, live_server: Any, room: None) -> Iterator[Callable[[str], tuple[Any, list[str]]]]:
    """A fresh browser logged in as a demo user through the login form; its page and the policy violations seen."""
    contexts: list[Any] = []

    def open_(username: str) -> tuple[Any, list[str]]:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        contexts.append(context)
        seen = watch_violations(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server.url}/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", DEMO_PASSWORD)
        with page.expect_navigation():
            page.click("button[type=submit]")
        return page, seen

    yield open_
    for context in contexts:
        context.close()


def test_the_dealers_screen_deals_under_the_policy(open_as, live_server) -> None:
    page, seen = open_as("dealer")
    table = DealerAssignment.objects.get(dealer__username="dealer", ended_at__isnull=True).table
    response = page.goto(f"{live_server.url}/hands/tables/{table.pk}/deal/")
    assert "script-src 'self';" in response.headers["content-security-policy"]
    page.locator("#actions button", has_text="hand").click()  # "Start hand" or "Next hand"
    page.wait_for_selector("#actions button:has-text('Deal')")
    assert page.locator("#seats .seat").count() >= 2
    assert seen == []
    assert_policy_enforced(page)


def test_the_floor_table_page_switches_language_under_the_policy(open_as, live_server) -> None:
    page, seen = open_as("floor")
    table = Table.objects.filter(dealer_assignments__ended_at__isnull=True).order_by("number").first()
    page.goto(f"{live_server.url}/floor/tables/{table.pk}/")
    # The language switch submits itself from the room's script file, no longer from an onchange= handler.
    with page.expect_navigation():
        page.select_option("#language-select", "hy")
    assert page.locator("html").get_attribute("lang") == "hy"
    assert seen == []
    assert_policy_enforced(page)


def test_the_cashiers_screen_proposes_chips_over_htmx_under_the_policy(open_as, live_server) -> None:
    page, seen = open_as("cashier")
    page.goto(f"{live_server.url}/cashier/")
    page.locator("#sale-amount").type("36000")
    ten = Denomination.objects.get(room=home_room(), value=10_000)  # the cashier's room's (Vilnius has €100)
    expect(page.locator(f"#sale-chip-{ten.pk}")).to_have_value("1")  # the proposed breakdown, over htmx
    assert seen == []
    assert_policy_enforced(page)


def test_the_api_docs_load_from_the_rooms_own_files_under_the_policy(open_as, live_server) -> None:
    page, seen = open_as("accountant")
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title:has-text('Cardroom API')")
    page.wait_for_selector(".swagger-ui .opblock")
    assert [url for url in requested if not url.startswith(live_server.url)] == []
    assert seen == []
    assert_policy_enforced(page)
