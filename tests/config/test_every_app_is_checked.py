"""Every app of the room is type-checked and under the import contracts: an app added to INSTALLED_APPS
(a floor, a room, ...) and left out of mypy's ``files`` would be checked by nothing, and one left out of
import-linter's ``root_packages`` could import anything. The apps are read from Django's registry, so a new
app fails here until pyproject.toml names it."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.apps import apps

ROOT = Path(__file__).resolve().parents[2]


def local_apps() -> list[str]:
    """The installed apps that are top-level packages of this repository (``config`` for its
    ``ConfigConfig``; not Django's, DRF's or any other package installed in the virtualenv)."""
    found = []
    for app in apps.get_app_configs():
        top = app.name.split(".")[0]
        package = ROOT / top
        if (package / "__init__.py").is_file() and Path(app.path).resolve().is_relative_to(package.resolve()):
            found.append(top)
    return sorted(set(found))


def unlisted(local: Iterable[str], listed: Iterable[str]) -> list[str]:
    return sorted(set(local) - set(listed))


def _pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def test_the_local_apps_are_found():
    assert {"config", "tables", "games", "ledger", "cashier", "rake", "audit"} <= set(local_apps())
    assert not {"django", "rest_framework", "knox", "pgtrigger", "pghistory"} & set(local_apps())


def test_every_app_is_type_checked():
    assert unlisted(local_apps(), _pyproject()["tool"]["mypy"]["files"]) == []


def test_every_app_is_under_the_import_contracts():
    assert unlisted(local_apps(), _pyproject()["tool"]["importlinter"]["root_packages"]) == []


def test_every_app_is_first_party_to_the_import_sorter():
    assert unlisted(local_apps(), _pyproject()["tool"]["ruff"]["lint"]["isort"]["known-first-party"]) == []


def test_an_app_left_out_is_named():
    """What the checks above report when an app (another helper's ``floor``, say) is not listed."""
    assert unlisted(["tables", "floor", "rooms"], ["tables", "games"]) == ["floor", "rooms"]
