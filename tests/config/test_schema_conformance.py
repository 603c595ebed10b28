"""The schema tells the truth: every operation, called by every role, answers as the OpenAPI schema says.

Schemathesis loads the schema the app serves and calls every operation in
process, through Django's WSGI handler, in the test's transaction, on the demo
room (``seed_demo``: open tables with dealers, players, a cashier's open
drawer, hands), as the demo user of each role. Its coverage phase sends each
operation's boundary and invalid values, then a few generated cases follow.
Every answer must not be a server error, and its status, content type and body
must be among those the schema documents for the operation.

Bounded: ``MAX_EXAMPLES`` generated cases per operation and role after the
coverage cases, and, as Schemathesis's own ``max-time``, a deadline for the
whole run, past which the operations left are reported as skipped.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import hypothesis
import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.demo import DEMO_USERS, seed_demo
from config.roles import Role
from tests.factories import api_key

pytestmark = [pytest.mark.django_db, pytest.mark.conformance]

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# Generated cases per operation and role, after the coverage phase's boundary and invalid values.
MAX_EXAMPLES = 3
# The whole run, every role: room to spare over its usual duration on either database (bench/README.md).
BUDGET_SECONDS = 150
ROLES = [Role.FLOOR_MANAGER, Role.DEALER, Role.CASHIER, Role.ACCOUNTANT, Role.ADMIN]


@dataclass
class Caller:
    headers: dict[str, str]
    # Operations the role check refused: it runs before the input is read, so every other case of the
    # operation would get the same 403 (a service's own 403 has another code and is not counted here).
    refused: set[str] = field(default_factory=set)


@pytest.fixture(scope="module")
def deadline() -> float:
    return time.monotonic() + BUDGET_SECONDS


@pytest.fixture
def wsgi_app() -> Iterator[WSGIHandler]:
    """Django's WSGI handler, serving in the test's thread and transaction.

    The handler closes the database connection around each request, which would
    end the test's transaction; Django's test client disconnects it the same way.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield WSGIHandler()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture(params=ROLES)
def caller(request: pytest.FixtureRequest, settings: Any) -> Caller:
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]  # Werkzeug's test client's host
    seed_demo()
    username = next(name for name, _full_name, roles in DEMO_USERS if roles == [request.param])
    user = User.objects.get(username=username)
    return Caller(headers={"Authorization": f"Token {api_key(user)}"})


@pytest.fixture
def api_schema(request: pytest.FixtureRequest, wsgi_app: WSGIHandler, caller: Caller) -> Any:
    # Schemathesis 4.32 reads and rewrites the node's ``_nodeid``, which pytest 9.2 no longer keeps.
    request.node._nodeid = request.node.nodeid
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", wsgi_app, headers=caller.headers)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@hypothesis.settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,  # a request's time is not what is checked; the run has its own deadline
    database=None,
    derandomize=True,  # the same cases on every CI run
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_every_operation_answers_as_documented(case: Any, caller: Caller, deadline: float) -> None:
    if time.monotonic() > deadline:
        pytest.skip(f"the run is past its budget of {BUDGET_SECONDS} s")
    if case.operation.label in caller.refused:
        return
    response = case.call_and_validate(headers=caller.headers, checks=CHECKS)
    if response.status_code == 403 and response.json()["error"]["code"] == "permission_denied":
        caller.refused.add(case.operation.label)


def test_every_operation_documents_its_errors_with_the_error_body() -> None:
    """Every error an operation documents, those the run seldom reaches too (a 413, a 409 after a lost
    race), has the body the exception handler sends; and every operation documents a refusal by role."""
    generated = SchemaGenerator().get_schema(request=None, public=True)
    error_body = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
    for path, operations in generated["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "403" in responses, f"{method} {path}"
            for status in (status for status in responses if status.startswith("4")):
                assert responses[status]["content"] == error_body, f"{method} {path} {status}"
