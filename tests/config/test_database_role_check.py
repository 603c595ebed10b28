"""``manage.py check --deploy`` warns when the process's database role could alter the room's tables, and
so disable the triggers that keep its records append-only (issue #25); SQLite has no roles to warn of."""

from __future__ import annotations

import pytest
from django.core.checks import run_checks
from django.db import connection

from config.checks import check_runtime_role_cannot_alter_tables
from config.db import on_postgresql

pytestmark = pytest.mark.django_db

ID = "config.W001"


def _deploy_warnings() -> list[str]:
    return [message.id for message in run_checks(include_deployment_checks=True) if message.id == ID]


def test_silent_on_sqlite() -> None:
    if on_postgresql():
        pytest.skip("runs in the SQLite pass")
    assert check_runtime_role_cannot_alter_tables(None) == []
    assert _deploy_warnings() == []


@pytest.mark.postgres
def test_silent_as_the_runtime_role(on_postgres: None) -> None:
    assert _deploy_warnings() == []


@pytest.mark.postgres
def test_warns_as_the_owner_of_the_tables_with_deploy_only(on_postgres: None, as_database_owner: None) -> None:
    [warning] = check_runtime_role_cannot_alter_tables(None)
    assert warning.id == ID
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        (owner,) = cursor.fetchone()
    assert f"The database role {owner!r} can alter" in warning.msg
    assert "grant_runtime_role" in (warning.hint or "")
    assert _deploy_warnings() == [ID]
    assert [message.id for message in run_checks() if message.id == ID] == []
