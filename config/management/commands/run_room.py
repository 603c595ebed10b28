"""``manage.py run_room``: the whole room on one machine with one command (``make run``).

The development server, and beside it the room's periodic work (waitlist call expiry, hourly time
charges, the fee sweep, dealer push flags, the outbox relay, the export lease sweep) run by
``celery beat``. With no ``REDIS_URL`` tasks run eagerly, so beat runs each periodic task in its own
process and needs no broker server; with ``REDIS_URL`` a local worker with beat embedded takes them.
Both stop when the server stops (Ctrl-C).
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


def periodic_work_command(schedule: Path) -> list[str]:
    """The process that runs the periodic work: beat alone when tasks run eagerly, else a worker with beat."""
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    if current_app.conf.task_always_eager:
        return [*celery, "beat", "-l", "info", "-s", str(schedule)]
    return [*celery, "worker", "-B", "-l", "info", "-s", str(schedule)]


def _die_with_parent() -> None:
    """In the child, before it runs: Linux ends it when the server's process ends, however that ends
    (runserver leaves with ``os._exit`` when its port is taken, which runs no ``finally``)."""
    if sys.platform == "linux":
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


class Command(BaseCommand):
    help = "Serve the room and run its periodic work (waitlist expiry, time charges, fee sweep, dealer pushes)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--noreload", action="store_true", help="Do not restart the server on code changes.")

    def handle(self, *args: Any, addrport: str, noreload: bool, **options: Any) -> None:
        serve = {"use_reloader": not noreload}
        # The autoreloader runs this command again in a child process (RUN_MAIN=true) that serves the
        # requests; the periodic work belongs to the parent, which lives as long as the whole server.
        if os.environ.get("RUN_MAIN") == "true":
            call_command("runserver", addrport, **serve)
            return
        schedule = Path(settings.BASE_DIR) / ".celerybeat-schedule"
        beat = subprocess.Popen(periodic_work_command(schedule), cwd=settings.BASE_DIR, preexec_fn=_die_with_parent)
        # A supervisor's SIGTERM stops the server the way Ctrl-C does, so the periodic work stops with it.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        self.stdout.write(f"Periodic work: process {beat.pid} ({' '.join(periodic_work_command(schedule)[3:5])})")
        try:
            call_command("runserver", addrport, **serve)
        finally:
            beat.terminate()
            try:
                beat.wait(timeout=10)
            except subprocess.TimeoutExpired:
                beat.kill()
