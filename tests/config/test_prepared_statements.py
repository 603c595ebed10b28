"""The hot fixed statements are prepared on PostgreSQL and keep their meaning there."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.db import prepared_cursor

pytestmark = pytest.mark.django_db


def _prepared(sql_start: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", [sql_start + "%"])
        return int(cursor.fetchone()[0])


def test_a_statement_is_prepared_once_it_has_run_twice_on_a_connection(on_postgres) -> None:
    sql = "SELECT %s::bigint + 1 AS prepared_probe"
    for n in (1, 2, 3):
        with prepared_cursor() as cursor:
            cursor.execute(sql, [n])
            assert cursor.fetchone()[0] == n + 1
    assert _prepared("SELECT $1::bigint + 1 AS prepared_probe") == 1


def test_integers_past_four_bytes_keep_their_value(on_postgres) -> None:
    """A server-bound int is sent as the smallest type that holds it; bigint arithmetic stays exact."""
    with prepared_cursor() as cursor:
        for value in (1, 40_000, 2**31 + 7, 10_000_000_000, 10**15):
            cursor.execute("SELECT %s::bigint * 3", [value])
            assert cursor.fetchone()[0] == value * 3


def test_the_statements_are_logged_and_counted_like_any_other() -> None:
    with CaptureQueriesContext(connection) as captured, prepared_cursor() as cursor:
        cursor.execute("SELECT %s", ["counted"])
        assert cursor.fetchone()[0] == "counted"
    [logged] = captured.captured_queries
    assert logged["sql"] in ("SELECT $1", "SELECT 'counted'")  # server-bound on PostgreSQL
