# Two commands on a fresh machine with Python 3.12:
#   make run    create the virtual environment, install, migrate, load demo data, serve on :8000
#               with the room's periodic work (celery beat) beside the server
#   make test   the whole test suite (SQLite by default; PostgreSQL/Redis with DATABASE_URL/REDIS_URL)
PYTHON ?= python3.12
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test install lint

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
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
