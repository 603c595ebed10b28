"""Every task of the project is named ``<app>.tasks.<function>``, and beat and the senders use those names."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings

from config.celery import app as celery_app

# The apps of this repository (not Django's, DRF's or another package's), found beside manage.py.
PROJECT_APPS = {config.name for config in apps.get_app_configs() if Path(config.path).parent == settings.BASE_DIR}


def project_tasks() -> dict[str, Any]:
    """Every task of the project's apps, their ``tasks`` modules imported as the worker's autodiscovery does."""
    for app in PROJECT_APPS:
        if importlib.util.find_spec(f"{app}.tasks") is not None:
            importlib.import_module(f"{app}.tasks")
    return {
        name: task for name, task in celery_app.tasks.items() if type(task).__module__.split(".")[0] in PROJECT_APPS
    }


def test_the_project_has_tasks() -> None:
    # A discovery that found nothing would let the next test pass on no tasks at all.
    assert {"config.tasks.ping", "games.tasks.hand_fees_sweep", "cashier.tasks.large_cash_check"} <= set(
        project_tasks()
    )


@pytest.mark.parametrize("name", sorted(project_tasks()))
def test_a_task_is_named_after_its_module_and_function(name: str) -> None:
    task = project_tasks()[name]
    module = type(task).__module__
    assert module.endswith(".tasks") and module.count(".") == 1, f"{name}: tasks live in <app>/tasks.py ({module})"
    assert name == f"{module}.{task.run.__name__}"


def test_beat_runs_tasks_by_their_names() -> None:
    names = set(project_tasks())
    unknown = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()} - names
    assert not unknown


# A task's name written out in the code: a send by name (``send_on_commit("app.tasks.function", ...)``), beat's
# schedule, a constant.
TASK_NAME = re.compile(r"""["']([a-z_]+\.tasks\.[a-z_]+)["']""")


def test_every_task_name_written_in_the_code_is_a_task() -> None:
    written = {
        (path.relative_to(settings.BASE_DIR).as_posix(), name)
        for app in PROJECT_APPS
        for path in (settings.BASE_DIR / app).rglob("*.py")
        if "migrations" not in path.parts
        for name in TASK_NAME.findall(path.read_text(encoding="utf-8"))
    }
    assert ("config/settings.py", "games.tasks.hand_fees_sweep") in written  # the search reads what it should
    assert {(path, name) for path, name in written if name not in project_tasks()} == set()
