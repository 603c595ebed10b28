"""In Chromium, two rooms of one group work a shift at the same time, each person at their own screen.

In Yerevan (drams) and in Vilnius (euros) a floor manager clocks a dealer in, opens table 5 (each room has its
own table 5) and seats two players with their buy-ins; a cashier opens a drawer and sells those players their
chips; the dealers deal a hand each, their actions interleaved; the floor manager and the cashier count the
drop box. Every screen shows its own room only: its name in the top bar, its table, its drawer, its money. The
group's accountant reads the fee report of every room with a room column and one total per currency, and, the
next morning in Yerevan, closes Yerevan's gaming day while a Vilnius transaction that writes to Vilnius's books
is still open (on PostgreSQL, where rooms post at once): the close does not wait for it, and Vilnius's day stays
open.

The catalogue is set up beforehand, as in the whole shift's test (``tests.config.test_browser_whole_shift``, whose
steps this one reuses): the games and their 5% fee, the chips, the vaults and drawers, the users, the players.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from playwright.sync_api import expect

from cashier.models import Drawer
from cashier.services.vault import vault_stock
from config.db import on_postgresql
from config.gaming_day import current_gaming_day
from config.roles import Role
from ledger.services.chips import denomination_create
from rooms.models import Room
from tables import services as floor
from tables.models import Game, Player, Ring
from tests.config.test_browser_whole_shift import (
    act,
    bet_the_pot,
    clock_in,
    house_fee,
    name_of,
    said,
    step,
    take_drop_box,
    the_night_passes,
)
from tests.conftest import nl_holdem
from tests.factories import UserFactory, home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE = 5  # in both rooms
BUY_IN = 50_300  # minor units: 50,300 drams, 503.00 euros; the 100s pay the fee
BIG_BLIND = 1_000


@dataclass
class House:
    """One room's catalogue and people, and what the test learns of it as the shift goes."""

    room: Room
    game: Game
    floor: User
    dealer: User
    cashier: User
    chips: dict[int, int]  # value -> denomination id
    sale: dict[int, int]  # the chips the cage proposes for a buy-in, by value
    players: list[Player]
    drawer: str
    money: Callable[[int], str]  # minor units as the room's pages write them
    typed: Callable[[int], str]  # minor units as a person types them into the room's forms
    table_id: int = 0
    screens: dict[str, Any] = field(default_factory=dict)


def drams(amount: int) -> str:
    return f"{amount:,}"


def euros(amount: int) -> str:
    return f"{Decimal(amount).scaleb(-2):,.2f}"


def house(
    room: Room, game: Game, *, admin: User, chip_values: tuple[int, ...], sale: dict[int, int], names: list[str], **kw
) -> House:
    people = {
        role: UserFactory(username=f"{role.replace(' ', '_')}_{room.code}", roles=[role], rooms=[room])
        for role in (Role.FLOOR_MANAGER, Role.DEALER, Role.CASHIER)
    }
    house_fee(people[Role.FLOOR_MANAGER], game)
    floor.dealer_profile_set(actor=people[Role.FLOOR_MANAGER], user_id=people[Role.DEALER].pk, game_ids=[game.pk])
    chips = {v: denomination_create(value=v, colour=f"c{v}", label=str(v), room_id=room.pk).pk for v in chip_values}
    vault_stock(actor=admin, cash=10**9, chips=dict.fromkeys(chips.values(), 1_000), room=room)
    players = [
        floor.player_create(actor=people[Role.FLOOR_MANAGER], room=room, first_name=first, last_name=last)
        for first, last in (name.split() for name in names)
    ]
    return House(
        room=room,
        game=game,
        floor=people[Role.FLOOR_MANAGER],
        dealer=people[Role.DEALER],
        cashier=people[Role.CASHIER],
        chips=chips,
        sale=sale,
        players=players,
        **kw,
    )


@pytest.fixture
def yerevan(db: None) -> Room:
    """The home room, made before Vilnius: a transactional test starts from an empty database, where the
    first room made is the home room."""
    return home_room()


