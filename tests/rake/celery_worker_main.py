"""``python -m tests.rake.celery_worker_main worker ...``: the project's Celery app, sweeping Redis for
unacknowledged messages every second instead of every ~100 s (kombu's default interval × throttle), so
the killed-worker test waits for the visibility timeout, not for the sweep."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from config.celery import app

if __name__ == "__main__":
    app.conf.broker_transport_options = {
        **(app.conf.broker_transport_options or {}),
        "unacked_restore_interval": 1,
        "unacked_restore_throttle": 1,
    }
    app.worker_main(sys.argv[1:])
