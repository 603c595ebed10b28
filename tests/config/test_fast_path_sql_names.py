"""The fast paths' SQL names only what the models have, from their metadata, and no enum value (issue #18).

The statements run only on PostgreSQL; this test reads them on any database, so a renamed field or
table fails the SQLite pass too. Each module in ``MODULES`` exposes ``STATEMENTS``, the text of every
statement it sends, built with ``config.db.sql_text`` (tables and columns from ``Model._meta``, quoted).
Checked in each statement:

- every quoted identifier is a table or a column of an installed model;
- what follows FROM, JOIN, INTO and UPDATE is a quoted table, a ``WITH`` part, a function or a subquery:
  a table named by hand fails;
- ``alias."column"`` and ``"table"."column"``: the column is one of that table's, and an INSERT's column
  list holds only the target's columns;
- no bare word that is a column of a table the statement reads (a column named by hand);
- no string literal that is a value of a model field's choices (``'open'``): enum values go as parameters.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator

import pytest
from django.apps import apps

from config.db import _json_insert

# Each exposes ``STATEMENTS: tuple[str, ...]``.
MODULES = (
    "games.services.table_state",
    "games.services.recording",
    "cashier.services.sales",
    "cashier.services.drawers",
    "ledger.services.entry_sql",
    "ledger.services.balance_sql",
    "ledger.services.fee_sql",
    "games.services.hand_fee_sql",
)
# ``config.db.insert_all``'s inserts are built per model: those of the models hand recording inserts.
INSERTED_BY_INSERT_ALL = ("games",)

_COMMENT = re.compile(r"--[^\n]*")
_STRING = re.compile(r"'(?:[^']|'')*'")
_PARAMETER = re.compile(r"%\(\w+\)s|%s")
_QUOTED = re.compile(r'"(\w+)"')
_CTE = re.compile(r"\b(\w+)\s+AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\(", re.IGNORECASE)
_KEYWORDS = "ON|WHERE|SET|LEFT|RIGHT|INNER|CROSS|JOIN|ORDER|GROUP|LIMIT|FOR|RETURNING|VALUES|SELECT|UNION|USING"
_TARGET = re.compile(
    rf"(?<!FOR )\b(FROM|JOIN|INTO|UPDATE)\s+(\"\w+\"|\w+)(\s*\()?(?:\s+(?:AS\s+)?(?!(?:{_KEYWORDS})\b)([a-z_]\w*))?",
    re.IGNORECASE,
)
_QUALIFIED = re.compile(r'(\w+|"\w+")\.("\w+"|\w+|\*)')
_INSERT_COLUMNS = re.compile(r'INTO\s+"(\w+)"\s*\(([^)]*)\)', re.IGNORECASE)
_CAST = re.compile(r'::"?\w+"?')
_WORD = re.compile(r"(?<![.\w%\"])([a-z_]\w*)(?![\w\"(])", re.IGNORECASE)
_ALIAS = re.compile(r"\bAS\s+([a-z_]\w*)", re.IGNORECASE)


def _columns() -> dict[str, set[str]]:
    tables: dict[str, set[str]] = {}
    for model in apps.get_models(include_auto_created=True):
        tables.setdefault(model._meta.db_table, set()).update(str(f.column) for f in model._meta.concrete_fields)
    return tables


def _choice_values() -> set[str]:
    return {
        str(value)
        for model in apps.get_models()
        for field in model._meta.concrete_fields
        for value, _label in field.flatchoices
        if isinstance(value, str) and value
    }


def name_errors(sql: str, tables: dict[str, set[str]], choices: set[str]) -> list[str]:
    """What ``sql`` names that no model has, or writes by hand."""
    errors = [f"enum value {s} written in the SQL" for s in _STRING.findall(sql) if s[1:-1] in choices]
    text = _STRING.sub("''", _COMMENT.sub("", sql))
    every_column = set().union(*tables.values())
    errors += [f'"{n}" is no table or column' for n in _QUOTED.findall(text) if n not in tables.keys() | every_column]
    parts = {name.lower() for name in _CTE.findall(text)}
    aliases: dict[str, str | None] = {}  # alias -> table (None: a WITH part or a subquery)
    for keyword, target, call, alias in _TARGET.findall(text):
        if (call and keyword.upper() != "INTO") or target.upper() in {"SELECT", "OF", "SET"}:  # SET: DO UPDATE SET
            continue
        if target.startswith('"'):
            table: str | None = target.strip('"')
        elif target.lower() in parts:
            table = None
        else:
            errors.append(f"table {target} named by hand")
            continue
        aliases[target.lower()] = table
        if alias:
            aliases[alias.lower()] = table
    for qualifier, column in _QUALIFIED.findall(text):
        if column == "*" or qualifier.isdigit():
            continue
        # "": a qualifier the statement does not define (EXCLUDED): the column is checked as any quoted name.
        table = qualifier.strip('"') if qualifier.startswith('"') else aliases.get(qualifier.lower(), "")
        if table is None:
            continue  # a WITH part's or a subquery's own column
        if not column.startswith('"'):
            errors.append(f"column {qualifier}.{column} named by hand")
        elif table and column.strip('"') not in tables.get(table, set()):
            errors.append(f"{table} has no column {column}")
    for table, listed in _INSERT_COLUMNS.findall(text):
        errors += [f"{table} has no column {c}" for c in _QUOTED.findall(listed) if c not in tables.get(table, set())]
    read = set().union(*(tables.get(t, set()) for t in aliases.values() if t is not None))
    declared = {a.lower() for a in _ALIAS.findall(text)} | set(aliases) | parts
    bare = _WORD.findall(_CAST.sub("", _PARAMETER.sub("", text)))
    errors += [f"column {w} named by hand" for w in bare if w in read and w.lower() not in declared]
    return errors


def _statements() -> Iterator[tuple[str, str]]:
    for name in MODULES:
        statements = importlib.import_module(name).STATEMENTS
        assert statements, f"{name} exposes no statement"
        for sql in statements:
            yield name, sql
    for model in apps.get_app_config(*INSERTED_BY_INSERT_ALL).get_models():
        for with_pk in (True, False):
            yield "config.db.insert_all", _json_insert(model, with_pk)[0]


@pytest.mark.parametrize(("where", "sql"), list(_statements()), ids=lambda v: v if "." in v and " " not in v else "")
def test_the_fast_path_names_what_the_models_have(where: str, sql: str) -> None:
    assert name_errors(sql, _columns(), _choice_values()) == [], where


@pytest.mark.parametrize(
    ("sql", "error"),
    [
        ('SELECT h."id" FROM games_hand h', "table games_hand named by hand"),
        ('SELECT h."number" FROM "games_hand" h JOIN tables_table t ON t."id" = h."table_id"', "table tables_table"),
        ('SELECT h."no_such_column" FROM "games_hand" h', '"no_such_column" is no table or column'),
        ('SELECT h."kind" FROM "games_hand" h', "games_hand has no column"),
        ('SELECT h.number FROM "games_hand" h', "column h.number named by hand"),
        ('SELECT "games_hand"."kind" FROM "games_hand"', "games_hand has no column"),
        ('UPDATE "games_hand" SET seq = %s WHERE "id" = %s', "column seq named by hand"),
        ('SELECT "id" FROM "games_hand" WHERE "status" = \'open\'', "enum value 'open'"),
        ('INSERT INTO "games_hand" ("kind") VALUES (%s)', "games_hand has no column"),
    ],
)
def test_a_name_no_model_has_or_one_written_by_hand_is_found(sql: str, error: str) -> None:
    errors = name_errors(sql, _columns(), _choice_values())
    assert any(error in e for e in errors), errors


def test_a_statement_from_the_metadata_passes() -> None:
    sql = """
WITH head AS (UPDATE "games_hand" SET "seq" = %(seq)s WHERE "id" = %(id)s AND "status" = %(open)s RETURNING "id")
SELECT h."number", head."id", row_to_json(s)::text FROM "games_hand" h JOIN head ON head."id" = h."id"
    LEFT JOIN "tables_seatsession" AS s ON s."table_id" = h."table_id" AND s."ended_at" IS NULL
WHERE h."client_hand_id" <> '' FOR UPDATE OF h
"""
    assert name_errors(sql, _columns(), _choice_values()) == []
