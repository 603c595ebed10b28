"""The backup and restore of docs/production.md ("Backup and restore"), command for command: a room with
hands, fees and chips in play is dumped in pg_dump's custom format by the owner and restored by it into a
new database, without the dump's privileges; the runtime role is granted its own there again, and, as
that role, every hand replays to what was stored, the ledger balances, and the triggers still refuse an
edit of a posted record, which the role cannot switch off."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.contrib.auth.models import User

from games.models import Hand, HandEvent, HandStatus
from games.services.scenarios import issue_chips
from ledger.models import Leg
from tests.conftest import ROOT
from tests.database_roles import OWNER, RUNTIME_ROLE
from tests.factories import home_room
from tests.games.helpers import play_hand
from tests.servers import database_url, process_env

pytestmark = [pytest.mark.faults, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

LEDGER_CHECK = (
    "from ledger.selectors.balances import ledger_check; from rooms.models import Room; "
    "checks = [ledger_check(room_id=room.pk) for room in Room.objects.all()]; print(checks); "
    "raise SystemExit(not all(c.ok for c in checks))"
)


def _run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def _ok(cmd: list[str], env: dict[str, str] | None = None) -> str:
    done = _run(cmd, env)
    assert done.returncode == 0, f"{cmd[:3]} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done.stdout


def _other_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture
def restored_name(on_postgres: None) -> Iterator[str]:
    """A database name of the test's own, dropped afterwards whatever happened."""
    name = f"cardroom_restored_{uuid.uuid4().hex[:12]}"
    try:
        yield name
    finally:
        _run(["dropdb", f"--maintenance-db={database_url(user=OWNER)}", "--if-exists", "--force", name])


def test_a_restored_copy_verifies_and_still_refuses_edits(
    restored_name: str,
    tmp_path: Path,
    hand_table: Callable[..., Any],
    holdem: Any,
    dealer: User,
    admin_user: User,
) -> None:
    issue_chips(actor=admin_user, pieces=20, room=home_room())  # a journal entry and balances for the ledger check
    table = hand_table(holdem, dealer, players=3)
    for seed in range(3):
        assert play_hand(dealer, table.pk, seed).status == HandStatus.COMPLETE
    hands, legs = Hand.objects.count(), Leg.objects.count()
    assert legs > 0

    source = database_url(user=OWNER)
    dump = tmp_path / "cardroom.dump"
    _ok(["pg_dump", "--format=custom", f"--file={dump}", source])
    _ok(["createdb", f"--maintenance-db={source}", restored_name])
    copy = _other_database(source, restored_name)
    _ok(["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", f"--dbname={copy}", str(dump)])

    manage = [sys.executable, "manage.py"]
    as_owner = process_env({"DATABASE_URL": copy})
    _ok([*manage, "migrate", "--check"], as_owner)
    _ok([*manage, "grant_runtime_role", RUNTIME_ROLE], as_owner)

    runtime_copy = _other_database(database_url(), restored_name)
    env = process_env({"DATABASE_URL": runtime_copy})
    assert f": {hands} hands checked" in _ok([*manage, "verify_hands"], env)
    _ok([*manage, "shell", "-c", LEDGER_CHECK], env)

    for refused, reason in (
        (f"UPDATE {HandEvent._meta.db_table} SET seq = seq + 1000", "pgtrigger"),
        (f"DELETE FROM {Leg._meta.db_table}", "pgtrigger"),
        (f"ALTER TABLE {Leg._meta.db_table} DISABLE TRIGGER ALL", "must be owner"),
    ):
        edit = _run(["psql", runtime_copy, "-v", "ON_ERROR_STOP=1", "-c", refused])
        assert edit.returncode != 0, refused
        assert reason in edit.stderr.lower(), edit.stderr
    counted = _ok(["psql", runtime_copy, "-At", "-c", f"SELECT count(*) FROM {Leg._meta.db_table}"])
    assert int(counted) == legs
