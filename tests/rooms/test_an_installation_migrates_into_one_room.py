"""An installation from before rooms, with tables in it, migrates into one room that has exactly the
figures its settings gave, and every table is that room's, and so is every record of its floor: the
waitlist entries, the dealers' shifts, the board links, the room language, the players (the room's register)
and the expulsions (decided there, their scope kept); and its ledger: the chips, the places, the journal
and the closed days, which still balance and still refuse an entry in a closed day. Run by the project's own
commands on a new PostgreSQL database of the test's own, as production migrates (on SQLite the whole migration from an
empty database costs about a minute and a half, and proves nothing the PostgreSQL run does not)."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.conftest import ROOT
from tests.database_roles import OWNER
from tests.servers import database_url, process_env

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

SETTINGS = {
    "CARDROOM_NAME": "Salon Neris",
    "CARDROOM_TIME_ZONE": "Europe/Vilnius",
    "CARDROOM_CURRENCY": "EUR",
    "CARDROOM_GAMING_DAY_START": "07:30",
    "CARDROOM_BUTTON": "dead",
    "CARDROOM_DEALER_MAX_MINUTES": "120",
    "CARDROOM_LARGE_CASH_THRESHOLD": "1500000",
}

BEFORE_ROOMS = """
from django.db import connection
from django.utils import timezone
now = timezone.now()
with connection.cursor() as c:
    c.execute("INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email, is_staff,"
              " is_active, date_joined) VALUES ('!', false, 'floor', '', '', '', false, true, %s)", [now])
    c.execute("SELECT id FROM auth_user WHERE username = 'floor'")
    user = c.fetchone()[0]
    for number in (1, 2):
        c.execute("INSERT INTO tables_table (number, name, seats, status, status_changed_at, created_at, created_by_id)"
                  " VALUES (%s, '', 6, 'closed', %s, %s, %s)", [number, now, now, user])

# The floor's records, written through the models as they were before rooms (the migrations' state).
from django.db.migrations.loader import MigrationLoader
state = MigrationLoader(connection).project_state(("tables", "0007_player_search_key")).apps
model = lambda name: state.get_model("tables", name)
made = {"created_at": now, "created_by_id": user}
game = model("Game").objects.create(name="Club Poker", kind="club_poker", structure="pot_or_no_limit", ante=1000,
                                    min_buy_in=20000, max_buy_in=200000, seat_limit=6, **made)
for last_name in ("Karapetyan", "Kazlauskas"):
    player = model("Player").objects.create(first_name="Armen", last_name=last_name, **made)
    model("WaitlistEntry").objects.create(game=game, player=player, queued_at=now, first_joined_at=now, **made)
model("Expulsion").objects.create(player=player, rule="R1", reason="showed his cards", scope="premises",
                                  duration="permanent", starts_at=now, **made)
model("DealerShift").objects.create(dealer_id=user, clock_in_at=now, **made)
model("KioskToken").objects.create(label="TV", token_hash="0" * 64, **made)
model("RoomLanguage").objects.create(language="lt", **made)

# The ledger as it was before rooms: a chip, the vault and a table's tray, an entry, a closed day.
from django.db import transaction
ledger = MigrationLoader(connection).project_state(("ledger", "0003_tables_named_for_the_ledger")).apps
chip = ledger.get_model("ledger", "Denomination").objects.create(value=1000, colour="blue", label="1,000")
Account = ledger.get_model("ledger", "Account")
vault = Account.objects.create(kind="vault", name="Vault", tracked=True)
issued = Account.objects.create(kind="chip_issue", name="Chips issued", tracked=False)
table_one = state.get_model("tables", "Table").objects.get(number=1)
tray = Account.objects.create(kind="tray", name="Tray", tracked=True, table_id=table_one.pk)
for account in (vault, tray):
    ledger.get_model("ledger", "Balance").objects.create(account=account, denomination=chip, amount=0)
ledger.get_model("ledger", "Balance").objects.filter(account=vault).update(amount=50000)
with transaction.atomic():
    entry = ledger.get_model("ledger", "JournalEntry").objects.create(reason="opening", gaming_day=now.date(), **made)
    for account, amount in ((issued, -50000), (vault, 50000)):
        ledger.get_model("ledger", "Leg").objects.create(entry=entry, account=account, denomination=chip,
                                                         currency="EUR", amount=amount)
