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
    # The Vilnius room's floor manager, dealers and cashier, and the group's accountant (rooms.demo places
    # them; the admin works for the whole group).
    ("floor_lt", "Rūta Floor", [Role.FLOOR_MANAGER]),
    ("dealer_lt", "Jonas Dealer", [Role.DEALER]),
    ("dealer_lt2", "Aistė Dealer", [Role.DEALER]),
    ("cashier_lt", "Tomas Cashier", [Role.CASHIER]),
    ("group", "Gayane Group Accountant", [Role.ACCOUNTANT]),
]
# (app, the demo user who acts, the function of its demo module): the admin opens the rooms and places the
# staff; the floor manager runs the first room's floor, sets the fees, then opens the tables (their signs
# name the fees) and records the demo hands; the admin stocks the vault, whose drawer fills the open tables'
# trays (an admin holds no operational role); the Vilnius floor manager opens that room's floor, the
# admin its cage, and the Vilnius floor manager records its demo hands.
DEMO_APPS: Final = [
    ("rooms", "admin", "seed"),
    ("tables", "floor", "seed"),
    ("rake", "floor", "seed"),
    ("floor", "floor", "seed"),
    ("cashier", "admin", "seed"),
    ("games", "floor", "seed"),
    ("floor", "floor_lt", "seed_second_room"),
    ("cashier", "admin", "seed_second_room"),
    ("games", "floor_lt", "seed_second_room"),
]


@transaction.atomic
def seed_demo() -> list[str]:
    """Create what is missing; returns what was done, app by app."""
    done = []
    for username, full_name, roles in DEMO_USERS:
        if not User.objects.filter(username=username).exists():
            user_create(username=username, password=DEMO_PASSWORD, roles=list(roles), full_name=full_name)
            done.append(f"user {username}")
    for app, username, function in DEMO_APPS:
        try:
            module = importlib.import_module(f"{app}.demo")
        except ModuleNotFoundError as exc:
            if exc.name != f"{app}.demo":
                raise
            continue
        done.extend(getattr(module, function)(actor=User.objects.get(username=username)))
    return done
