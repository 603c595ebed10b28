"""No link leads a role to a 403 or a 404: every page a role reaches by its links opens for that role.

For each role, a user holding only that role starts at the start page (whose menu names the role's pages) and
follows every same-site link of every page it reaches, GET only, in a demo room with one of each kind of record
a page links to (hands, players with a photo and evidence, fills, time charges, a drop count, fee and PHH
exports). A link the role cannot open is a defect of the page that shows it: a link is shown only to those it
opens for.

The walk stays bounded: a page's address is read as its pattern (the URL's view), and each pattern is opened
for at most a few of its objects (a dealer may open their own table's page and not the others', so one of each
is not enough); the admin's pages, whose permissions are per model, once per model and kind. Logging out,
downloads of files (their content is the exports' tests') and other sites are not followed.
"""

from __future__ import annotations

from collections import Counter, deque
from datetime import timedelta
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import Resolver404, resolve
from django.utils import timezone

from config.demo import DEMO_USERS
from config.gaming_day import current_gaming_day
from config.roles import Role
from games.selectors.hands import HandFilters
from games.services.phh import phh_export_create, phh_export_run
from rake.models import TimeCharge
from rake.selectors import ReportFilters
from rake.services import drop_count_start, export_create, export_run, time_charge_collect, time_charges_create
from tables import services as floor
from tables.models import ExpulsionDuration, Table
from tests.csp import read
from tests.factories import home_room
from tests.files import PDF, image, upload

pytestmark = pytest.mark.django_db

# Objects of one pattern opened per role: more than the demo's tables, so every table's link is tried.
PER_PATTERN = 12
DOWNLOADS = (".csv", ".xlsx", ".pdf", ".phh", "/download/")
NOT_FOLLOWED = {"logout"}


@pytest.fixture
def room(db: None) -> None:
    """The demo room, and one of each record a page links to that the demo does not make."""
    call_command("seed_demo", verbosity=0)
    floor_manager = User.objects.get(username="floor")
    accountant = User.objects.get(username="accountant")
    player = floor.player_create(
        actor=floor_manager,
        room=home_room(),
        first_name="Hayk",
        last_name="Grigoryan",
        photo=upload("hayk.png", image(), "image/png"),
    )
    floor.expulsion_create(
        actor=floor_manager,
        room=home_room(),
        player_id=player.pk,
        rule="House rule 4",
        reason="Abuse of a dealer",
        duration=ExpulsionDuration.PERMANENT,
        evidence=upload("report.pdf", PDF, "application/pdf"),
    )
    # The demo's Club Poker table charges by the half hour: one period later its players owe a charge.
    time_charges_create(actor=floor_manager, at=timezone.now() + timedelta(minutes=31))
    # One collected, so that the list of charges marked has a row too.
    time_charge_collect(actor=floor_manager, charge_id=TimeCharge.objects.earliest("pk").pk)
    drop_count_start(actor=floor_manager, table_id=Table.objects.get(room=home_room(), number=2).pk)
    today = current_gaming_day()
    fee_export = export_create(
        actor=accountant,
        format="csv",
        content="summary",
        filters=ReportFilters(room_ids=(home_room().pk,), day_from=today, day_to=today, group_by="table"),
    )
    export_run(export_id=fee_export.pk)
    phh_export_run(export_id=phh_export_create(actor=floor_manager, filters=HandFilters()).pk)


def pattern(path: str) -> str | None:
    """The view a path names (``floor:table``), or None for a path that names none."""
    try:
        return resolve(path).view_name
    except Resolver404:
        return None


def crawl(client: Client, start: str) -> tuple[Counter[str], list[str]]:
    """Walk from ``start`` along links and redirects; the patterns opened and each link that was refused."""
    opened: Counter[str] = Counter()
    refused: list[str] = []
    seen: set[str] = set()
    queue: deque[tuple[str, str]] = deque([("(start)", start)])
    while queue:
        page, url = queue.popleft()
        parts = urlsplit(url)
        path = parts.path
        name = pattern(path)
        address = path if name and name.startswith("admin:") else f"{path}?{parts.query}".rstrip("?")
        if address in seen or name in NOT_FOLLOWED or path.endswith(DOWNLOADS):
            continue
        seen.add(address)
        if name is None:
            refused.append(f"{page} links {url}: no page has this address")
            continue
        limit = 1 if name.startswith("admin:") else PER_PATTERN
        if opened[name] >= limit:
            continue
        opened[name] += 1
        response = client.get(address)
        if response.status_code in (403, 404):
            refused.append(f"{page} links {address}: {response.status_code}")
            continue
        assert response.status_code < 500, f"{page} links {address}: {response.status_code}"
        if response.status_code in (301, 302):
            queue.append((address, response["Location"]))
            continue
        if not response["Content-Type"].startswith("text/html"):
            continue
        for href in read(response.content.decode()).links:
            link = urlsplit(urljoin(address, href))
            if link.netloc in ("", "testserver") and link.scheme in ("", "http"):
                queue.append((address, f"{link.path}?{link.query}".rstrip("?")))
    return opened, refused


# The first demo user of each role, and pages the walk must reach for it, or it proves little.
DEMO_USER = {role: username for username, _name, roles in reversed(DEMO_USERS) for role in roles}
MUST_REACH = {
    Role.FLOOR_MANAGER: {"floor:table", "tables:player_photo", "tables:expulsion_evidence", "rake:drop_count"},
    Role.DEALER: {"tables:dealers", "floor:table", "games:dealer", "games:hand"},
    Role.CASHIER: {"cashier:index", "cashier:slips", "cashier:receipt"},
    Role.ACCOUNTANT: {"rake:table_time_charges", "rake:drop_count", "games:hand", "cashier:large_cash"},
    Role.ADMIN: {"admin:index", "admin:rake_feepolicyversion_change", "admin:auth_user_change"},
}


@pytest.mark.parametrize("role", list(Role), ids=[r.name.lower() for r in Role])
def test_every_link_a_role_is_shown_opens_for_it(room: None, role: Role) -> None:
    client = Client()
    client.force_login(User.objects.get(username=DEMO_USER[role]))
    opened, refused = crawl(client, "/")
    assert not refused, "\n".join(refused)
    assert MUST_REACH[role] <= opened.keys(), sorted(opened)
