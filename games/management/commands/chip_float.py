"""``manage.py chip_float [--room CODE] [--json]``: where each room's chips are now (``games.selectors.chip_float``).

Exit status: 0 when every float shown balances, 1 when one does not, 2 on bad input. Changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.money import Currency, format_money, using
from games.selectors.chip_float import ChipFloat, chip_float, chip_float_json
from rooms.models import Room

USAGE_ERROR = 2


class Command(BaseCommand):
    help = (
        "Each room's chip float: chips issued and not redeemed, against those in the cage, the trays, the drop "
        "boxes, the players' stacks at the tables and the players' hands. Exits 1 when a float does not balance."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--room", metavar="CODE", help="Only the room with this code; default: every room.")
        parser.add_argument("--json", action="store_true", help="One JSON document: a list of floats.")

    def handle(self, *args: Any, **options: Any) -> None:
        rooms = Room.objects.order_by("pk")
        if options["room"] is not None:
            rooms = rooms.filter(code=options["room"])
            if not rooms.exists():
                raise CommandError(f"No room has the code {options['room']!r}.", returncode=USAGE_ERROR)
        floats = [chip_float(room=room) for room in rooms]
        if options["json"]:
            self.stdout.write(json.dumps([chip_float_json(f) for f in floats], indent=2, ensure_ascii=False))
        else:
            for chips in floats:
                self._table(chips)
        unbalanced = [f.room.code for f in floats if not f.balanced]
        if unbalanced:
            raise CommandError(f"The chip float does not balance in: {', '.join(unbalanced)}.", returncode=1)

    def _table(self, chips: ChipFloat) -> None:
        with using(Currency.of(chips.room)):
            lines = [
                ("issued, not redeemed", chips.issued),
                ("in the cage", chips.cage),
                ("in the trays", chips.trays),
                ("in the drop boxes", chips.drop_boxes),
                ("in stacks at the tables", chips.at_tables),
                ("in players' hands away from the tables", chips.away_from_tables),
                ("difference", chips.difference),
            ]
            self.stdout.write(f"{chips.room.name} ({chips.room.currency}), gaming day {chips.gaming_day.isoformat()}")
            for label, amount in lines:
                self.stdout.write(f"  {label:<42}{format_money(amount):>16}")
