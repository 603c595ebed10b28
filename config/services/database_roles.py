"""The runtime role's privileges on PostgreSQL, in one place (issue #25).

Production connects with two roles (docs/production.md, "Two database roles"): the owner, which runs
``migrate`` and owns every table, and the runtime role, which the web processes, the workers and beat
connect as. The runtime role reads and writes rows and nothing else: it owns nothing, so it cannot
``ALTER TABLE`` (``DISABLE TRIGGER`` is one) or drop a table, and it holds no ``TRUNCATE``. The triggers
that keep posted records append-only (``config.triggers``) then hold against the application itself.

What the room does at run time needs no more than ``RUNTIME_TABLE_PRIVILEGES`` and the sequences' usage:

- rows of every table: the records, the outbox, the sessions (``django_session``), the login attempts;
- ``pg_advisory_xact_lock`` (time charges, a room's gaming-day close and the records that wait for it,
  ``config.triggers``), a session setting (``SET synchronous_commit``, pghistory's
  context by ``set_config``), ``COPY (SELECT ...) TO STDOUT`` (the fee detail CSV): no privilege beyond
  the rows'.

The cache is Redis or local memory, Celery's results are in Redis and beat's schedule is a file: none of
them has a table. No statement creates a table, temporary or not, at run time.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from psycopg import sql

from config.db import on_postgresql
from config.errors import DomainError
from config.triggers import guards_seal

RUNTIME_TABLE_PRIVILEGES = ("SELECT", "INSERT", "UPDATE", "DELETE")
RUNTIME_SEQUENCE_PRIVILEGES = ("USAGE", "SELECT")

# The role's privileges on the schema's tables and sequences, set afresh on each run: what was granted
# before (by hand, or by an older version of this list) is revoked first, so this list is all it holds.
# The default privileges cover what later migrations create: they apply to objects the role running
# this (the owner, which runs migrate) creates in the schema.
_GRANTS = (
    "REVOKE ALL ON ALL TABLES IN SCHEMA {schema} FROM {role}",
    "REVOKE ALL ON ALL SEQUENCES IN SCHEMA {schema} FROM {role}",
    "ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} REVOKE ALL ON TABLES FROM {role}",
    "ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} REVOKE ALL ON SEQUENCES FROM {role}",
    "GRANT CONNECT ON DATABASE {database} TO {role}",
    "GRANT USAGE ON SCHEMA {schema} TO {role}",
    "GRANT {tables} ON ALL TABLES IN SCHEMA {schema} TO {role}",
    "GRANT {sequences} ON ALL SEQUENCES IN SCHEMA {schema} TO {role}",
    "ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} GRANT {tables} ON TABLES TO {role}",
    "ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} GRANT {sequences} ON SEQUENCES TO {role}",
)


def runtime_role_grant(*, role: str, using: str = DEFAULT_DB_ALIAS) -> list[str]:
    """Give ``role`` exactly the runtime privileges on the database of ``using`` and its current schema,
    now and on the tables and sequences later migrations create; returns the statements run.

    Run by the owner after each ``migrate`` (``manage.py grant_runtime_role``), and again after a restore;
    running it twice changes nothing. Refused when ``role`` does not exist, or could act as the owner (it
    is the owner, a member of it, or a superuser): its grants would then restrict nothing.
    """
    conn = connections[using]
    if not on_postgresql(conn):
        raise DomainError("The runtime role's grants are PostgreSQL's: this database has no roles.", code="postgres")
    with transaction.atomic(using=using), conn.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, current_database(), current_schema(), pg_has_role(rolname, current_user, 'MEMBER')"
            " FROM pg_roles WHERE rolname = %s",
            [role],
        )
        found = cursor.fetchone()
        if found is None:
            raise DomainError(f"No database role {role!r}: create it first (CREATE ROLE ... LOGIN).", code="no_role")
        owner, database, schema, acts_as_owner = found
        if acts_as_owner:
            raise DomainError(
                f"The role {role!r} can act as {owner!r}, which owns the tables (it is that role, a member of it,"
                " or a superuser): the runtime role must be a role of its own.",
                code="owner_role",
            )
        names = {
            "role": sql.Identifier(role),
            "database": sql.Identifier(database),
            "schema": sql.Identifier(schema),
            "tables": sql.SQL(", ").join(map(sql.SQL, RUNTIME_TABLE_PRIVILEGES)),
            "sequences": sql.SQL(", ").join(map(sql.SQL, RUNTIME_SEQUENCE_PRIVILEGES)),
        }
        statements = [sql.SQL(grant).format(**names).as_string(conn.connection) for grant in _GRANTS]
        for statement in statements:
            cursor.execute(statement)
        # After a restore too: no trigger the role could have skipped by a session setting.
        guards_seal(using)
    return statements
