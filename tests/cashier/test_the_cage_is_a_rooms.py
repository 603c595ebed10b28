"""The cage is a room's: a drawer and a fill or credit slip belong to a room; a cashier or a floor manager
of one room opens no drawer and signs no slip of another (403 ``not_your_room``, on the service the pages
and the API call), the cage's pages list the picked room's drawers and slips, and each room numbers its
slips on its own."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cashier.models import ChipTransaction, Drawer, DrawerShift, Slip
from cashier.services.drawers import drawer_shift_open
from cashier.services.sales import chip_redemption_create, chip_sale_create
from cashier.services.slips import slip_issue, slip_request, slip_void_request
from config.errors import DomainError, Forbidden
from config.roles import Role
from ledger.models import Denomination, JournalEntry
from rooms.models import Room, StaffPlace
from rooms.services import staff_place, staff_place_end
from tables.models import Table
from tests.cashier.conftest import by_value, room_chips_stocked
from tests.factories import TableFactory, UserFactory, home_room, home_room_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def vilnius_table(vilnius: Room, room_admin: User) -> Table:
    return TableFactory(room=vilnius, number=1, created_by=room_admin)


def test_a_cashier_opens_no_drawer_of_another_room(
    cashier: User, vilnius: Room, vault: JournalEntry, client_for: Callable[[User | None], Client]
) -> None:
    theirs = Drawer.objects.create(room=vilnius, name="Window 1")
    ours = Drawer.objects.create(room=home_room(), name="Window 1")  # the same name, in another room
    with pytest.raises(Forbidden) as refused:
        drawer_shift_open(actor=cashier, drawer_id=theirs.pk, cash=0, chips={})
    assert refused.value.code == "not_your_room"
    assert not theirs.shifts.exists()
    page = client_for(cashier).get(reverse("cashier:index"))
    assert list(page.context["drawers"]) == [ours]
    assert drawer_shift_open(actor=cashier, drawer_id=ours.pk, cash=0, chips={}).drawer == ours


def test_a_slip_of_another_room_is_neither_prepared_nor_signed(
    cashier: User,
    floor_manager: User,
    vilnius: Room,
    vilnius_table: Table,
    vault: JournalEntry,
    open_shift: Callable[..., object],
) -> None:
    with pytest.raises(Forbidden) as refused:
        slip_request(actor=floor_manager, kind="fill", table_id=vilnius_table.pk, chips=by_value({1_000: 5}))
    assert refused.value.code == "not_your_room"
    # Prepared by the Vilnius floor, the slip is no Yerevan cashier's to issue or void.
    theirs = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[vilnius])
    slip = slip_request(actor=theirs, kind="fill", table_id=vilnius_table.pk, chips=by_value({1_000: 5}))
    assert slip.room == vilnius
    open_shift(cashier)
    for step in (
        lambda: slip_issue(actor=cashier, slip_id=slip.pk),
        lambda: slip_void_request(actor=cashier, slip_id=slip.pk, reason="wrong table"),
    ):
        with pytest.raises(Forbidden) as refused:
            step()
        assert refused.value.code == "not_your_room"
    slip.refresh_from_db()
    assert (slip.issue_entry_id, slip.void_reason) == (None, "")


def test_each_room_numbers_its_slips(
    floor_manager: User, vilnius: Room, vilnius_table: Table, table: Table, chips: dict[int, Denomination]
) -> None:
    theirs = UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[vilnius])
    ours = [slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 1})) for _ in "ab"]
    first = slip_request(actor=theirs, kind="fill", table_id=vilnius_table.pk, chips=by_value({1_000: 1}))
    assert [s.number for s in ours] == [1, 2]
    assert (first.room, first.number) == (vilnius, 1)


def test_the_cages_lists_show_a_rooms_slips_only(
    floor_manager: User,
    vilnius: Room,
    vilnius_table: Table,
    table: Table,
    chips: dict[int, Denomination],
    client_for: Callable[[User | None], Client],
    api_for: Callable[[User | None], APIClient],
) -> None:
    ours = slip_request(actor=floor_manager, kind="fill", table_id=table.pk, chips=by_value({1_000: 1}))
    theirs = slip_request(
        actor=UserFactory(roles=[Role.FLOOR_MANAGER], rooms=[vilnius]),
        kind="credit",
        table_id=vilnius_table.pk,
        chips=by_value({1_000: 1}),
    )
    page = client_for(floor_manager)
    assert [slip for slip, _steps in page.get(reverse("cashier:slips")).context["slips"]] == [ours]
    assert page.get(reverse("cashier:slip_print", args=[theirs.pk])).status_code == 404
    listed = api_for(floor_manager).get("/api/v1/cashier/slips/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [row["id"] for row in rows] == [ours.pk]
    assert set(Slip.objects.values_list("room_id", flat=True)) == {home_room().pk, vilnius.pk}


def test_a_cashier_whose_place_ends_sells_no_more_through_the_open_drawer(
    cashier: User, shift: DrawerShift, room_admin: User
) -> None:
    """The sale reads the place in the statement that takes the receipt: an open shift is no licence."""
    sold = chip_sale_create(actor=cashier, amount=5_000, method="cash", chips=by_value({5_000: 1}))
    place = StaffPlace.objects.get(user=cashier, room=home_room(), ended_at__isnull=True)
    staff_place_end(actor=room_admin, place_id=place.pk)
    for sell in (
        lambda: chip_sale_create(actor=cashier, amount=5_000, method="cash", chips=by_value({5_000: 1})),
        lambda: chip_redemption_create(actor=cashier, chips=by_value({5_000: 1})),
    ):
        with pytest.raises(Forbidden) as refused:
            sell()
        assert refused.value.code == "not_your_room"
    shift.refresh_from_db()
    assert shift.receipt_seq == sold.receipt_no  # no number taken by the refusals
    assert ChipTransaction.objects.filter(shift=shift).count() == 1
    # A place for the whole group works in every room, this drawer's too.
    staff_place(actor=room_admin, user=cashier, room=None)
    assert chip_sale_create(actor=cashier, amount=5_000, method="cash", chips=by_value({5_000: 1})).amount == 5_000


def test_an_accountant_reads_the_receipts_and_shifts_of_the_rooms_they_work_in(
    cashier: User, accountant: User, vilnius: Room, vault: JournalEntry, api_for: Callable[[User], APIClient]
) -> None:
    ours = drawer_shift_open(
        actor=cashier, drawer_id=Drawer.objects.create(room=home_room(), name="Window 1").pk, cash=0, chips={}
    )
    theirs_cashier = UserFactory(roles=[Role.CASHIER], rooms=[vilnius])
    room_chips_stocked(vilnius)
    theirs = drawer_shift_open(
        actor=theirs_cashier,
        drawer_id=Drawer.objects.create(room=vilnius, name="Window 1").pk,
        cash=0,
        chips=by_value({5_000: 2}, room=vilnius),
    )
    sold = chip_sale_create(actor=theirs_cashier, amount=5_000, method="cash", chips=by_value({5_000: 1}, room=vilnius))

    def ids(user: User, name: str) -> list[int]:
        body = api_for(user).get(reverse(f"api:{name}")).json()
        return [row["id"] for row in (body["results"] if isinstance(body, dict) else body)]

    assert ids(accountant, "cashier-shifts") == [ours.pk]
    assert ids(accountant, "cashier-transactions") == []
    detail = api_for(accountant).get(reverse("api:cashier-transaction-detail", args=[sold.pk]))
    assert detail.status_code == 404
    group = UserFactory(roles=[Role.ACCOUNTANT], rooms=[None])
    assert sorted(ids(group, "cashier-shifts")) == sorted([ours.pk, theirs.pk])
    assert ids(group, "cashier-transactions") == [sold.pk]


def test_a_sale_follows_the_rules_of_the_drawers_room(
    cashier: User, shift: DrawerShift, vilnius: Room, vilnius_manager: User, player
) -> None:
    """The limit of a sale without identification is the drawer's room's, and a player barred from another
    room only buys chips here."""
    from tables.services import expulsion_create

    home_room_set(anonymous_sale_limit=5_000)
    with pytest.raises(DomainError) as refused:
        chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}))
    assert refused.value.code == "player_required"
    assert chip_sale_create(actor=cashier, amount=5_000, method="cash", chips=by_value({5_000: 1})).amount == 5_000
    expulsion_create(
        actor=vilnius_manager,
        room=vilnius,
        player_id=player.pk,
        rule="House rule 4",
        reason="Abuse of a dealer",
        duration="permanent",
    )
    sold = chip_sale_create(
        actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}), player_id=player.pk
    )
    assert sold.player_id == player.pk
    expulsion_create(
        actor=UserFactory(roles=[Role.FLOOR_MANAGER]),
        room=home_room(),
        player_id=player.pk,
        rule="House rule 4",
        reason="Abuse of a dealer",
        duration="permanent",
    )
    with pytest.raises(DomainError) as barred:
        chip_sale_create(actor=cashier, amount=10_000, method="cash", chips=by_value({10_000: 1}), player_id=player.pk)
    assert barred.value.code == "player_expelled"
