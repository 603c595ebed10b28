"""In Chromium at 1280x800, in English, Armenian and Lithuanian: every page each demo user opens fits the screen's
width (no sideways scrolling, no text cut off by its box) and the top bar stays on one row.

The pages come from the same walk along links as the Content Security Policy's test (``tests.pages``), so a page
added later is measured without being listed; the browser then opens each one by its address, one context per
language, each demo user's session put into it in turn.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from config.roles import Role
from config.services.users import user_create
from rooms.services import staff_place
from tests.factories import home_room
from tests.pages import MUST_REACH, walk

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "hy", "lt")
# The admin's lists are one template of Django's: one of them stands for all.
ADMIN_LIST = re.compile(r"^admin:\w+_changelist$")

# What overflows on the page: the document scrolling sideways, each element that cuts off its content
# (overflow hidden or clipped, content wider than the box), and each drop-down list whose chosen option is wider
# than the list. A visually hidden label is 1 px wide on purpose, and
# the admin's icon buttons indent their words out of sight.
MEASURE = """() => {
  const root = document.documentElement, found = [];
  if (root.scrollWidth > root.clientWidth)
    found.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.classList.length ? "." + [...el.classList].join(".") : "");
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    if (!["hidden", "clip"].includes(style.overflowX) || el.clientWidth <= 1) continue;
    // A visually hidden heading, and an icon button that indents its words away, hide them on purpose.
    if (style.clip !== "auto" || parseFloat(style.textIndent) < 0) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      found.push(`${name(el)} cuts "${el.textContent.trim().slice(0, 40)}": ${el.scrollWidth} > ${el.clientWidth}`);
  }
  // A closed list shows its chosen option cut at the arrow, which scrollWidth does not see: measure the words.
  const pen = document.createElement("canvas").getContext("2d");
  for (const select of document.querySelectorAll("select:not([multiple])")) {
    const style = getComputedStyle(select), option = select.options[select.selectedIndex];
    if (!option || !select.offsetWidth) continue;
    pen.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    const words = pen.measureText(option.text.trim()).width;
    if (words > room)
      found.push(`${name(select)} cuts "${option.text.trim()}": ${Math.ceil(words)} > ${Math.floor(room)}`);
  }
  const bar = document.querySelector(".topbar");
  if (bar) {
    // One row: the bar's parts, centred on one line, share their middle.
    const middles = [...bar.children].filter((k) => k.offsetWidth).map((k) => {
      const box = k.getBoundingClientRect();
      return (box.top + box.bottom) / 2;
    });
    if (Math.max(...middles) - Math.min(...middles) > 4)
      found.push(`the top bar takes more than one row: ${bar.offsetHeight} px high`);
  }
  return found;
}"""


@pytest.fixture
def room(transactional_db: None) -> None:
    call_command("seed_demo", verbosity=0)


def session_of(user: User) -> tuple[Client, str]:
    client = Client()
    client.force_login(user)
    return client, client.cookies[settings.SESSION_COOKIE_NAME].value


def pages_of(user: User) -> tuple[str, dict[str, str]]:
    """The user's session cookie and the path of each page they open, by view name."""
    client, session = session_of(user)
    reached = {key: path for key, path, _response in walk(client, "/")}
    assert MUST_REACH[user.username] <= reached.keys(), sorted(reached)
    paths: dict[str, str] = {}
    for key, path in reached.items():
        paths.setdefault(ADMIN_LIST.sub("admin:changelist", key), path)
    return session, paths


def overflows(browser: Any, base_url: str, sessions: dict[str, tuple[str, dict[str, str]]]) -> dict[str, list[str]]:
    """What overflows, by language, user and page, on every page of every session."""
    found: dict[str, list[str]] = {}
    for language in LANGUAGES:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        page = context.new_page()
        page.set_default_timeout(10_000)
        for username, (session, paths) in sessions.items():
            context.clear_cookies()
            context.add_cookies(
                [
                    {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url},
                    {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base_url},
                ]
            )
            for key, path in paths.items():
                page.goto(base_url + path)
                page.evaluate("document.fonts.ready")
                if problems := page.evaluate(MEASURE):
                    found[f"{language} {username} {key} {path}"] = problems
        context.close()
    return found


def test_every_page_of_every_role_fits_1280_pixels_in_every_language(
    browser: Any, live_server: Any, room: None
) -> None:
    sessions = {user.username: pages_of(user) for user in User.objects.filter(username__in=MUST_REACH)}
    # Beside the demo users, one who holds every role: the longest top menu there is, measured on the home page.
    every_role = user_create(username="every-role", password="-", roles=list(Role), full_name="Every Role")
    staff_place(actor=None, user=every_role, room=home_room())
    sessions[every_role.username] = (session_of(every_role)[1], {"home": "/"})
    found = overflows(browser, live_server.url, sessions)
    assert found == {}, "\n".join(f"{page}: {problems}" for page, problems in found.items())
