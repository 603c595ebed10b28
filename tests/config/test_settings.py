"""Settings come from the environment, strictly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import time

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import env
from tests.conftest import ROOT

PROBE = (
    "import json, django; from django.conf import settings; django.setup();"
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'],"
    " 'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL,"
    " 'cache': settings.CACHES['default']['BACKEND'], 'debug': settings.DEBUG}))"
)
CLEAN_KEYS = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "CARDROOM_CURRENCY",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)


def run_settings(extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in CLEAN_KEYS}
    base["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env={**base, **extra}, capture_output=True, text=True, check=False
    )


def test_defaults_give_sqlite_eager_celery_and_local_cache() -> None:
    result = run_settings({})
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found == {
        "engine": "django.db.backends.sqlite3",
        "eager": True,
        "broker": "memory://",
        "cache": "django.core.cache.backends.locmem.LocMemCache",
        "debug": True,
    }


def test_database_and_redis_urls_give_postgres_and_real_workers() -> None:
    result = run_settings(
        {"DATABASE_URL": "postgres://root@127.0.0.1:5432/test", "REDIS_URL": "redis://127.0.0.1:6379/3"}
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["eager"] is False
    assert found["broker"] == "redis://127.0.0.1:6379/3"
    assert found["cache"] == "django.core.cache.backends.redis.RedisCache"


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DATABASE_URL", "mysql://root@localhost/x"),
        ("DATABASE_URL", "not a url"),
        ("CARDROOM_CURRENCY", "EURO"),
        ("REDIS_URL", "http://localhost"),
        ("DJANGO_DEBUG", "maybe"),
    ],
)
def test_malformed_variable_stops_start_up_naming_it(variable: str, value: str) -> None:
    result = run_settings({variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert f"{variable}:" in result.stderr


def test_production_needs_a_secret_key() -> None:
    result = run_settings({"DJANGO_DEBUG": "false"})
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_check_deploy_is_clean_with_production_variables() -> None:
    production = {
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "x" * 30 + "-production-secret-key-with-enough-entropy-0987",
        "DJANGO_ALLOWED_HOSTS": "cardroom.example.com",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://cardroom.example.com",
    }
    base = {k: v for k, v in os.environ.items() if k not in CLEAN_KEYS}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**base, **production},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_currency_exponent_known_and_required_for_unknown_codes() -> None:
    assert env.env_currency_exponent("X", "EUR", {}) == 2
    assert env.env_currency_exponent("X", "AMD", {}) == 0
    with pytest.raises(ImproperlyConfigured, match="X: set the minor-unit exponent for currency XAF"):
        env.env_currency_exponent("X", "XAF", {})
    assert env.env_currency_exponent("X", "XAF", {"X": "0"}) == 0


def test_gaming_day_start_and_time_zone_parsed_strictly() -> None:
    assert env.env_time("T", "06:00", {}) == time(6, 0)
    with pytest.raises(ImproperlyConfigured, match="T: '25:00' is not a time of day"):
        env.env_time("T", "06:00", {"T": "25:00"})
    with pytest.raises(ImproperlyConfigured, match="Z: 'Mars/Olympus' is not an IANA time zone"):
        env.env_timezone("Z", "UTC", {"Z": "Mars/Olympus"})
    with pytest.raises(ImproperlyConfigured, match=r"N: '1\.5' is not a whole number"):
        env.env_int("N", 1, {"N": "1.5"})
