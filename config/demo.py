"""Demo data: one user per role and whatever each app adds.

Each app may have a ``demo`` module with ``seed(*, actor)``; they run in the
order of ``DEMO_APPS``, each acted by the demo user whose lane it is, and must
be idempotent, like this module.
"""

from __future__ import annotations

import importlib
from typing import Final

from django.contrib.auth.models import User
from django.db import transaction

from config.roles import Role
from config.services import user_create

DEMO_PASSWORD: Final = "cardroom-demo"
DEMO_USERS: Final = [
    ("admin", "Ada Admin", [Role.ADMIN]),
    ("floor", "Armen Floor", [Role.FLOOR_MANAGER]),
    ("dealer", "Daniel Dealer", [Role.DEALER]),
    ("dealer2", "Diana Dealer", [Role.DEALER]),
    ("dealer3", "Davit Dealer", [Role.DEALER]),
    ("cashier", "Karine Cashier", [Role.CASHIER]),
    ("cashier2", "Lukas Cashier", [Role.CASHIER]),
    ("accountant", "Ona Accountant", [Role.ACCOUNTANT]),
]
# (app, the demo user who acts): the admin places the staff in the room; the floor manager runs the floor,
# sets the fees, then opens the tables (their signs name the fees) and records the demo hands; the admin
# stocks the vault, whose drawer fills the open tables' trays (an admin holds no operational role).
DEMO_APPS: Final = [
    ("rooms", "admin"),
    ("tables", "floor"),
    ("rake", "floor"),
    ("floor", "floor"),
    ("cashier", "admin"),
    ("games", "floor"),
]


@transaction.atomic
def seed_demo() -> list[str]:
    """Create what is missing; returns what was done, app by app."""
    done = []
    for username, full_name, roles in DEMO_USERS:
        if not User.objects.filter(username=username).exists():
            user_create(username=username, password=DEMO_PASSWORD, roles=list(roles), full_name=full_name)
            done.append(f"user {username}")
    for app, username in DEMO_APPS:
        try:
            module = importlib.import_module(f"{app}.demo")
        except ModuleNotFoundError as exc:
            if exc.name != f"{app}.demo":
                raise
            continue
        done.extend(module.seed(actor=User.objects.get(username=username)))
    return done
