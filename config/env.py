"""Small strict parsers for the environment.

Start-up stops with ``ImproperlyConfigured`` naming the variable, so a typo in
production never turns into a silent default.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from datetime import time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}

# ISO 4217 minor-unit exponents for the currencies rooms here use; any other
# valid code needs CARDROOM_CURRENCY_EXPONENT. AMD is 0 "in practice": luma are
# not in circulation.
KNOWN_EXPONENTS: Mapping[str, int] = {
    "AMD": 0,
    "EUR": 2,
    "USD": 2,
    "GBP": 2,
    "GEL": 2,
    "RUB": 2,
    "PLN": 2,
    "CHF": 2,
    "JPY": 0,
}


def _raw(name: str, environ: Mapping[str, str] | None) -> str | None:
    return (os.environ if environ is None else environ).get(name)


def env_str(name: str, default: str, environ: Mapping[str, str] | None = None) -> str:
    value = _raw(name, environ)
    return default if value is None else value


def env_bool(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    value = _raw(name, environ)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}: {value!r} is not a boolean (use true or false)")


def env_int(name: str, default: int, environ: Mapping[str, str] | None = None, *, minimum: int = 0) -> int:
    value = _raw(name, environ)
    if value is None:
        return default
    if not re.fullmatch(r"-?\d+", value.strip()):
        raise ImproperlyConfigured(f"{name}: {value!r} is not a whole number")
    number = int(value)
    if number < minimum:
        raise ImproperlyConfigured(f"{name}: {number} is below the minimum {minimum}")
    return number


def env_choice(name: str, default: str, choices: tuple[str, ...], environ: Mapping[str, str] | None = None) -> str:
    value = env_str(name, default, environ)
    if value not in choices:
        raise ImproperlyConfigured(f"{name}: {value!r} is not one of {', '.join(choices)}")
    return value


def env_list(name: str, default: list[str], environ: Mapping[str, str] | None = None) -> list[str]:
    value = _raw(name, environ)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_database(name: str, default_sqlite_path: str, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``DATABASE_URL`` -> Django DATABASES entry; only PostgreSQL and SQLite are supported."""
    value = _raw(name, environ)
    if not value:
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": default_sqlite_path}
    try:
        config = dict(dj_database_url.parse(value))
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}: {value!r} is not a database URL ({exc})") from exc
    engine = config.get("ENGINE", "")
    if engine not in {"django.db.backends.postgresql", "django.db.backends.sqlite3"}:
        raise ImproperlyConfigured(f"{name}: {value!r} is neither a postgres:// nor a sqlite:// URL")
    if engine == "django.db.backends.postgresql" and not config.get("NAME"):
        raise ImproperlyConfigured(f"{name}: {value!r} names no database")
    return config


def env_redis_url(name: str, environ: Mapping[str, str] | None = None) -> str | None:
    value = _raw(name, environ)
    if not value:
        return None
    if not re.fullmatch(r"rediss?://[^\s]+", value):
        raise ImproperlyConfigured(f"{name}: {value!r} is not a redis:// URL")
    return value


def env_currency(name: str, default: str, environ: Mapping[str, str] | None = None) -> str:
    value = env_str(name, default, environ)
    if not re.fullmatch(r"[A-Z]{3}", value):
        raise ImproperlyConfigured(f"{name}: {value!r} is not an ISO 4217 currency code (three capital letters)")
    return value


def env_currency_exponent(name: str, currency: str, environ: Mapping[str, str] | None = None) -> int:
    if _raw(name, environ) is None and currency not in KNOWN_EXPONENTS:
        raise ImproperlyConfigured(f"{name}: set the minor-unit exponent for currency {currency}")
    exponent = env_int(name, KNOWN_EXPONENTS.get(currency, 0), environ)
    if exponent > 4:
        raise ImproperlyConfigured(f"{name}: {exponent} is not a currency exponent (0..4)")
    return exponent


def env_timezone(name: str, default: str, environ: Mapping[str, str] | None = None) -> str:
    value = env_str(name, default, environ)
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ImproperlyConfigured(f"{name}: {value!r} is not an IANA time zone") from exc
    return value


def time_of_day(value: str) -> time:
    """``HH:MM`` on a 24-hour clock; ValueError otherwise."""
    match = re.fullmatch(r"([01]\d|2[0-3]):([0-5]\d)", value)
    if not match:
        raise ValueError(f"{value!r} is not a time of day HH:MM")
    return time(int(match[1]), int(match[2]))


def env_time(name: str, default: str, environ: Mapping[str, str] | None = None) -> time:
    value = env_str(name, default, environ)
    try:
        return time_of_day(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}: {exc}") from None
