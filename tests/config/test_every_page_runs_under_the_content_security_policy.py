"""Every page a role opens carries the Content Security Policy and holds no inline script, handler or style.

The walk starts at each demo user's home page and follows every same-origin link, one page per view, so a page
added later is checked without being listed here.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client
from django.urls import Resolver404, resolve

from tests.csp import policy, read

pytestmark = pytest.mark.django_db

# Each demo user's pages; the walk must reach at least these views, or it proves little.
MUST_REACH = {
    "floor": {"tables:floor", "tables:table", "tables:players", "tables:waitlists", "rake:fee_policies"},
    "dealer": {"tables:floor", "games:dealer", "games:hand_list", "games:hand"},
    "cashier": {"cashier:index", "cashier:slips"},
    "accountant": {"rake:reports", "games:hand_list", "rake:drop_counts"},
    "admin": {"admin:index", "admin:auth_user_changelist", "admin:change"},
}
# Every admin model has the same few pages: every model's list is walked (some are empty), but one page of each
# other kind, not one per model.
ADMIN_VIEW = re.compile(r"^admin:\w+?_\w+_(add|change|history|delete)$")
DOWNLOADS = (".csv", ".xlsx", ".pdf", ".phh")


@pytest.fixture
def room(db: None) -> None:
    call_command("seed_demo", verbosity=0)


def view_key(path: str) -> str | None:
    try:
        name = resolve(path).view_name
    except Resolver404:
        return None
    admin = ADMIN_VIEW.match(name)
    return f"admin:{admin.group(1)}" if admin else name


def walk(
    client: Client, *starts: str, judge: Callable[[HttpResponse, str], list[str]] | None = None
) -> dict[str, list[str]]:
    """GET each view once, from ``starts`` along links and redirects; what each HTML page, by view name,
    holds that the policy would refuse or lacks of the policy (or what ``judge`` finds wrong with it)."""
    pages: dict[str, list[str]] = {}
    seen: set[str] = set()
    queue = deque(starts)
    while queue:
        path = queue.popleft()
        key = view_key(path)
        if key is None or key in seen or path.endswith(DOWNLOADS):
            continue
        seen.add(key)
        response = client.get(path)
        if response.status_code in (301, 302):
            queue.append(urlsplit(response["Location"]).path)
            continue
        if not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        pages[key] = judge(response, html) if judge else refusals(response.get("Content-Security-Policy"), html)
        for href in read(html).links:
            url = urlsplit(urljoin(path, href))
            if url.netloc in ("", "testserver") and url.scheme in ("", "http"):
                queue.append(url.path)
    return pages


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
    pages = walk(client, "/", "/api/docs/")
    assert MUST_REACH[username] <= pages.keys(), sorted(pages)
    assert {key: found for key, found in pages.items() if found} == {}


def test_the_login_page_carries_the_policy_and_no_inline_code(client: Client) -> None:
    pages = walk(client, "/login/")
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
