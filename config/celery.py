"""The Celery app: settings come from Django's ``CELERY_*`` settings.

Tasks are sent with ``transaction.on_commit`` (see ``config.services.outbox.send_on_commit``)
so a rolled-back transaction never queues work.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cardroom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
