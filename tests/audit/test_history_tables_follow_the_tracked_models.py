"""A column added to a tracked model must reach its history table and trigger: without a
``makemigrations audit`` the history would silently miss it (or the trigger would fail)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db  # the command checks the migrations applied against the files


def test_the_history_migrations_match_the_tracked_models():
    out = io.StringIO()
    try:
        call_command("makemigrations", "audit", check=True, dry_run=True, stdout=out)
    except SystemExit:
        pytest.fail(f"run `manage.py makemigrations audit`:\n{out.getvalue()}")
