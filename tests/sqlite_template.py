"""The SQLite test database: migrated once per set of migrations, copied into each test process.

Migrating from nothing costs each test process about half a minute of CPU (the triggers and data
migrations of audit, cashier and rake), on every ``make test`` and in every xdist worker. Here the
first process to need it migrates a file database under ``.cache/`` named by a digest of every
installed app's migration files and the SQLite library, and every process, that one included, copies
the file into an in-memory database of its own with SQLite's backup API (as Django's parallel runner
does for its workers). A changed, added or removed migration gives another digest and so another
file; an older file is removed when a new one is built.

``post_migrate`` is sent again on each copy: what its receivers write (content types, permissions,
the role groups of ``config.roles``) follows the code, not the migrations. PostgreSQL runs keep
pytest-django's own set-up (``tests/conftest.py`` only installs this fixture on SQLite); on SQLite
its ``--create-db`` and ``--reuse-db`` have nothing left to do (``rm -r .cache`` starts afresh).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import django
import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.sql import emit_post_migrate_signal
from django.db import DEFAULT_DB_ALIAS, connections
from pytest_django import DjangoDbBlocker

CACHE = Path(__file__).resolve().parent.parent / ".cache" / "sqlite-test-db"


def migrations_digest() -> str:
    """A digest of what the migrated schema depends on: Django, SQLite and every migration file."""
    digest = hashlib.sha256(f"{django.__version__} {sqlite3.sqlite_version}".encode())
    for config in apps.get_app_configs():
        folder = Path(config.path) / "migrations"
        for path in sorted(folder.glob("*.py")):
            digest.update(f"{config.label}/{path.name}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _built(template: Path) -> None:
    """Migrate a new file database into ``template`` unless another process has; one at a time."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / "build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if template.exists():
            return
        building = template.with_suffix(f".building-{os.getpid()}")
        connection = connections[DEFAULT_DB_ALIAS]
        connection.close()
        connection.settings_dict["NAME"] = str(building)
        try:
            call_command("migrate", verbosity=0, interactive=False, run_syncdb=True, database=DEFAULT_DB_ALIAS)
        except BaseException:
            connection.close()
            building.unlink(missing_ok=True)
            raise
        connection.close()
        for stale in CACHE.glob("*.sqlite3"):
            stale.unlink()
        building.replace(template)


@pytest.fixture(scope="session")
def django_db_setup(django_test_environment: None, django_db_blocker: DjangoDbBlocker) -> Iterator[None]:
    """Replaces pytest-django's fixture of the same name on SQLite (see the module's docstring)."""
    connection = connections[DEFAULT_DB_ALIAS]
    original_name = connection.settings_dict["NAME"]
    template = CACHE / f"{migrations_digest()}.sqlite3"
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    memory = f"file:memorydb_{DEFAULT_DB_ALIAS}_{worker}?mode=memory&cache=shared"
    with django_db_blocker.unblock():
        _built(template)
        # The copy lives while a connection to it is open: Django's stays open (it never closes an
        # in-memory database) before ``copy`` closes.
        copy = sqlite3.connect(memory, uri=True)
        source = sqlite3.connect(f"file:{template}?mode=ro", uri=True)
        source.backup(copy)
        source.close()
        connection.close()
        connection.settings_dict["NAME"] = settings.DATABASES[DEFAULT_DB_ALIAS]["NAME"] = memory
        connection.connect()
        copy.close()
        emit_post_migrate_signal(verbosity=0, interactive=False, db=DEFAULT_DB_ALIAS)
    yield
    with django_db_blocker.unblock():
        connection.settings_dict["NAME"] = settings.DATABASES[DEFAULT_DB_ALIAS]["NAME"] = original_name
        connection.close()
