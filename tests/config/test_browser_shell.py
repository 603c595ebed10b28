"""The shell in a real browser: log in, see the Floor, switch to Armenian."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_floor_manager_logs_in_sees_floor_and_switches_to_armenian(
    login_page: Callable[[User], Any], floor_manager: User
) -> None:
    page = login_page(floor_manager)
    assert "/floor/" in page.url
    nav = page.locator("nav.mainnav")
    assert nav.locator("[data-nav=floor]").inner_text() == "Floor"
    assert nav.locator("[data-nav=cashier]").count() == 0

    with page.expect_navigation():
        page.select_option("#language-select", "hy")
    assert page.locator("html").get_attribute("lang") == "hy"
    assert nav.locator("[data-nav=floor]").inner_text() == "Սրահ"
    assert nav.locator("[data-nav=hands]").inner_text() == "Բաժանումներ"
