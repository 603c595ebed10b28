"""The pages a user opens: every HTML page reached from a start along same-origin links, one page per view.

The walk finds a page added later without its being listed anywhere, so the tests that check every page (the
Content Security Policy's, the screen width's) stay complete by themselves.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from urllib.parse import urljoin, urlsplit

from django.http import HttpResponse
from django.test import Client
from django.urls import Resolver404, resolve

from tests.csp import read

# Each demo user's pages; a walk must reach at least these views, or it proves little.
MUST_REACH = {
    "floor": {"floor:floor", "floor:table", "tables:players", "floor:waitlists", "rake:fee_policies"},
    "dealer": {"floor:floor", "games:dealer", "games:hand_list", "games:hand"},
    "cashier": {"cashier:index", "cashier:slips"},
    "accountant": {"rake:reports", "games:hand_list", "rake:drop_counts"},
    "admin": {"admin:index", "admin:auth_user_changelist", "admin:change"},
}
# Every admin model has the same few pages: every model's list is walked (some are empty), but one page of each
# other kind, not one per model.
ADMIN_VIEW = re.compile(r"^admin:\w+?_\w+_(add|change|history|delete)$")
DOWNLOADS = (".csv", ".xlsx", ".pdf", ".phh")


def view_key(path: str) -> str | None:
    try:
        name = resolve(path).view_name
    except Resolver404:
        return None
    admin = ADMIN_VIEW.match(name)
    return f"admin:{admin.group(1)}" if admin else name


def walk(client: Client, *starts: str) -> Iterator[tuple[str, str, HttpResponse]]:
    """GET each view once, from ``starts`` along links and redirects: each HTML page's view key, path and response."""
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
        yield key, path, response
        for href in read(response.content.decode()).links:
            url = urlsplit(urljoin(path, href))
            if url.netloc in ("", "testserver") and url.scheme in ("", "http"):
                queue.append(url.path)
