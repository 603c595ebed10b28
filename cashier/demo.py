"""Demo data for each room's cage: its chips, a stocked vault, two drawers, an open drawer with a few sales,
and each open demo table's tray filled from that drawer (its opening bank: the dealer makes change from it)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from cashier.models import Drawer, DrawerShift, ShiftStatus, SlipKind
from cashier.services.drawers import drawer_shift_open
from cashier.services.sales import chip_sale_create
from cashier.services.slips import slip_issue, slip_receive, slip_request
from cashier.services.vault import vault_stock
from ledger.models import Denomination, JournalEntry, Reason
from ledger.services.chips import denomination_create
from rooms.demo import home_room, second_room
from rooms.models import Room
from tables.models import Table, TableStatus


@dataclass(frozen=True)
class DemoCage:
    """One room's demo cage: its chips (value in the room's minor units, colour, label), its stock, the
    drawer its cashier opens with a few sales, and the fill of each open table's tray from that drawer."""

    chips: list[tuple[int, str, str]]
    vault_cash: int
    drawer_cash: int
    tray_fill: dict[int, int]  # chip value -> pieces: small chips to make change with (fees, odd buy-ins)
    sales: list[tuple[int, dict[int, int]]]  # (amount, {chip value: pieces})
    cashier: str
    floor: str


VAULT_CHIPS = 2_000  # of each denomination
DRAWER_CHIPS = 100
# Drams (no decimals in practice).
YEREVAN = DemoCage(
    chips=[
        (100, "white", "100"),
        (500, "red", "500"),
        (1_000, "blue", "1,000"),
        (5_000, "green", "5,000"),
        (10_000, "black", "10,000"),
        (25_000, "purple", "25,000"),
        (100_000, "yellow", "100,000"),
    ],
    vault_cash=100_000_000,
    drawer_cash=2_000_000,
    tray_fill={100: 20, 500: 20, 1_000: 20, 5_000: 10},
    # The players' chips: at least the buy-ins the demo's seated players sit down with (the chip float balances).
    sales=[
        (15_000, {10_000: 1, 5_000: 1}),
        (50_000, {25_000: 1, 10_000: 2, 1_000: 5}),
        (3_000, {1_000: 3}),
        (100_000, {100_000: 1}),
        (60_000, {25_000: 2, 10_000: 1}),
    ],
    cashier="cashier",
    floor="floor",
)
# Euro cents.
VILNIUS = DemoCage(
    chips=[
        (50, "white", "€0.50"),
        (100, "red", "€1"),
        (500, "blue", "€5"),
        (2_500, "green", "€25"),
        (10_000, "black", "€100"),
    ],
    vault_cash=5_000_000,
    drawer_cash=200_000,
    tray_fill={50: 40, 100: 40, 500: 20},
    sales=[(20_000, {10_000: 1, 2_500: 4}), (5_000, {2_500: 2})],
    cashier="cashier_lt",
    floor="floor_lt",
)


def seed(*, actor: User) -> list[str]:
    return _seed(actor, home_room(), YEREVAN)


def seed_second_room(*, actor: User) -> list[str]:
    return _seed(actor, second_room(), VILNIUS)


def _seed(actor: User, room: Room, cage: DemoCage) -> list[str]:
    done: list[str] = []
    for value, colour, label in cage.chips:
        if not Denomination.objects.filter(room=room, value=value).exists():
            denomination_create(room_id=room.pk, value=value, colour=colour, label=label)
            done.append(f"chip {label} in {room.code}")
    ids = {d.value: d.pk for d in Denomination.objects.filter(room=room)}
    if not JournalEntry.objects.filter(room=room, reason=Reason.OPENING, memo="demo vault").exists():
        chips = {ids[v]: VAULT_CHIPS for v, _c, _l in cage.chips}
        vault_stock(actor=actor, room=room, cash=cage.vault_cash, chips=chips, memo="demo vault")
        done.append(f"vault of {room.code} stocked")
    for name in ("Window 1", "Window 2"):
        if not Drawer.objects.filter(room=room, name=name).exists():
            Drawer.objects.create(room=room, name=name)
            done.append(f"drawer {name} in {room.code}")
    cashier = User.objects.filter(username=cage.cashier).first()
    busy = DrawerShift.objects.exclude(status=ShiftStatus.CLOSED)
    if cashier is not None and not busy.filter(cashier=cashier).exists():
        window = Drawer.objects.get(room=room, name="Window 1")
        if not busy.filter(drawer=window).exists():
            chips = {ids[v]: DRAWER_CHIPS for v, _c, _l in cage.chips}
            drawer_shift_open(actor=cashier, drawer_id=window.pk, cash=cage.drawer_cash, chips=chips)
            for amount, breakdown in cage.sales:
                chip_sale_create(
                    actor=cashier, amount=amount, method="cash", chips={ids[v]: n for v, n in breakdown.items()}
                )
            done.append(f"open drawer for {cashier.get_username()} with {len(cage.sales)} sales")
    floor = User.objects.filter(username=cage.floor).first()
    if cashier is not None and floor is not None and busy.filter(cashier=cashier).exists():
        done.extend(_fill_trays(room, cashier, floor, {ids[v]: n for v, n in cage.tray_fill.items()}))
    return done


def _fill_trays(room: Room, cashier: User, floor: User, chips: dict[int, int]) -> list[str]:
    """A fill slip for each open table of the room whose tray was never filled: issued by the cashier,
    received by the floor."""
    done = []
    tables = (
        Table.objects.filter(room=room, status=TableStatus.OPEN)
        .exclude(cashier_slips__kind=SlipKind.FILL)
        .order_by("number")
    )
    for table in tables:
        slip = slip_request(actor=cashier, kind=SlipKind.FILL, table_id=table.pk, chips=chips)
        slip_issue(actor=cashier, slip_id=slip.pk)
        slip_receive(actor=floor, slip_id=slip.pk)
        done.append(f"tray of table {table.number} in {room.code} filled")
    return done
