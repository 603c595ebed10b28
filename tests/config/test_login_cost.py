"""What a login costs: an address asking for too many password checks is refused before any hash, and an
unknown username costs no hash yet takes as long as a wrong password for a real user."""

from __future__ import annotations

import statistics
import time
import uuid
from typing import Any, ClassVar

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


class CountingHasher(PBKDF2PasswordHasher):
    """PBKDF2 at a test's cost (some 50 ms here, not the production 1.5 M iterations), counting its hashes."""

    algorithm = "pbkdf2_counted"
    iterations = 100_000
    hashes: ClassVar[list[int]] = []

    def encode(self, password: str, salt: str, iterations: int | None = None) -> str:
        self.hashes.append(1)
        return super().encode(password, salt, iterations)


@pytest.fixture
def counted(settings: Any) -> list[int]:
    settings.PASSWORD_HASHERS = [f"{__name__}.CountingHasher"]
    CountingHasher.hashes.clear()
    return CountingHasher.hashes


def _address() -> str:
    """An address of this test's own: the limit counts per address and minute in the shared cache."""
    n = uuid.uuid4().int
    return f"10.{n % 250}.{n // 250 % 250}.{n // 62500 % 250 + 1}"


def _login(client: Client, username: str, password: str, address: str, path: str = "/login/") -> Any:
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_an_address_over_the_limit_is_refused_before_any_hash(settings: Any, counted: list[int]) -> None:
    settings.CARDROOM_LOGINS_PER_MINUTE = 3
    address = _address()
    for n in range(3):
        assert _login(Client(), f"nobody-{n}", "guess", address).status_code == 200
    hashed = len(counted)
    refused = _login(Client(), "nobody-else", "guess", address)
    assert refused.status_code == 429
    assert "Too many login attempts from this address" in refused.content.decode()
    assert len(counted) == hashed  # refused before any password was hashed
    # Another address is not held up by this one.
    assert _login(Client(), "nobody-else", "guess", _address()).status_code == 200


def test_the_refusal_is_in_the_readers_language(settings: Any, counted: list[int]) -> None:
    settings.CARDROOM_LOGINS_PER_MINUTE = 1
    address = _address()
    _login(Client(), "nobody", "guess", address)
    client = Client(HTTP_ACCEPT_LANGUAGE="lt")
    refused = _login(client, "nobody", "guess", address)
    assert refused.status_code == 429
    with translation.override("lt"):
        expected = translation.gettext("Too many login attempts from this address. Wait a minute, then try again.")
    assert expected != "Too many login attempts from this address. Wait a minute, then try again."
    assert expected in refused.content.decode()


def test_the_admin_login_is_held_to_the_same_limit(settings: Any, counted: list[int]) -> None:
    settings.CARDROOM_LOGINS_PER_MINUTE = 1
    address = _address()
    admin_login = reverse("admin:login")
    _login(Client(), "nobody", "guess", address, admin_login)
    refused = _login(Client(), "nobody", "guess", address, admin_login)
    assert refused.status_code == 429
    assert "Too many login attempts from this address" in refused.content.decode()


def test_an_unknown_username_costs_no_password_hash(counted: list[int]) -> None:
    # The first unknown username of a process may time one dummy hash; after that, none.
    _login(Client(), "nobody-first", "guess", _address())
    counted.clear()
    for n in range(3):
        assert _login(Client(), f"nobody-{n}", "guess", _address()).status_code == 200
    assert counted == []


def test_an_unknown_username_takes_as_long_as_a_wrong_password(cashier: User, counted: list[int]) -> None:
    cashier.set_password(PASSWORD)
    cashier.save()

    def seconds(username: str) -> float:
        started = time.perf_counter()
        _login(Client(), username, "wrong-guess", _address())
        return time.perf_counter() - started

    for _ in range(3):  # warm both paths (and the wait's measure of real checks)
        seconds(cashier.username), seconds("nobody")
    real = statistics.median(seconds(cashier.username) for _ in range(9))
    unknown = statistics.median(seconds(f"nobody-{n}") for n in range(9))
    # One check's time is the difference that would tell: the two must be closer than half of it.
    one_check = statistics.median(_one_check() for _ in range(5))
    assert abs(real - unknown) < one_check / 2, (real, unknown, one_check)


def _one_check() -> float:
    hasher = CountingHasher()
    encoded = hasher.encode("x", hasher.salt())
    started = time.perf_counter()
    hasher.verify("y", encoded)
    return time.perf_counter() - started
