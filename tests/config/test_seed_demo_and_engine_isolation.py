from __future__ import annotations

import io
import subprocess
import sys

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command

from tests.conftest import ROOT


def _row_counts() -> dict[str, int]:
    # Unmanaged models (and their proxies) own no rows: pghistory's read the history tables in PostgreSQL's SQL.
    models = [m for m in apps.get_models() if m._meta.concrete_model and m._meta.concrete_model._meta.managed]
    return {model._meta.label: model.objects.count() for model in models}


@pytest.mark.django_db
def test_seed_demo_twice_gives_the_same_rows() -> None:
    call_command("seed_demo", verbosity=0)
    first = _row_counts()
    assert first["auth.User"] >= 7
    call_command("seed_demo", verbosity=0)
    second = _row_counts()
    changed = {label: (first[label], second[label]) for label in first if first[label] != second[label]}
    # Sessions and axes' access logs are not demo data.
    changed = {k: v for k, v in changed.items() if not k.startswith(("sessions.", "axes."))}
    assert changed == {}


@pytest.mark.django_db
def test_seed_demo_names_every_user_it_creates() -> None:
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    named = out.getvalue().rsplit("Demo users: ", 1)[1].split(";")[0].split(", ")
    assert sorted(named) == sorted(User.objects.values_list("username", flat=True))


def test_engine_imports_no_django() -> None:
    code = (
        "import sys, importlib, pkgutil, games.engine;"
        "[importlib.import_module(m.name) for m in pkgutil.walk_packages(games.engine.__path__, 'games.engine.')"
        " if not m.name.endswith('__main__')];"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'rest_framework', 'celery'});"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
