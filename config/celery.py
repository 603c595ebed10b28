"""The Celery app: settings come from Django's ``CELERY_*`` settings.

Tasks are sent with ``transaction.on_commit`` (see ``config.services.outbox.send_on_commit``)
so a rolled-back transaction never queues work.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import task_success

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cardroom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_success.connect
def _periodic_run_record(sender: Any = None, **kwargs: Any) -> None:
    """A periodic task that succeeded moves its last run forward, which ``/healthz`` compares with the
    schedule. Celery logs an error here and the task's result stands."""
    from config.services.periodic import periodic_run_record, periodic_tasks

    if sender is not None and sender.name in periodic_tasks():
        periodic_run_record(task=sender.name)
