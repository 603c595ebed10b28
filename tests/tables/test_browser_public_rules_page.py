"""In Chromium on a phone, with no login, as a player who scanned a table's sign (its QR code holds the
game's rules address): the rules open with a table of contents whose entries jump to their sections, in
the reader's language, without sideways scrolling and with nothing refused by the Content Security Policy."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["en", "hy", "lt"])
def test_a_player_reads_the_rules_from_the_sign_without_a_login(
    browser: Any, live_server: Any, club_poker: Any, language: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=language)  # a phone
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    phone = context.new_page()
    refused: list[str] = []
    phone.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        rules = f"/floor/rules/{club_poker.rules_slug}/"
        answer = phone.goto(f"{live_server.url}{rules}")
        assert answer is not None and answer.status == 200
        assert "/login/" not in phone.url
        entries = phone.locator("nav.rules-toc a")
        assert entries.count() >= 8
        last = entries.last
        target = last.get_attribute("href")
        assert target and target.startswith("#")
        last.click()
        section = phone.locator(target)
        assert section.is_visible()
        top = section.evaluate("el => el.getBoundingClientRect().top")
        assert -2 <= top < 844, f"the entry {target} did not bring its section into view (top {top})"
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
        assert phone.locator("html").get_attribute("lang") == language
        assert refused == [], refused
    finally:
        context.close()
