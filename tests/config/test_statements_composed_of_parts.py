"""A statement composed of the parts different apps write (``config.statements``): the verdict checks every
part's rules in the order given, a part's writes follow the parts they read, and two parts never share a
name or a parameter, so no app sets another's values. Runs the composition on PostgreSQL too."""

from __future__ import annotations

import re

import pytest
from django.db import connection

from config.statements import Part, Refusal, compose

COUNTER = Part(
    owner="first",
    defines=("counted", "made"),
    checks="counted AS (SELECT %(first_n)s::int AS n)",
    refusals=(Refusal("too_many", "(SELECT n FROM counted) > %(first_limit)s::int"),),
    writes="made AS (SELECT n AS id FROM counted CROSS JOIN verdict WHERE verdict.outcome = 'ok')",
    returns="made",
)
READER = Part(
    owner="second",
    defines=("seen",),
    refusals=(Refusal("refused", "%(second_refuse)s::boolean"),),
    writes="seen AS (SELECT (SELECT id FROM made) AS id, %(second_x)s::int AS x)",
    reads=("made",),
)


def test_the_verdict_checks_the_parts_rules_in_order_and_the_writes_follow_what_they_read():
    statement = compose(READER, COUNTER)
    sql = statement.sql
    assert sql.index("'refused'") < sql.index("'too_many'")  # the parts' rules in the order given
    assert sql.index("made AS") < sql.index("seen AS")  # a part's writes after the writes it reads
    assert sql.index("counted AS") < sql.index("verdict AS") < sql.index("made AS")
    assert sql.rstrip().endswith("SELECT outcome FROM verdict")


def test_a_part_binds_exactly_its_own_parameters():
    assert COUNTER.parameters == {"first_n", "first_limit"}
    with pytest.raises(ValueError, match=r"missing \['first_limit'\], unknown \['second_x'\]"):
        COUNTER.bind({"first_n": 1, "second_x": 2})
    statement = compose(READER, COUNTER)
    reader = READER.bind({"second_refuse": False, "second_x": 3})
    counter = COUNTER.bind({"first_n": 1, "first_limit": 5})
    assert statement.params(reader, counter) == {"second_refuse": False, "second_x": 3, "first_n": 1, "first_limit": 5}
    with pytest.raises(ValueError, match="in the order"):
        statement.params(counter, reader)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ((COUNTER, Part(owner="other", defines=("made",), writes="made AS (SELECT 1)")), "both define 'made'"),
        ((COUNTER, Part(owner="other", defines=("x",), writes="x AS (SELECT %(first_n)s)")), "parameter 'first_n'"),
        ((READER,), "reads ('made',), which no other part defines"),
        ((Part(owner="other", defines=("verdict",), checks="verdict AS (SELECT 1)"),), "both define 'verdict'"),
    ],
)
def test_parts_that_do_not_fit_are_refused_where_the_statement_is_composed(parts, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        compose(*parts)


def test_a_part_names_the_ctes_it_defines_and_a_refusal_a_code():
    with pytest.raises(ValueError, match=r"defines \('a',\), not \('b',\)"):
        Part(owner="x", defines=("b",), writes="a AS (SELECT 1)")
    with pytest.raises(ValueError, match="returns 'c'"):
        Part(owner="x", defines=("a",), writes="a AS (SELECT 1)", returns="c")
    with pytest.raises(ValueError, match="a code"):
        Refusal("ok", "true")


@pytest.mark.postgres
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("n", "refuse", "outcome"),
    [(1, False, "ok"), (9, False, "too_many"), (9, True, "refused"), (1, True, "refused")],
)
def test_the_statement_returns_the_first_refusal_or_ok(on_postgres, n, refuse, outcome):
    statement = compose(READER, COUNTER)
    params = statement.params(
        READER.bind({"second_refuse": refuse, "second_x": 3}), COUNTER.bind({"first_n": n, "first_limit": 5})
    )
    with connection.cursor() as cursor:
        cursor.execute(statement.sql, params)
        assert cursor.fetchone() == (outcome,)
