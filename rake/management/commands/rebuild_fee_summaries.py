"""``manage.py rebuild_fee_summaries --from 2026-01-01 --to 2026-01-31``: recompute the daily fee summaries."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.gaming_day import current_gaming_day
from rake.services import summaries_rebuild


class Command(BaseCommand):
    help = "Rebuild the daily fee summaries of a range of gaming days from the fee records and drop counts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--from", dest="day_from", type=date.fromisoformat, help="First gaming day (YYYY-MM-DD).")
        parser.add_argument("--to", dest="day_to", type=date.fromisoformat, help="Last gaming day; default today.")

    def handle(self, *args: Any, **options: Any) -> None:
        day_to = options["day_to"] or current_gaming_day()
        day_from = options["day_from"] or day_to
        if day_to < day_from:
            raise CommandError("--to is before --from")
        rows = summaries_rebuild(day_from=day_from, day_to=day_to)
        self.stdout.write(f"{rows} summary rows for {day_from.isoformat()}..{day_to.isoformat()}")
