"""The database plumbing of the hot paths: the switch between the PostgreSQL fast paths and their ORM
twins, a cursor whose fixed statements PostgreSQL plans once per connection, the names a statement takes
from the models, and a writer of several models' rows in one statement.

The switch: ``fast_paths()`` (setting ``CARDROOM_FAST_PATHS``), and ``on_postgresql()`` for what only
PostgreSQL has; nothing else reads a connection's vendor (``tests/config/test_one_fast_path_switch.py``).
A fast path's statement takes its tables and columns from the models (``sql_text``) and its enum values
as parameters (``tests/config/test_fast_path_sql_names.py``). Fast path: ``insert_all`` as one
statement. ORM twin: one ``bulk_create`` per model. Differential tests:
``tests/games/test_insert_all_writes_what_save_writes.py`` and
``tests/games/test_hand_recording_paths_write_the_same_rows.py``. Rules it restates: how each field
prepares its value for the database (``Field.pre_save``, ``get_prep_value``).

Django binds parameters on the client and never prepares a statement, which keeps
connection poolers in transaction mode working; for the few fixed statements every
device request sends (a token check, a sale, a dealer's event, a hand's start and
its fee) parsing and planning cost the server more than running them.
``prepared_cursor`` binds on the server, and psycopg prepares a statement once it
has run ``prepare_threshold`` times on a connection (settings:
``DATABASE_PREPARE_THRESHOLD``), so later runs on the same kept or pooled
connection skip parse and plan. The ORM's statements are never prepared. A
statement sent here states its parameters' types (``%s::bigint``) wherever its
context does not fix them: a server-bound Python int arrives as the smallest
integer type that holds it. On SQLite this is Django's own cursor.

These statements go without the history's context (``audit.services.context``):
pghistory puts it before each statement as a second statement in the same
string, which a statement bound on the server cannot hold. None of them
writes a column the history tracks (the shift's receipt counter is left out
of it on purpose); a history trigger one of them did fire would still write
its row, with the context only if an earlier statement of the same
transaction had set it.

``insert_all`` writes the rows of a whole hand (the hand, its seats, log and
result) as one such statement.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, cast
from uuid import UUID

from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model
from pghistory.runtime import _inject_history_context


def on_postgresql(conn: BaseDatabaseWrapper | None = None) -> bool:
    """Whether ``conn`` (the default connection) is PostgreSQL: for what only PostgreSQL has
    (triggers, advisory locks, ``SKIP LOCKED``). The one place that reads a connection's vendor;
    a test (``tests/config/test_one_fast_path_switch.py``) keeps it so."""
    return (conn or connection).vendor == "postgresql"


def fast_paths() -> bool:
    """Whether the hand-written PostgreSQL statements run instead of their ORM twins: the one switch
    (setting ``CARDROOM_FAST_PATHS``, off wherever the database is not PostgreSQL)."""
    return bool(settings.CARDROOM_FAST_PATHS)


@contextmanager
def prepared_cursor() -> Iterator[Any]:
    if not fast_paths():
        with connection.cursor() as cursor:
            yield cursor
        return
    from django.db.backends.postgresql.base import ServerBindingCursor

    # As Django's own cursor() does: the request's first statement may come here (the token check),
    # and a kept connection the server dropped since the last request is replaced, not used.
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    raw: Any = cast(Any, ServerBindingCursor)(connection.connection)
    wrappers = connection.execute_wrappers
    connection.execute_wrappers = [w for w in wrappers if w is not _inject_history_context]
    try:
        with connection.make_debug_cursor(raw) if connection.queries_logged else connection.make_cursor(raw) as cursor:
            yield cursor
    finally:
        connection.execute_wrappers = wrappers


class SqlNames:
    """A model's names for the text of a statement, as its metadata has them, quoted.

    In a template for ``sql_text``, ``{Hand}`` is the model's table and
    ``{Hand.table_id}`` (or ``{Hand.table}``) a field's column: a name the model does
    not have fails where the statement is built, at import, not where it is sent.
    """

    def __init__(self, model: type[Model]) -> None:
        self.model = model

    def __format__(self, spec: str) -> str:
        return str(connection.ops.quote_name(self.model._meta.db_table))

    def __getattr__(self, name: str) -> str:
        try:
            field = self.model._meta.get_field(name)
        except FieldDoesNotExist:
            raise AttributeError(f"{self.model.__name__} has no field {name!r}") from None
        column = getattr(field, "column", None)
        if column is None:
            raise AttributeError(f"{self.model.__name__}.{name} has no column")
        return str(connection.ops.quote_name(column))


def sql_text(template: str, **models: type[Model]) -> str:
    """``template`` with each ``{Name}`` and ``{Name.field}`` of ``models`` replaced by its table or column
    (``SqlNames``). The fast paths' statements are written this way, so they name nothing the models do not
    have: ``tests/config/test_fast_path_sql_names.py`` checks what they send."""
    return template.format(**{name: SqlNames(model) for name, model in models.items()})


# The rows of one model to insert (``insert_all``).
type Rows = tuple[type[Model], Sequence[Model]]


def insert_all(groups: Sequence[Rows]) -> None:
    """Insert the rows of several models, in order: on PostgreSQL as one prepared statement.

    Each model's rows go in as one ``INSERT ... SELECT FROM
    json_populate_recordset(...)`` of one JSON array (the row type is the
    table's own, so PostgreSQL converts each value to its column's type), and
    the inserts are the parts of one ``WITH`` statement: one round trip, one
    parameter per model, and, since the text depends only on which models are
    inserted (not on how many rows), a plan the server keeps per connection
    (``prepared_cursor``). A row that points to another row
    inserted here needs that row's primary key set before (a sequence value
    read earlier, as ``games.services.table_state`` draws the next hand's),
    since the parts of one statement cannot see each other's rows; the
    foreign keys are checked at COMMIT (Django's are deferred). Values are
    prepared by each field as ``save`` prepares them. A row inserted without
    its primary key does not learn it here (nothing is returned): a caller
    that needs the id sets it first. Elsewhere each group is one
    ``bulk_create``.
    """
    groups = [(model, rows) for model, rows in groups if rows]
    if not fast_paths():
        for model, rows in groups:
            model._default_manager.bulk_create(rows)  # sets each row's foreign keys from the rows before
        return
    parts: list[str] = []
    params: list[Any] = []
    for k, (model, rows) in enumerate(groups):
        with_pk = rows[0].pk is not None
        if any((row.pk is not None) != with_pk for row in rows):
            raise ValueError(f"{model.__name__}: give every row its primary key, or none")
        sql, fields = _json_insert(model, with_pk)
        for row in rows:
            cast(Any, row)._prepare_related_fields_for_save(operation_name="bulk_create")
        parts.append(f"i{k} AS ({sql})")
        values = [{f.column: f.get_prep_value(f.pre_save(row, True)) for f in fields} for row in rows]
        params.append(json.dumps(values, default=_json_value))
    with prepared_cursor() as cursor:
        cursor.execute(f"WITH {', '.join(parts)} SELECT 1", params)
    for _m, rows in groups:
        for row in rows:
            row._state.adding = False
            row._state.db = connection.alias


_INSERTS: dict[tuple[type[Model], bool], tuple[str, list[Field[Any, Any]]]] = {}


def _json_insert(model: type[Model], with_pk: bool) -> tuple[str, list[Field[Any, Any]]]:
    """The insert of ``model``'s rows from a JSON array of objects keyed by column, and the columns' fields."""
    known = _INSERTS.get((model, with_pk))
    if known is not None:
        return known
    opts = model._meta
    fields = [f for f in opts.concrete_fields if with_pk or f is not opts.pk]
    quote = connection.ops.quote_name
    table = quote(opts.db_table)
    columns = ", ".join(quote(str(f.column)) for f in fields)
    sql = f"INSERT INTO {table} ({columns}) SELECT {columns} FROM json_populate_recordset(NULL::{table}, %s::json)"
    _INSERTS[(model, with_pk)] = (sql, fields)
    return sql, fields


def _json_value(value: Any) -> str:
    """A value JSON has no type for, as text its column's input function reads exactly."""
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Decimal | UUID):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not written by insert_all")


def row_json_loads(text: str | None) -> Any:
    """A ``row_to_json(...)::text`` column read back; a numeric (a fee rate) is a Decimal, never a float."""
    return None if text is None else json.loads(text, parse_float=Decimal)


def instance_from_row[M: Model](model: type[M], data: dict[str, Any]) -> M:
    """A model instance from ``row_to_json`` of its table's row, as if the ORM had loaded it."""
    fields = model._meta.concrete_fields
    values = [f.to_python(data[str(f.column)]) for f in fields]
    return model.from_db(connection.alias, [f.attname for f in fields], values)