@pytest.fixture
def rooms(yerevan: Room, vilnius: Room) -> tuple[House, House]:
    admin = UserFactory(username="group_admin", roles=[Role.ADMIN], rooms=[None], is_staff=True)
    Drawer.objects.create(room=yerevan, name="Window 1")
    Drawer.objects.create(room=vilnius, name="Langelis 1")
    a = house(
        yerevan,
        nl_holdem(admin, name="Hold'em NL 500/1,000", ring=Ring.SHORT_HANDED, room=yerevan),
        admin=admin,
        chip_values=(100, 1_000, 5_000, 25_000),
        sale={25_000: 2, 100: 3},
        names=["Armen Karapetyan", "Lusine Hakobyan"],
        drawer="Window 1",
        money=drams,
        typed=str,
    )
    b = house(
        vilnius,
        nl_holdem(admin, name="Hold'em NL €5/€10", ring=Ring.FULL_RING, room=vilnius),
        admin=admin,
        chip_values=(100, 500, 2_500, 10_000),
        sale={10_000: 5, 100: 3},
        names=["Jonas Kazlauskas", "Ona Petrauskiene"],
        drawer="Langelis 1",
        money=euros,
        typed=lambda amount: f"{Decimal(amount).scaleb(-2)}",
    )
    return a, b


@pytest.fixture
def group_accountant(db: None) -> User:
    return UserFactory(username="group_accountant", roles=[Role.ACCOUNTANT], rooms=[None])


# --- each room's people -----------------------------------------------------------------------------------------


def sees_only_its_room(page: Any, h: House) -> None:
    expect(page.locator(".brandbox .brand")).to_have_text(h.room.name)


def open_table(page: Any, url: str, h: House) -> None:
    page.goto(f"{url}/floor/")
    create = page.locator("form[action$='/tables/create/']")
    create.locator("input[name=number]").fill(str(TABLE))
    create.locator("select[name=game_id]").select_option(label=h.game.name)
    expect(create.locator("select[name=game_id] option:not([value=''])")).to_have_count(1)  # the room's games only
    create.get_by_role("button", name="Create").click()
    said(page, "Table created.")
    expect(page.locator("[data-table]")).to_have_count(1)  # not the other room's table 5
    page.locator(f'[data-table="{TABLE}"] h2 a').click()
    page.wait_for_url(re.compile(r"/floor/tables/\d+/$"))
    h.table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.locator("#dealer-select").select_option(label=name_of(h.dealer))
    page.get_by_role("button", name="Assign dealer").click()
    page.get_by_role("button", name="Open", exact=True).click()
    said(page, f"Table {TABLE} opened")


def open_drawer_and_sell(page: Any, url: str, h: House) -> None:
    page.goto(f"{url}/cashier/")
    sees_only_its_room(page, h)
    expect(page.locator("#open-drawer option", has_text=re.compile("Window|Langelis"))).to_have_count(1)
    page.select_option("#open-drawer", label=h.drawer)
    page.fill("#open-cash", h.typed(1_000_000))
    for pk in h.chips.values():
        page.fill(f"#open-chip-{pk}", "50")
    page.get_by_role("button", name="Open drawer").click()
    expect(page.locator("#drawer-blind")).to_contain_text(h.drawer)
    for player in h.players:
        page.goto(f"{url}/cashier/")
        page.fill("#player-q", player.last_name[:5].lower())
        page.locator(f'[data-testid=player-match][data-player="{player.pk}"] button').click()
        page.fill("#sale-amount", h.typed(BUY_IN))
        for value in sorted(h.chips, key=lambda v: -h.sale.get(v, 0)):  # the proposal arrives over htmx
            expect(page.locator(f"#sale-chip-{h.chips[value]}")).to_have_value(str(h.sale.get(value, 0)))
        page.get_by_role("button", name="Sell and print receipt").click()
        page.wait_for_url("**/cashier/receipts/*/")
        expect(page.locator("[data-testid=receipt-amount]")).to_have_text(h.money(BUY_IN))
        expect(page.locator(".receipt")).to_contain_text(h.room.name)


