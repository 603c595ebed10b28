"""The PostgreSQL pass runs as production does: the owner migrates, the tests connect as a runtime role.

pytest-django creates and migrates the test database as the owner, the user of ``DATABASE_URL``
(its ``django_db_setup``). Then ``RUNTIME_ROLE`` is created when missing, given the production grants
(``config.services.runtime_role_grant``) and, for the test harness only, ``TRUNCATE`` (Django empties
the tables with it after each transactional test: ``flush``) and ``UPDATE`` of the sequences (the
differential tests set them back: ``tests.fast_paths``). Every connection then opens
again as that role, the processes the tests start too (``tests.servers.database_url``), until the
session ends and the owner drops the test database. ``tests/config/test_runtime_role.py`` checks the
production grants on a role of their own, without the harness's additions.

The roles are the cluster's, shared by every test database on it; their privileges are each database's
and go with it. They log in without a password: the local clusters of CI and ``make db`` trust
connections from 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection
from psycopg import sql

from config.services import runtime_role_grant

RUNTIME_ROLE = "cardroom_runtime"

# The owner's name, as DATABASE_URL gives it: read before the connections switch to RUNTIME_ROLE.
OWNER: str = settings.DATABASES[DEFAULT_DB_ALIAS].get("USER") or ""


def role_ensure(name: str) -> None:
    """Create the login role ``name`` when it does not exist, as the connected owner. Two test runs on one
    cluster may both find it missing: the second's CREATE ROLE fails and is ignored. A role found with
    more than a login (a superuser, say) is refused: the tests of its privileges would prove nothing."""
    with connection.cursor() as cursor:
        role = sql.Identifier(name).as_string(connection.connection)
        cursor.execute(
            "DO $$ BEGIN"
            f" CREATE ROLE {role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;"
            " EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$"
        )
        cursor.execute(
            "SELECT rolcanlogin AND NOT (rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication OR rolbypassrls)"
            " FROM pg_roles WHERE rolname = %s",
            [name],
        )
        assert cursor.fetchone() == (True,), f"the role {name!r} exists with more than a login: drop it"


@contextmanager
def connected_as(user: str) -> Iterator[None]:
    """The default connection, and every process a test starts over the test database, as ``user``.

    Outside any transaction only (a transactional test, the session's set-up): the connection is closed
    and opens again as ``user``, then closed again and given back its user at the end."""
    assert not connection.in_atomic_block, "connected_as needs a transactional test: the connection is reopened"
    before = connection.settings_dict["USER"]
    connection.close()
    # The same dict as settings.DATABASES' (Django's connection handler keeps it), read by the processes.
    connection.settings_dict["USER"] = user
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict["USER"] = before


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test database, created and migrated by the owner; the tests run as ``RUNTIME_ROLE``."""
    with django_db_blocker.unblock():
        role_ensure(RUNTIME_ROLE)
        runtime_role_grant(role=RUNTIME_ROLE)
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_schema()")
            (schema,) = cursor.fetchone()
            # For the harness only, never the product's role (runtime_role_grant revokes them): TRUNCATE for
            # Django's flush, and UPDATE of the sequences for the differential tests, which set them back
            # (setval) so that both runs of the same work draw the same ids (tests/fast_paths.py).
            for grant in (
                "GRANT TRUNCATE ON ALL TABLES IN SCHEMA {schema} TO {role}",
                "GRANT UPDATE ON ALL SEQUENCES IN SCHEMA {schema} TO {role}",
            ):
                statement = sql.SQL(grant).format(schema=sql.Identifier(schema), role=sql.Identifier(RUNTIME_ROLE))
                cursor.execute(statement.as_string(connection.connection))
    with connected_as(RUNTIME_ROLE):
        yield
