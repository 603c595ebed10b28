"""``manage.py room_create CODE NAME [--time-zone Z] [--currency C] [--gaming-day-start HH:MM]
[--no-cash-buy-ins-at-tables] ...``: open a
room of the group. A figure not given is the installation's default (config/settings.py, "The room")."""

from __future__ import annotations

from argparse import BooleanOptionalAction
from datetime import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.env import KNOWN_EXPONENTS, time_of_day
from config.errors import DomainError
from rooms.models import ButtonRule
from rooms.services import room_create

# The command's options and the room figure each sets.
OPTIONS = {
    "time_zone": str,
    "currency": str,
    "currency_exponent": int,
    "button": str,
    "dealer_push_minutes": int,
    "dealer_max_minutes": int,
    "shifts_per_day": int,
    "anonymous_sale_limit": int,
    "large_cash_threshold": int,
    "drawer_variance_threshold": int,
    "drop_variance_threshold": int,
}


class Command(BaseCommand):
    help = "Open a room CODE named NAME, with its own clock, currency and figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("code")
        parser.add_argument("name")
        parser.add_argument("--gaming-day-start", type=time_of_day, help="HH:MM local time")
        for figure, kind in OPTIONS.items():
            choices = ButtonRule.values if figure == "button" else None
            parser.add_argument(f"--{figure.replace('_', '-')}", type=kind, choices=choices)
        parser.add_argument(
            "--cash-buy-ins-at-tables",
            action=BooleanOptionalAction,
            help="a dealer may sell chips for cash at the table (--no-cash-buy-ins-at-tables: the room forbids it)",
        )

    def handle(self, *args: Any, code: str, name: str, gaming_day_start: time | None, **options: Any) -> None:
        figures = {figure: options[figure] for figure in OPTIONS if options.get(figure) is not None}
        if "currency" in figures and "currency_exponent" not in figures:
            if figures["currency"] not in KNOWN_EXPONENTS:
                raise CommandError(f"--currency-exponent: say how many decimals {figures['currency']} has")
            figures["currency_exponent"] = KNOWN_EXPONENTS[figures["currency"]]
        if gaming_day_start is not None:
            figures["gaming_day_start"] = gaming_day_start
        if options.get("cash_buy_ins_at_tables") is not None:
            figures["cash_buy_ins_at_tables"] = options["cash_buy_ins_at_tables"]
        try:
            room = room_create(code=code, name=name, **figures)
        except DomainError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(
            f"Room {room.code} ({room.name}): {room.currency}, {room.time_zone}, day from {room.gaming_day_start:%H:%M}"
        )
