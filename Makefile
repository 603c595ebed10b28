# Two commands on a fresh machine with Python 3.12:
#   make run       create the virtual environment, install, migrate, load demo data, serve on :8000
#                  with the room's periodic work (celery beat) beside the server
#   make test-all  the whole suite as CI (.ci/run) runs it: starts PostgreSQL and Redis (make db),
#                  installs Chromium when it is missing (make browser), then runs the suite on SQLite
#                  (slow tests and the pure engine tests included), then on PostgreSQL + Redis with a
#                  real Celery worker and the fault tests
# And for the rest:
#   make test      the fast loop: the suite on SQLite with eager Celery, in parallel, without the
#                  tests marked slow, browser or conformance (DATABASE_URL and REDIS_URL of the shell
#                  are ignored); about three minutes on two cores
#   make db        start a local PostgreSQL and Redis (as CI does) when they are not running
#   make browser   install Debian's Chromium for the browser tests when it is missing
#   make test-pg   the suite on them (database test_$(PG_NAME), Redis db $(PG_REDIS_DB)), as the runtime role
#   make lint      ruff, ruff format, mypy, import contracts, template format
PYTHON ?= python3.12
VENV := .venv
BIN := $(VENV)/bin
PYTEST := $(BIN)/python -m pytest

# The developer's PostgreSQL pass (make test-pg): pytest-django creates and drops test_$(PG_NAME).
PG_NAME ?= cardroom
PG_REDIS_DB ?= 14
PG_ENV := DATABASE_URL=postgres://root@127.0.0.1:5432/$(PG_NAME) REDIS_URL=redis://127.0.0.1:6379/$(PG_REDIS_DB)
# CI's PostgreSQL pass (make test-all). Both PostgreSQL passes run as production does: the URL's user
# creates and migrates the test database, creates the role cardroom_runtime when it is missing and grants
# it the runtime privileges; the tests then connect as that role (tests/database_roles.py).
CI_PG_ENV := DATABASE_URL=postgres://root@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/15
# SQLite and eager Celery whatever the shell exports (TEST_REDIS_URL still names the Redis db that the
# tests starting a real worker use: tests/conftest.py).
SQLITE_ENV := env -u DATABASE_URL -u REDIS_URL
# Workers take tests from each other's queues once their own is empty: a few tests run for half a
# minute (browser, conformance), and a fixed split would leave one core idle at the end.
PARALLEL := -n auto --dist worksteal
# The fast loop leaves out what costs minutes and checks the same code from outside: the long
# differentials (slow), Chromium walking the pages (browser), the Schemathesis run (conformance).
FAST := not slow and not browser and not conformance

.PHONY: run test test-all test-pg db browser install lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo
	$(BIN)/python manage.py run_room 127.0.0.1:8000

test: install
	$(SQLITE_ENV) $(PYTEST) $(PARALLEL) -m "$(FAST)"

# The pure engine tests need no database: they run in the SQLite pass only. The PostgreSQL pass is
# serial: its tests share one Redis (cache, broker, the workers they start).
test-all: install db browser
	@echo "=== test suite on SQLite, eager Celery (slow tests included)"
	$(SQLITE_ENV) HYPOTHESIS_PROFILE=ci $(PYTEST) $(PARALLEL)
	@echo "=== test suite on PostgreSQL and Redis, real Celery worker, faults"
	$(CI_PG_ENV) HYPOTHESIS_PROFILE=ci $(PYTEST) -m "not slow" --ignore=tests/games/engine

db:
	.ci/services

browser:
	.ci/chromium

test-pg: install db
	$(PG_ENV) $(PYTEST) -m "not slow"

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	find . -path ./$(VENV) -prune -o -path '*/templates/*.html' -print0 | xargs -0 $(BIN)/djade --check --target-version 6.1