ledger.get_model("ledger", "GamingDayClose").objects.create(gaming_day=now.date().replace(year=2020), **made)
"""

AFTER = """
import json
from rooms.models import Room
from tables.models import DealerShift, Expulsion, KioskToken, Player, RoomLanguage, Table, WaitlistEntry
rooms = [{"code": r.code, "name": r.name, "time_zone": r.time_zone, "currency": r.currency,
          "exponent": r.currency_exponent, "day_start": r.gaming_day_start.isoformat(), "button": r.button,
          "dealer_max": r.dealer_max_minutes, "large_cash": r.large_cash_threshold, "pk": r.pk}
         for r in Room.objects.all()]
floor = {m.__name__: sorted(m.objects.values_list("room_id", flat=True))
         for m in (WaitlistEntry, DealerShift, KioskToken, RoomLanguage, Player, Expulsion)}
floor["scopes"] = list(Expulsion.objects.values_list("scope", flat=True))
from ledger.models import Account, Denomination, GamingDayClose, JournalEntry
from ledger.selectors.balances import ledger_check
from ledger.selectors.days import gaming_day_is_closed
room = Room.objects.get()
books = {m.__name__: sorted(m.objects.values_list("room_id", flat=True))
         for m in (Account, Denomination, JournalEntry, GamingDayClose)}
books["ok"] = ledger_check(room_id=room.pk).ok
books["closed"] = gaming_day_is_closed(GamingDayClose.objects.get().gaming_day, room_id=room.pk)
print(json.dumps({"rooms": rooms, "tables": list(Table.objects.order_by("number").values_list("number", "room_id")),
                  "floor": floor, "books": books}))
"""


@pytest.fixture
def empty_database(on_postgres: None) -> Iterator[str]:
    """The URL of a new, empty database of the owner's (it migrates, as production's owner does), dropped
    afterwards."""
    source = database_url(user=OWNER)
    name = f"cardroom_rooms_{uuid.uuid4().hex[:12]}"
    subprocess.run(["createdb", f"--maintenance-db={source}", name], check=True, timeout=60)
    try:
        yield urlunsplit(urlsplit(source)._replace(path=f"/{name}"))
    finally:
        subprocess.run(["dropdb", f"--maintenance-db={source}", "--if-exists", "--force", name], timeout=60)


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{args} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_the_tables_of_an_installation_go_to_its_first_room_with_its_settings(empty_database: str) -> None:
    env = process_env({"DATABASE_URL": empty_database, **SETTINGS})
    _manage(env, "migrate", "--noinput", "tables", "0007_player_search_key")
    _manage(env, "migrate", "--noinput", "ledger", "0003_tables_named_for_the_ledger")
    _manage(env, "shell", "-c", BEFORE_ROOMS)
    _manage(env, "migrate", "--noinput")
    after = json.loads(_manage(env, "shell", "-c", AFTER).strip().splitlines()[-1])

    [room] = after["rooms"]
    assert {k: v for k, v in room.items() if k != "pk"} == {
        "code": "salon-neris",
        "name": "Salon Neris",
        "time_zone": "Europe/Vilnius",
        "currency": "EUR",
        "exponent": 2,
        "day_start": "07:30:00",
        "button": "dead",
        "dealer_max": 120,
        "large_cash": 1_500_000,
    }
    assert after["tables"] == [[1, room["pk"]], [2, room["pk"]]]
    assert after["floor"] == {
        "WaitlistEntry": [room["pk"], room["pk"]],
        "DealerShift": [room["pk"]],
        "KioskToken": [room["pk"]],
        "RoomLanguage": [room["pk"]],
        "Player": [room["pk"], room["pk"]],
        "Expulsion": [room["pk"]],
        "scopes": ["premises"],
    }
    assert after["books"] == {
        "Account": [room["pk"]] * 3,
        "Denomination": [room["pk"]],
        "JournalEntry": [room["pk"]],
        "GamingDayClose": [room["pk"]],
        "ok": True,
        "closed": True,
    }
