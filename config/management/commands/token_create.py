"""``manage.py token_create USERNAME [--days N]``: an API token for a device or an operation.

The key is printed once, as the last line, and exists nowhere else: the room keeps only its digest and
its first characters (``config.services.tokens``). Lose it and create another; revoke the old one in the
admin's token list.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from config.errors import DomainError
from config.services import token_create


class Command(BaseCommand):
    help = "Create an API token for USERNAME and print its key once, as the last line."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--days", type=int, default=None, help="days the token lives (CARDROOM_TOKEN_DAYS)")

    def handle(self, *args: Any, username: str, days: int | None, **options: Any) -> None:
        user = User.objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        try:
            token, key = token_create(actor=None, user=user, days=days)
        except DomainError as exc:
            raise CommandError(exc.message) from None
        assert token.expiry is not None
        expires = timezone.localtime(token.expiry).strftime("%Y-%m-%d %H:%M %Z")
        self.stdout.write(f"Token {token.token_key}… for {username}, valid until {expires}. Its key, shown once:")
        self.stdout.write(key)