def seat_players(page: Any, url: str, h: House) -> None:
    page.goto(f"{url}/floor/tables/{h.table_id}/")
    for seat, player in enumerate(h.players, start=1):
        page.fill("#seat-q", player.last_name[:5].lower())
        page.locator(f'#seat-results input[value="{player.pk}"]').check()
        page.fill("#seat-buy-in", h.typed(BUY_IN))
        page.get_by_role("button", name="Seat player").click()
        said(page, "buy-in recorded")
        expect(page.locator(f'[data-seat="{seat}"]')).to_contain_text(player.full_name)


def to_act(page: Any) -> int:
    seat = page.locator("#seats .to-act")
    seat.wait_for()
    return int(seat.get_attribute("id").removeprefix("seat-"))


def deal(page: Any, url: str, h: House) -> Iterator[None]:
    """The dealer's hand, one action at a time (a ``yield`` after each), so that two dealers' hands interleave.
    Heads-up: the button completes, the big blind checks; on the flop one checks, the other bets the pot and is
    not called. The pot is two big blinds, the fee 5% of it."""
    page.goto(f"{url}/hands/tables/{h.table_id}/deal/")
    sees_only_its_room(page, h)
    for seat in (1, 2):
        expect(page.locator(f"#chips-seat-{seat} .stack")).to_have_text(h.money(BUY_IN))
    act(page, "Start hand", then="#actions button:has-text('Deal')")
    yield
    act(page, "Deal")
    yield
    button = to_act(page)
    act(page, "Call", then=f"#seat-{3 - button}.to-act")
    yield
    act(page, "Check", then="#picker button[data-card='As']")
    for card in ("As", "7c", "9d"):
        page.click(f"#picker button[data-card='{card}']")
    act(page, "Deal board", then="#actions button:has-text('Check')")
    yield
    checker = to_act(page)
    act(page, "Check", then=f"#seat-{3 - checker}.to-act")
    bet_the_pot(page, then=f"#seat-{checker}.to-act")
    yield
    act(page, "Fold")
    pot, fee = 2 * BIG_BLIND, 2 * BIG_BLIND // 20
    expect(page.locator("#summary .fee-total")).to_have_text(f"Fee in all: {h.money(fee)}")
    expect(page.locator(f"#seat-{3 - checker} .stack")).to_have_text(h.money(BUY_IN + pot // 2 - fee))
    expect(page.locator(f"#seat-{checker} .stack")).to_have_text(h.money(BUY_IN - pot // 2))


def side_by_side(*hands: Iterator[None]) -> None:
    """Both dealers at work at once: one action of each in turn until both hands are over."""
    running = list(hands)
    while running:
        for hand in list(running):
            if next(hand, StopIteration) is StopIteration:
                running.remove(hand)


def count_the_drop(url: str, h: House) -> None:
    """The floor manager takes the table's drop box; the floor manager and the cashier count it blind: the
    fee's one chip of 100 minor units."""
    fm, cage = h.screens["floor"], h.screens["cage"]
    take_drop_box(fm, url, h.table_id)
    count = fm.url
    for page, answer in ((fm, "Your count is recorded."), (cage, "The two counts agree.")):
        page.goto(count)
        page.fill(f"#chip-{h.chips[100]}", "1")
        page.get_by_role("button", name="Record my count").click()
        said(page, answer)
    fee = h.money(100)
    expect(cage.locator("#count-result")).to_contain_text(f"Expected (ledger): {fee} · Counted: {fee} · Variance: 0")


# --- the group's accountant -------------------------------------------------------------------------------------


def table_rows(page: Any, part: str) -> list[dict[str, str]]:
    heads = page.locator("#report-table thead th").all_inner_texts()
    rows = page.locator(f"#report-table {part} tr").all()
    return [dict(zip(heads, row.locator("td").all_inner_texts(), strict=True)) for row in rows]


def reads_every_room(page: Any, url: str, a: House, b: House) -> None:
    page.goto(f"{url}/reports/")
    page.select_option("#id_room", label="every room")
    page.get_by_role("button", name="Run the report").click()
    fee = BIG_BLIND // 10
    rows = table_rows(page, "tbody")
    assert sorted((r["Room"], r["Fees"]) for r in rows) == sorted((h.room.name, h.money(fee)) for h in (a, b)), rows
    totals = {r["Gaming day"]: r["Fees"] for r in table_rows(page, "tfoot")}
    assert totals == {"Total AMD": drams(fee), "Total EUR": euros(fee)}, totals  # never drams and euros summed


class OpenWriter:
    """A transaction that has written to a room's books and is not committed yet, like a hand's fee being
    posted: it holds what any of the room's writers holds until it ends."""

    def __init__(self, admin: User, room: Room) -> None:
        self.wrote, self.finish = threading.Event(), threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(admin, room))

    def _run(self, admin: User, room: Room) -> None:
        try:
            with transaction.atomic():
                vault_stock(actor=admin, room=room, cash=1, chips={})
                self.wrote.set()
                self.finish.wait(30)
        except BaseException as exc:
            self.error = exc
        finally:
            connection.close()
            self.wrote.set()

    def __enter__(self) -> OpenWriter:
        self.thread.start()
        assert self.wrote.wait(20)
        return self

    def __exit__(self, *exc: object) -> None:
        self.finish.set()
        self.thread.join(20)
        assert self.error is None, self.error


def close_yerevan_while_vilnius_writes(page: Any, url: str, a: House, b: House, day: Any) -> None:
    page.goto(f"{url}/reports/days/")
    with page.expect_navigation():
        page.select_option("#room-select", label=a.room.name)
    row = page.locator("#gaming-days tbody tr", has_text=day.isoformat())
    admin = User.objects.get(username="group_admin")
    with OpenWriter(admin, b.room) if on_postgresql() else nullcontext():
        row.get_by_role("button", name="Close the day").click()  # would time out if it waited on Vilnius
        said(page, f"The gaming day {day.isoformat()} is closed.")
    expect(page.locator("#gaming-days tbody tr", has_text=day.isoformat())).to_contain_text("closed by")
    with page.expect_navigation():
        page.select_option("#room-select", label=b.room.name)
    expect(page.locator("#gaming-days tbody tr", has_text=day.isoformat())).not_to_contain_text("closed by")


# --- the shift ----------------------------------------------------------------------------------------------------


def test_two_rooms_work_a_shift_side_by_side(desk, live_server, monkeypatch, rooms, group_accountant) -> None:
    url, day = live_server.url, current_gaming_day(room=rooms[0].room)
    for h in rooms:
        h.screens = {"floor": desk(h.floor), "cage": desk(h.cashier), "dealer": desk(h.dealer)}
    with step("each room's floor manager clocks the dealer in and opens the room's table 5"):
        for h in rooms:
            clock_in(h.screens["floor"], url, [h.dealer])
            sees_only_its_room(h.screens["floor"], h)
        for h in rooms:
            open_table(h.screens["floor"], url, h)
    with step("each room's cashier opens a drawer and sells the players their chips, in the room's money"):
        for h in rooms:
            open_drawer_and_sell(h.screens["cage"], url, h)
    with step("each floor manager seats the room's players with their buy-ins"):
        for h in rooms:
            seat_players(h.screens["floor"], url, h)
    with step("the two dealers deal a hand at the same time"):
        side_by_side(*(deal(h.screens["dealer"], url, h) for h in rooms))
    with step("in each room the floor manager and the cashier count the table's drop box"):
        for h in rooms:
            count_the_drop(url, h)
    with step("the group's accountant reads every room's fees, a total per currency"):
        reads_every_room(desk(group_accountant), url, rooms[0], rooms[1])
    the_night_passes(monkeypatch, day)
    with step("the next morning the accountant closes Yerevan's day while Vilnius writes to its books"):
        close_yerevan_while_vilnius_writes(desk(group_accountant), url, rooms[0], rooms[1], day)
