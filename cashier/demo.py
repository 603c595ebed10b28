"""Demo data for the cage: chips, a stocked vault, two drawers, an open drawer with a few sales, and each
open demo table's tray filled from that drawer (its opening bank: the dealer makes change from it)."""

from __future__ import annotations

from django.contrib.auth.models import User

from cashier.models import Drawer, DrawerShift, ShiftStatus, SlipKind
from cashier.services.drawers import drawer_shift_open
from cashier.services.sales import chip_sale_create
from cashier.services.slips import slip_issue, slip_receive, slip_request
from cashier.services.vault import vault_stock
from ledger.models import Denomination, JournalEntry, Reason
from ledger.services.chips import denomination_create
from rooms.demo import home_room
from tables.models import Table, TableStatus

# AMD chips: value (minor units = drams), colour, label.
DEMO_CHIPS = [
    (100, "white", "100"),
    (500, "red", "500"),
    (1_000, "blue", "1,000"),
    (5_000, "green", "5,000"),
    (10_000, "black", "10,000"),
    (25_000, "purple", "25,000"),
    (100_000, "yellow", "100,000"),
]
VAULT_CHIPS = 2_000  # of each denomination
VAULT_CASH = 100_000_000
DRAWER_CHIPS = 100
DRAWER_CASH = 2_000_000
# Each open demo table's tray: small chips to make change with (fees, odd buy-ins).
TRAY_FILL = {100: 20, 500: 20, 1_000: 20, 5_000: 10}
DEMO_SALES = [(15_000, {10_000: 1, 5_000: 1}), (50_000, {25_000: 1, 10_000: 2, 1_000: 5}), (3_000, {1_000: 3})]


def seed(*, actor: User) -> list[str]:
    done: list[str] = []
    for value, colour, label in DEMO_CHIPS:
        if not Denomination.objects.filter(value=value).exists():
            denomination_create(value=value, colour=colour, label=label)
            done.append(f"chip {label}")
    ids = {d.value: d.pk for d in Denomination.objects.all()}
    if not JournalEntry.objects.filter(reason=Reason.OPENING, memo="demo vault").exists():
        vault_stock(
            actor=actor, cash=VAULT_CASH, chips={ids[v]: VAULT_CHIPS for v, _c, _l in DEMO_CHIPS}, memo="demo vault"
        )
        done.append("vault stocked")
    room = home_room()
    for name in ("Window 1", "Window 2"):
        if not Drawer.objects.filter(room=room, name=name).exists():
            Drawer.objects.create(room=room, name=name)
            done.append(f"drawer {name}")
    cashier = User.objects.filter(username="cashier").first()
    busy = DrawerShift.objects.exclude(status=ShiftStatus.CLOSED)
    if cashier is not None and not busy.filter(cashier=cashier).exists():
        window = Drawer.objects.get(room=room, name="Window 1")
        if not busy.filter(drawer=window).exists():
            chips = {ids[v]: DRAWER_CHIPS for v, _c, _l in DEMO_CHIPS}
            drawer_shift_open(actor=cashier, drawer_id=window.pk, cash=DRAWER_CASH, chips=chips)
            for amount, breakdown in DEMO_SALES:
                chip_sale_create(
                    actor=cashier, amount=amount, method="cash", chips={ids[v]: n for v, n in breakdown.items()}
                )
            done.append("open drawer for cashier with 3 sales")
    floor = User.objects.filter(username="floor").first()
    if cashier is not None and floor is not None and busy.filter(cashier=cashier).exists():
        done.extend(_fill_trays(cashier, floor, ids))
    return done


def _fill_trays(cashier: User, floor: User, ids: dict[int, int]) -> list[str]:
    """A fill slip for each open table whose tray was never filled: issued by the cashier, received by the floor."""
    done = []
    tables = (
        Table.objects.filter(room=home_room(), status=TableStatus.OPEN)
        .exclude(cashier_slips__kind=SlipKind.FILL)
        .order_by("number")
    )
    for table in tables:
        chips = {ids[v]: n for v, n in TRAY_FILL.items()}
        slip = slip_request(actor=cashier, kind=SlipKind.FILL, table_id=table.pk, chips=chips)
        slip_issue(actor=cashier, slip_id=slip.pk)
        slip_receive(actor=floor, slip_id=slip.pk)
        done.append(f"tray of table {table.number} filled")
    return done
