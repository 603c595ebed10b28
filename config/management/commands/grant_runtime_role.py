"""``manage.py grant_runtime_role ROLE``: the privileges the room's processes connect with, given to ROLE.

Run as the owner of the tables (the ``DATABASE_URL`` that runs ``migrate``), right after each ``migrate``
and after a restore (docs/production.md, "Two database roles"). The grants are
``config.services.database_roles``'s: rows and sequences, no ``TRUNCATE``, no ownership.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.errors import DomainError
from config.services import runtime_role_grant


class Command(BaseCommand):
    help = "Give ROLE the runtime privileges (rows and sequences, no TRUNCATE) on the database's tables."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("role", help="the PostgreSQL role the web processes, workers and beat connect as")

    def handle(self, *args: Any, role: str, **options: Any) -> None:
        try:
            statements = runtime_role_grant(role=role)
        except DomainError as exc:
            raise CommandError(exc.message) from None
        if options["verbosity"] > 1:
            for statement in statements:
                self.stdout.write(statement)
        self.stdout.write(f"{role}: the runtime privileges granted ({len(statements)} statements).")
