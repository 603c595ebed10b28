"""A database that cannot answer is a 503 with Retry-After, in the API's error envelope and on a short
page, never Django's "Server Error (500)"; once it answers again the next request succeeds (docs/production.md,
"When Redis or the database is down").

In the test's process, the test's own database session is terminated from a second connection
before each request, so the request's first statement meets a dropped connection. A gunicorn of the
test's own then goes through a real outage: its sessions terminated between requests, then the test
database closed to new connections, then opened again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import close_old_connections, connection
from django.test import Client
from rest_framework.test import APIClient

from config.unavailable import RETRY_AFTER_SECONDS
from tests.database_roles import OWNER
from tests.factories import api_key
from tests.servers import Reply, Server, gunicorn, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.real_clock]

ME = "/api/v1/me/"
SALE = "/api/v1/cashier/sales/create/"
PAGE = "/cashier/"


@pytest.fixture(autouse=True)
def _reconnect_afterwards() -> Iterator[None]:
    """A test that stops half-way leaves its own session terminated: the next user of the connection
    (the database's teardown, the next test) opens a new one."""
    yield
    connection.close()


def _second_connection() -> psycopg.Connection[tuple[object, ...]]:
    """A session of the owner on the server's maintenance database, as Django's own test set-up opens: it
    works while the test database refuses new sessions, and may alter it (PostgreSQL refuses that from
    inside, and the runtime role the tests connect as from anywhere)."""
    params = {**connection.get_connection_params(), "dbname": "postgres", "user": OWNER}
    return psycopg.connect(**params, autocommit=True)


def _terminate(pids: list[int]) -> None:
    """Terminate these sessions of the test database and wait (at most 10 s) until they are gone."""
    with _second_connection() as other:
        for pid in pids:
            other.execute("SELECT pg_terminate_backend(%s)", [pid])
        deadline = time.monotonic() + 10
        while other.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", [pids]).fetchone() != (0,):
            assert time.monotonic() < deadline, f"sessions {pids} still there 10 s after pg_terminate_backend"
            time.sleep(0.05)


def _drop_own_session() -> None:
    """Connect afresh, then have that session terminated: the next statement meets a dropped connection."""
    connection.close()
    connection.ensure_connection()
    _terminate([connection.connection.info.backend_pid])


def _assert_api_503(status: int, headers: dict[str, str], body: dict[str, object]) -> None:
    assert status == 503, body
    assert headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert body["error"]["code"] == "unavailable", body  # type: ignore[index]


def _assert_page_503(status: int, headers: dict[str, str], html: str) -> None:
    assert status == 503, html
    assert headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "Temporarily unavailable" in html
    assert "Traceback" not in html and "Server Error" not in html


def test_a_dropped_connection_is_a_503_on_the_api_and_the_pages(on_postgres, cashier: User) -> None:
    device = APIClient()
    device.credentials(HTTP_AUTHORIZATION=f"Token {api_key(cashier)}")
    browser = Client(raise_request_exception=False)
    browser.force_login(cashier)
    browser_api = APIClient(raise_request_exception=False)
    browser_api.force_login(cashier)

    # The API's view meets it (DRF reads the token in the view): the API's exception handler.
    _drop_own_session()
    answer = device.get(ME)
    _assert_api_503(answer.status_code, answer.headers, answer.json())

    # A page's request meets it before the view (the history's middleware reads the session's user),
    # and so does the browser's API call: the 500 handler.
    _drop_own_session()
    page = browser.get(PAGE)
    _assert_page_503(page.status_code, page.headers, page.content.decode())
    _drop_own_session()
    answer = browser_api.post(SALE, {}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    _assert_api_503(answer.status_code, answer.headers, answer.json())

    # What a server runs at the edges of each request, and the test client leaves out: the
    # connection that failed is closed, and the next request opens a new one.
    close_old_connections()
    assert device.get(ME).status_code == 200
    assert browser.get(PAGE).status_code == 200


# --- a real server through an outage ----------------------------------------------


@pytest.fixture
def server(on_postgres: None, transactional_db: None, tmp_path: Path) -> Iterator[Server]:
    """No Redis: the database is the only service. Stopped before the test database is emptied."""
    with gunicorn(tmp_path, {}) as found:
        yield found


def _server_sessions() -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND backend_type = 'client backend'"
        )
        return [pid for (pid,) in cursor.fetchall()]


def _allow_connections(allowed: bool) -> None:
    """Open or close the test database to new sessions; those open stay."""
    name = connection.ops.quote_name(connection.settings_dict["NAME"])
    with _second_connection() as other:
        other.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS {'true' if allowed else 'false'}")


def _page_503(reply: Reply) -> None:
    _assert_page_503(reply.status, dict(reply.headers), reply.body)


def test_a_server_answers_503_through_an_outage_and_recovers_by_itself(server: Server, cashier: User) -> None:
    device = {"Authorization": f"Token {api_key(cashier)}"}
    browser = session_cookie(cashier)
    assert server.request("GET", ME, headers=device).status == 200
    assert server.request("GET", PAGE, headers=browser).status == 200

    # Sessions dropped between requests (a database restart): the health check at the next
    # request's first statement notices, and Django reconnects before the request needs it.
    _terminate(_server_sessions())
    assert server.request("GET", ME, headers=device).status == 200
    _terminate(_server_sessions())
    assert server.request("GET", PAGE, headers=browser).status == 200

    _allow_connections(False)
    try:
        _terminate(_server_sessions())
        reply = server.request("GET", ME, headers=device)
        _assert_api_503(reply.status, dict(reply.headers), reply.body)
        _page_503(server.request("GET", PAGE, headers=browser))
        reply = server.request("GET", "/healthz")
        assert (reply.status, reply.body["failing"]) == (503, ["database"]), reply.body
    finally:
        _allow_connections(True)

    assert server.request("GET", ME, headers=device).status == 200
    assert server.request("GET", PAGE, headers=browser).status == 200
    assert "database unavailable: GET /api/v1/me/" in server.log_text()
