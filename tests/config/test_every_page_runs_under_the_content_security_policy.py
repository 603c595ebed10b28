"""Every page a role opens carries the Content Security Policy and holds no inline script, handler or style.

The walk starts at each demo user's home page and follows every same-origin link, one page per view, so a page
added later is checked without being listed here.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from tests.csp import policy, read
from tests.pages import MUST_REACH, walk

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(db: None) -> None:
    call_command("seed_demo", verbosity=0)


def refusals_by_page(client: Client, *starts: str) -> dict[str, list[str]]:
    """What each HTML page a walk from ``starts`` reaches, by view name, holds that the policy would refuse or
    lacks of the policy."""
    return {
        key: refusals(response.get("Content-Security-Policy"), response.content.decode())
        for key, _path, response in walk(client, *starts)
    }


def refusals(header: str | None, html: str) -> list[str]:
    """What the page holds that its policy would refuse, or what its policy lets through and must not."""
    if header is None:
        return ["no Content-Security-Policy header"]
    directives = policy(header)
    found = [f"script-src allows {v}" for v in directives.get("script-src", ["(missing)"]) if v != "'self'"]
    return found + read(html).inline


@pytest.mark.parametrize("username", list(MUST_REACH))
def test_every_page_of_the_role_carries_the_policy_and_no_inline_code(room: None, username: str) -> None:
    client = Client()
    client.force_login(User.objects.get(username=username))
    pages = refusals_by_page(client, "/", "/api/docs/")
    assert MUST_REACH[username] <= pages.keys(), sorted(pages)
    assert {key: found for key, found in pages.items() if found} == {}


def test_the_login_page_carries_the_policy_and_no_inline_code(client: Client) -> None:
    pages = refusals_by_page(client, "/login/")
    assert "login" in pages
    assert {key: found for key, found in pages.items() if found} == {}


def test_the_policy_allows_only_the_rooms_own_files(client: Client) -> None:
    directives = policy(client.get("/login/")["Content-Security-Policy"])
    assert directives == {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
