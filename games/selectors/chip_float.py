"""A room's chip float: where every chip the room has issued and not redeemed is at one moment.

Chips issued to the room (less a counted shortage) are in the cage (vault, drawers, in transit), in the tables'
trays and drop boxes, or with the players: the ledger knows those places by denomination. The players' part is
split by the tables' records: the stacks of the open seats are at the tables, the rest is in the players' hands
away from the tables. Chips at the tables beyond what the cage has issued to players came from nowhere (a buy-in
typed at a seat that no sale backs): they make the float's difference, and the seats holding them are listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Sum
from django.utils import timezone

from config.gaming_day import current_gaming_day, gaming_day_bounds
from games.models import SeatStack, StackKind
from games.selectors.stacks import with_latest_stack
from ledger.models import AccountKind, Denomination
from ledger.selectors.balances import chips_by_kind, ledger_check
from rooms.models import Room
from tables.models import SeatSession

CAGE = (AccountKind.VAULT, AccountKind.DRAWER, AccountKind.TRANSIT)


@dataclass(frozen=True)
class SeatHolding:
    table_id: int
    table_number: int
    seat_number: int
    player: str
    stack: int


@dataclass(frozen=True)
class ChipsOfDenomination:
    denomination: Denomination
    cage: int
    trays: int
    drop_boxes: int
    with_players: int


@dataclass(frozen=True)
class ChipFloat:
    room: Room
    gaming_day: date
    at: datetime
    issued: int  # issued to the room, less any counted shortage
    cage: int
    trays: int
    drop_boxes: int
    with_players: int  # sold and not redeemed nor dropped, as the ledger has it
    at_tables: int  # the open seats' stacks
    bought_in_today: int  # buy-ins and add-ons recorded at the room's tables this gaming day
    seats: list[SeatHolding]
    denominations: list[ChipsOfDenomination]

    @property
    def away_from_tables(self) -> int:
        return max(self.with_players - self.at_tables, 0)

    @property
    def accounted(self) -> int:
        return self.cage + self.trays + self.drop_boxes + self.at_tables + self.away_from_tables

    @property
    def difference(self) -> int:
        """Issued less accounted: negative by the chips at the tables that no sale backs."""
        return self.issued - self.accounted

    @property
    def balanced(self) -> bool:
        return self.difference == 0


def chip_float(*, room: Room) -> ChipFloat:
    at = timezone.now()
    day = current_gaming_day(room=room)
    check = ledger_check(room_id=room.pk)
    places = chips_by_kind(room_id=room.pk)

    def held(*kinds: str) -> int:
        return sum(sum(places.get(kind, {}).values()) for kind in kinds)

    sessions = with_latest_stack(
        SeatSession.objects.filter(table__room=room, ended_at__isnull=True).select_related("table", "player")
    ).order_by("table__number", "seat_number")
    seats = [
        SeatHolding(s.table_id, s.table.number, s.seat_number, s.player.full_name, s.latest_stack)
        for s in sessions
        if s.latest_stack
    ]
    start, end = gaming_day_bounds(day, room=room)
    bought = SeatStack.objects.filter(
        table__room=room, kind__in=(StackKind.BUY_IN, StackKind.ADD_ON), created_at__gte=start, created_at__lt=end
    ).aggregate(total=Sum("change", default=0))["total"]
    chips = [
        ChipsOfDenomination(
            d,
            cage=sum(places.get(kind, {}).get(d.pk, 0) for kind in CAGE),
            trays=places.get(AccountKind.TRAY, {}).get(d.pk, 0),
            drop_boxes=places.get(AccountKind.DROP_BOX, {}).get(d.pk, 0),
            with_players=places.get(AccountKind.OUTSTANDING, {}).get(d.pk, 0),
        )
        for d in Denomination.objects.filter(room=room).order_by("value")
    ]
    return ChipFloat(
        room=room,
        gaming_day=day,
        at=at,
        issued=check.chips_issued - check.chip_over_short,
        cage=held(*CAGE),
        trays=held(AccountKind.TRAY),
        drop_boxes=held(AccountKind.DROP_BOX),
        with_players=held(AccountKind.OUTSTANDING),
        at_tables=sum(s.stack for s in seats),
        bought_in_today=bought,
        seats=seats,
        denominations=chips,
    )


def chip_float_json(chips: ChipFloat) -> dict[str, object]:
    """The float as ``manage.py chip_float --json`` and the API give it: amounts in minor units."""
    return {
        "room": chips.room.code,
        "currency": chips.room.currency,
        "gaming_day": chips.gaming_day.isoformat(),
        "at": chips.at.isoformat(),
        "issued": chips.issued,
        "components": {
            "cage": chips.cage,
            "trays": chips.trays,
            "drop_boxes": chips.drop_boxes,
            "at_tables": chips.at_tables,
            "away_from_tables": chips.away_from_tables,
        },
        "with_players_on_the_ledger": chips.with_players,
        "bought_in_today": chips.bought_in_today,
        "difference": chips.difference,
        "balanced": chips.balanced,
        "seats": [
            {"table": s.table_number, "seat": s.seat_number, "player": s.player, "stack": s.stack} for s in chips.seats
        ],
        "denominations": [
            {
                "value": d.denomination.value,
                "cage": d.cage,
                "trays": d.trays,
                "drop_boxes": d.drop_boxes,
                "with_players": d.with_players,
            }
            for d in chips.denominations
        ],
    }
