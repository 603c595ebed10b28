"""Cardroom settings: one module, read from the environment.

With nothing set: SQLite in the project folder, DEBUG on, Celery tasks run
eagerly, local-memory cache. With DATABASE_URL and REDIS_URL: PostgreSQL,
Redis cache, Celery over Redis with real workers. docs/configuration.md lists
every variable.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from config.env import (
    env_bool,
    env_choice,
    env_currency,
    env_currency_exponent,
    env_database,
    env_int,
    env_list,
    env_redis_url,
    env_str,
    env_time,
    env_timezone,
)
from config.numbers import MAX_ID

BASE_DIR = Path(__file__).resolve().parent.parent
VERSION = "0.1.0"

DEBUG = env_bool("DJANGO_DEBUG", True)
_DEV_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"
SECRET_KEY = env_str("DJANGO_SECRET_KEY", _DEV_KEY if DEBUG else "")
if not SECRET_KEY:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("DJANGO_SECRET_KEY: required when DJANGO_DEBUG is false")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# --- The room ---------------------------------------------------------------
# The figures below are the first room's when an installation migrates into rooms
# (rooms/migrations/0002_first_room.py) and the defaults a new room's form offers; each room then keeps
# its own (rooms.models.Room).
CARDROOM_NAME = env_str("CARDROOM_NAME", "Cardroom")
TIME_ZONE = env_timezone("CARDROOM_TIME_ZONE", "Asia/Yerevan")
CARDROOM_CURRENCY = env_currency("CARDROOM_CURRENCY", "AMD")
CARDROOM_CURRENCY_EXPONENT = env_currency_exponent("CARDROOM_CURRENCY_EXPONENT", CARDROOM_CURRENCY)
# A hand dealt before this local time belongs to the previous gaming day.
CARDROOM_GAMING_DAY_START = env_time("CARDROOM_GAMING_DAY_START", "06:00")

# Floor: dealer pushes and the longest a dealer may stay on one table.
CARDROOM_DEALER_PUSH_MINUTES = env_int("CARDROOM_DEALER_PUSH_MINUTES", 30, minimum=1)
CARDROOM_DEALER_MAX_MINUTES = env_int("CARDROOM_DEALER_MAX_MINUTES", 180, minimum=1)
# Floor: how long a called player has to reach the table, and a call-in to check in.
CARDROOM_WAITLIST_CALL_MINUTES = env_int("CARDROOM_WAITLIST_CALL_MINUTES", 5, minimum=1)
CARDROOM_CALL_IN_MINUTES = env_int("CARDROOM_CALL_IN_MINUTES", 30, minimum=1)
# Floor: a called player who does not answer in time goes to the end of the list or off it.
CARDROOM_WAITLIST_CALL_EXPIRY = env_choice("CARDROOM_WAITLIST_CALL_EXPIRY", "requeue", ("requeue", "remove"))
# Floor: where a requeued player's missed call puts them: at the end of the list, or at their old place the
# first time (a second missed call sends them to the end).
CARDROOM_WAITLIST_MISSED_CALL_PLACE = env_choice("CARDROOM_WAITLIST_MISSED_CALL_PLACE", "back", ("back", "keep_once"))
# Hold'em's button (R11, the rules pages' "The button"): "moving" advances it to the next player and the
# blinds follow; "dead" moves the big blind to the next player due, so a hand may have no small blind.
CARDROOM_BUTTON = env_choice("CARDROOM_BUTTON", "moving", ("moving", "dead"))
# Cashier (minor units): anonymous sales up to this, large-cash log above this,
# drawer variance above this needs a supervisor.
CARDROOM_ANONYMOUS_SALE_LIMIT = env_int("CARDROOM_ANONYMOUS_SALE_LIMIT", 200_000)
CARDROOM_LARGE_CASH_THRESHOLD = env_int("CARDROOM_LARGE_CASH_THRESHOLD", 4_000_000)
CARDROOM_DRAWER_VARIANCE_THRESHOLD = env_int("CARDROOM_DRAWER_VARIANCE_THRESHOLD", 5_000)
# Fees: the gaming day's shifts for reports, and a drop-count variance (minor units)
# above which a supervisor explains it.
CARDROOM_SHIFTS_PER_DAY = env_int("CARDROOM_SHIFTS_PER_DAY", 3, minimum=1)
CARDROOM_DROP_VARIANCE_THRESHOLD = env_int("CARDROOM_DROP_VARIANCE_THRESHOLD", 5_000)
CARDROOM_CASH_BUY_INS_AT_TABLES = env_bool("CARDROOM_CASH_BUY_INS_AT_TABLES", True)
# The group's one player register (true), or one per room (false): a room's staff then see and seat only
# the players their rooms registered. ``rooms.selectors.player_register_shared`` is the only reader.
CARDROOM_SHARED_PLAYER_REGISTER = env_bool("CARDROOM_SHARED_PLAYER_REGISTER", True)

# --- Infrastructure ------------------------------------------------------------
DATABASES = {"default": env_database("DATABASE_URL", str(BASE_DIR / "db.sqlite3"))}
# PostgreSQL may use psycopg's pool (DATABASE_POOL_MAX_SIZE > 0): no health-check
# round trip per request. Otherwise connections are kept and health-checked.
_POOL_MAX = env_int("DATABASE_POOL_MAX_SIZE", 0)
if _POOL_MAX and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": min(2, _POOL_MAX), "max_size": _POOL_MAX}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# The hot fixed statements (config.db.prepared_cursor) are prepared on PostgreSQL after this
# many runs on a connection; 0 prepares nothing (behind a pooler in transaction mode).
_PREPARE = env_int("DATABASE_PREPARE_THRESHOLD", 2, minimum=0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = _PREPARE or None
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The PostgreSQL fast paths (docs/architecture.md, "Fast paths"): hand-written statements for the
# hottest writes, each with an ORM twin that SQLite runs. Off on PostgreSQL runs the twins there too,
# which is how the differential tests compare them. ``config.db.fast_paths`` is the only reader.
CARDROOM_FAST_PATHS = (
    env_bool("CARDROOM_FAST_PATHS", True) and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
)

REDIS_URL = env_redis_url("REDIS_URL")
# Seconds any client of Redis (the cache, Celery's publisher and result store, /healthz) waits to
# connect and then for each reply: a dead or hung Redis costs a request about this long, never the
# request itself (docs/production.md, "When Redis or the database is down").
REDIS_TIMEOUT = 1.0
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
# kombu's Redis transport with the repair that keeps a worker alive when Redis dies under a task it holds
# (config/broker.py). A rediss:// URL keeps its TLS through its ssl_cert_reqs, which the result store needs.
CELERY_BROKER_TRANSPORT = "config.broker:Transport" if REDIS_URL else None
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = REDIS_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# A task not acknowledged within this many seconds is redelivered by Redis; a
# killed worker's unacknowledged tasks are restored on the next check (every 10 s).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600, minimum=1),
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    # Connect, and wait for each reply, at most REDIS_TIMEOUT; try to open a connection at most
    # twice. A worker that loses Redis keeps reconnecting in its own loop (broker_connection_retry).
    "socket_connect_timeout": REDIS_TIMEOUT,
    "socket_timeout": REDIS_TIMEOUT,
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT
# A worker that loses Redis reconnects for as long as the outage lasts (Celery gives up after 100 tries
# by default, some 50 minutes), and one started while Redis is down waits for it.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# A task running when the worker loses Redis runs on to its end (the default of Celery 5, said here because
# Celery 6 turns it round): its acknowledgement is lost with the connection, and a Redis that kept its data
# gives the task again after the visibility timeout, to a task that finds its work done. Cancelling it would
# throw away an export's file mid-way for an outage of a few seconds, and leave it to the lease to start over.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# A publish is tried once: redis-py replaces a pooled connection that Redis closed (a restart)
# before using it, so a retry would only wait out a hung Redis again, a second per try, as a
# request waits; what was not published is in the outbox for the relay (config.services.outbox).
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 0}
# The result store: the same timeouts, and one retry instead of twenty a second apart.
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_TIMEOUT
CELERY_REDIS_SOCKET_TIMEOUT = REDIS_TIMEOUT
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
}
# Long work (exports) is held under a lease (config.services.jobs): a running job shows a sign of life at
# least every CARDROOM_JOB_LEASE seconds and queued work is picked up within CARDROOM_JOB_PICKUP
# seconds, or beat re-queues it, at most CARDROOM_JOB_REQUEUES times, then fails it with the reason. The
# pick-up window is long: an export may wait behind others on a busy worker, and only a message lost with
# a restarted Redis needs it (a killed worker's export is taken over after the lease, not this).
CARDROOM_JOB_LEASE = env_int("CARDROOM_JOB_LEASE", 30, minimum=1)
CARDROOM_JOB_PICKUP = env_int("CARDROOM_JOB_PICKUP", 300, minimum=1)
CARDROOM_JOB_REQUEUES = env_int("CARDROOM_JOB_REQUEUES", 3)
# Seconds between the outbox relay's runs and between the lease checks (beat).
CARDROOM_RELAY_SECONDS = env_int("CARDROOM_RELAY_SECONDS", 10, minimum=1)
# Periodic work, run by `celery beat`; each task is idempotent.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "outbox-relay": {"task": "config.tasks.outbox_relay_task", "schedule": float(CARDROOM_RELAY_SECONDS)},
    "report-exports-requeue": {"task": "rake.tasks.report_exports_requeue", "schedule": float(CARDROOM_RELAY_SECONDS)},
    "phh-exports-requeue": {"task": "games.tasks.phh_exports_requeue", "schedule": float(CARDROOM_RELAY_SECONDS)},
    "waitlist-expire-calls": {"task": "tables.tasks.waitlist_expire_calls", "schedule": 30.0},
    "dealer-rotation-check": {"task": "tables.tasks.dealer_rotation_check", "schedule": 60.0},
    "expulsions-expire": {"task": "tables.tasks.expulsions_expire", "schedule": 300.0},
    "fee-time-charges-create": {"task": "rake.tasks.time_charges_create", "schedule": 60.0},
    "fee-signs-refresh": {"task": "rake.tasks.fee_signs_refresh", "schedule": 60.0},
    "hand-fees-sweep": {"task": "games.tasks.hand_fees_sweep", "schedule": 300.0},
}

# --- Django ----------------------------------------------------------------------
INSTALLED_APPS = [
    "config.apps.CardroomAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "pgtrigger",
    "pghistory",
    "config.apps.ConfigConfig",
    "rooms",
    "tables",
    "games",
    "ledger",
    "cashier",
    "rake",
    "audit",
    "floor",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # request.room: the room the user picked in the top bar, among the rooms they work in.
    "rooms.views.current.CurrentRoom",
    # Who, which request: the context every history row of this request carries (audit).
    "audit.views.middleware.HistoryMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
    # Pages answer a DomainError (NotFound: 404) with its status, as the API does.
    "config.middleware.DomainErrorPages",
    # Pages with players' personal data send Cache-Control: no-store (config.middleware.PERSONAL_DATA_VIEWS).
    "config.middleware.PersonalDataNotStored",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "config.context_processors.navigation",
                "rooms.views.context.room",
            ],
        },
    },
]

# config.auth.PasswordBackend: Django's, but an unknown username costs no password hash (docs/security.md).
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "config.auth.PasswordBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = env_int("AXES_COOLOFF_MINUTES", 30, minimum=1) / 60
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_ENABLED = env_bool("AXES_ENABLED", True)
# Password checks one address may ask for in a minute, on the login pages, before any hash is computed:
# the per-username lockout above never counts a new username twice (config.auth.login_rate_limited).
CARDROOM_LOGINS_PER_MINUTE = env_int("CARDROOM_LOGINS_PER_MINUTE", 10, minimum=1)
# Wrong current passwords on the password page before the session is ended (config/views/passwords.py).
CARDROOM_PASSWORD_CHANGE_FAILURES = env_int("CARDROOM_PASSWORD_CHANGE_FAILURES", 5, minimum=1)

# API tokens (django-rest-knox): only a digest and the first characters are stored, the key is printed
# once by `manage.py token_create`; a token lives this many days unless created with --days.
CARDROOM_TOKEN_DAYS = env_int("CARDROOM_TOKEN_DAYS", 90, minimum=1)
REST_KNOX = {"TOKEN_TTL": timedelta(days=CARDROOM_TOKEN_DAYS), "AUTH_HEADER_PREFIX": "Token"}

SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE", 12 * 3600, minimum=60)
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("hy", _("Armenian")), ("lt", _("Lithuanian"))]
LOCALE_PATHS = [BASE_DIR / "config" / "locale"]
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "config" / "static"]
# Photos, evidence and exports: private, so no MEDIA_URL. Only views that check the role send them
# (config.files), by Django itself or by the proxy in front told by an X-Accel-Redirect or X-Sendfile header.
MEDIA_ROOT = Path(env_str("CARDROOM_MEDIA_ROOT", str(BASE_DIR / "media")))
CARDROOM_FILES_SENDER = env_choice("CARDROOM_FILES_SENDER", "django", ("django", "x-accel-redirect", "x-sendfile"))
# nginx: the `internal` location that aliases MEDIA_ROOT, for X-Accel-Redirect.
CARDROOM_FILES_ACCEL_PREFIX = env_str("CARDROOM_FILES_ACCEL_PREFIX", "/protected-files/")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- Production hardening (on whenever DEBUG is off) ---------------------------
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Content Security Policy on every response, DEBUG or not. Pages run only the project's own
# static files: no inline <script>, no on*= handler, no <style> block or style= attribute
# (scripts set styles through element.style, which the policy allows). A name typed into a
# form that reaches a page as markup therefore cannot run even where escaping is missed.
# htmx's indicator <style> is switched off in templates/base.html for the same reason.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

# --- API ---------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "config.auth.TokenWithRolesAuthentication",
    ],
    # Nothing is allowed unless a view names its roles.
    "DEFAULT_PERMISSION_CLASSES": ["config.permissions.DenyAll"],
    "DEFAULT_PAGINATION_CLASS": "config.api.Pagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    # Bodies are JSON: nested inputs (chip counts, events) have no form encoding. The views that take an
    # upload name multipart themselves, so the schema advertises exactly the encodings each one reads.
    "DEFAULT_PARSER_CLASSES": ["config.api.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # drf-spectacular's, plus the error responses every operation may answer (config/openapi.py).
    "DEFAULT_SCHEMA_CLASS": "config.openapi.AutoSchema",
    "COERCE_DECIMAL_TO_STRING": True,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Cardroom API",
    "DESCRIPTION": "Back office of a poker room: floor, hands, cashier, fees and reports.",
    "VERSION": VERSION,
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["config.permissions.SignedIn"],
    "COMPONENT_SPLIT_REQUEST": True,
    # Every ``<id:...>`` of the URLs (config.numbers.IdConverter): a bigint.
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "format": "int64", "minimum": 1, "maximum": MAX_ID}},
    "ENUM_NAME_OVERRIDES": {},
    # Swagger UI and ReDoc from drf-spectacular-sidecar's copy in the static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
