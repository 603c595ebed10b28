from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from config.demo import DEMO_PASSWORD, DEMO_USERS, seed_demo


class Command(BaseCommand):
    help = "Load the demo room (idempotent: a second run changes nothing)."

    def handle(self, *args: Any, **options: Any) -> None:
        done = seed_demo()
        for line in done:
            self.stdout.write(f"  created {line}")
        self.stdout.write(self.style.SUCCESS(f"Demo room ready ({len(done)} new records)."))
        users = ", ".join(username for username, _, _ in DEMO_USERS)
        self.stdout.write(f"Demo users: {users}; password: {DEMO_PASSWORD}")
