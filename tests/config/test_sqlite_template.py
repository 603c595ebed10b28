"""The SQLite test database copied from the migrated template (tests/sqlite_template.py) is the schema
the migrations build today: a template kept from older migrations would fail here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.apps import apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from config.db import on_postgresql
from tests.sqlite_template import migrations_digest

pytestmark = pytest.mark.django_db


def test_every_migration_is_applied_and_none_is_left_to_run():
    if on_postgresql():
        pytest.skip("pytest-django migrates the PostgreSQL test database itself")
    executor = MigrationExecutor(connection)
    assert set(executor.loader.applied_migrations) == set(executor.loader.graph.nodes)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []


def test_a_changed_migration_file_names_another_template(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ledger = apps.get_app_config("ledger")
    shutil.copytree(Path(ledger.path) / "migrations", tmp_path / "migrations")
    monkeypatch.setattr(ledger, "path", str(tmp_path))
    before = migrations_digest()
    (tmp_path / "migrations" / "0001_initial.py").write_text("# changed\n", encoding="utf-8")
    changed = migrations_digest()
    (tmp_path / "migrations" / "0002_added.py").write_text("# added\n", encoding="utf-8")
    assert len({before, changed, migrations_digest()}) == 3
