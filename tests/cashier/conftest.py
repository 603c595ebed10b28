"""Cashier fixtures: chips, a stocked vault, tables, players and an open drawer."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from cashier.models import Drawer, DrawerShift
from cashier.services.drawers import drawer_shift_open
from cashier.services.vault import vault_stock
from config.roles import Role
from ledger.models import Denomination, JournalEntry
from ledger.selectors.balances import ledger_check
from ledger.services.chips import denomination_create
from rooms.models import Room
from tables.models import DealerAssignment, Player, Table
from tests.factories import PlayerFactory, TableFactory, UserFactory, home_room

VALUES = [100, 500, 1_000, 5_000, 10_000, 25_000, 100_000]


def assert_ledger_ok() -> None:
    """The global invariant (controls test 29): every money test ends with it."""
    check = ledger_check(room_id=home_room().pk)
    assert check.unbalanced_entries == []
    assert check.negative_balances == []
    assert check.stale_balances == []
    assert check.chips_in_room == check.chips_issued - check.chip_over_short


def key() -> str:
    return str(uuid.uuid4())


@pytest.fixture
def room_admin(db: None) -> User:
    return UserFactory(username="room_admin", roles=[Role.ADMIN], is_staff=True)


@pytest.fixture
def chips(db: None) -> dict[int, Denomination]:
    """Denominations by value."""
    return {v: denomination_create(value=v, colour=f"c{v}", label=str(v), room_id=home_room().pk) for v in VALUES}


@pytest.fixture
def vault(room_admin: User, chips: dict[int, Denomination]) -> JournalEntry:
    return vault_stock(actor=room_admin, cash=50_000_000, chips={d.pk: 1_000 for d in chips.values()}, room=home_room())


@pytest.fixture
def drawer(db: None) -> Drawer:
    return Drawer.objects.create(room=home_room(), name="Window 1")


@pytest.fixture
def make_drawer(db: None) -> Callable[[str], Drawer]:
    return lambda name: Drawer.objects.create(room=home_room(), name=name)


@pytest.fixture
def open_shift(vault: JournalEntry) -> Callable[..., DrawerShift]:
    """Open a shift for a cashier with ``cash`` and ``{value: count}`` chips from the vault."""

    def make(user: User, *, cash: int = 1_000_000, chips: dict[int, int] | None = None, drawer: Drawer | None = None):
        counts = chips if chips is not None else dict.fromkeys(VALUES, 100)
        by_value = {d.value: d.pk for d in Denomination.objects.all()}
        window = drawer or Drawer.objects.create(
            room=home_room(), name=f"Auto {user.username} {Drawer.objects.count() + 1}"
        )
        return drawer_shift_open(
            actor=user, drawer_id=window.pk, cash=cash, chips={by_value[v]: n for v, n in counts.items()}
        )

    return make


@pytest.fixture
def shift(cashier: User, open_shift: Callable[..., DrawerShift]) -> DrawerShift:
    return open_shift(cashier)


def deal(table: Table, dealer: User) -> DealerAssignment:
    """``dealer`` deals ``table`` from now on (written directly: tests/tables covers the floor's own rules)."""
    now = timezone.now()
    return DealerAssignment.objects.create(
        table=table, dealer=dealer, started_at=now, created_at=now, created_by=dealer
    )


@pytest.fixture
def table(room_admin: User, dealer: User) -> Table:
    """Table 1, dealt by the ``dealer`` persona: a dealer signs slips and counts only at their own table."""
    table = TableFactory(number=1, created_by=room_admin)
    deal(table, dealer)
    return table


@pytest.fixture
def make_table(room_admin: User) -> Callable[[int], Table]:
    def make(number: int) -> Table:
        return TableFactory(number=number, created_by=room_admin)

    return make


@pytest.fixture
def player(room_admin: User) -> Player:
    return PlayerFactory(last_name="Petrosyan", created_by=room_admin)


def by_value(counts: dict[int, int], *, room: Room | None = None) -> dict[int, int]:
    """``{value: count}`` -> ``{denomination_id: count}`` of the chips of ``room`` (the home room's)."""
    ids = {d.value: d.pk for d in Denomination.objects.filter(room=room or home_room())}
    return {ids[v]: n for v, n in counts.items()}


def room_chips_stocked(room: Room, *, pieces: int = 1_000, cash: int = 50_000_000) -> dict[int, Denomination]:
    """Another room's chips (of ``VALUES``, in its minor units), stocked in its vault by an admin of the room."""
    admin = UserFactory(roles=[Role.ADMIN], rooms=[room])
    chips = {v: denomination_create(room_id=room.pk, value=v, colour=f"c{v}", label=str(v)) for v in VALUES}
    vault_stock(actor=admin, room=room, cash=cash, chips={d.pk: pieces for d in chips.values()})
    return chips


@pytest.fixture
def second_cashier(db: None) -> User:
    return UserFactory(username="cashier2", roles=[Role.CASHIER])


def ids_of(**kwargs: Any) -> dict[str, Any]:
    return kwargs
