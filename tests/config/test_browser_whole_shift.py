"""In Chromium, a whole shift through the pages, each person at their own screen.

The floor manager clocks the dealers in, opens a Hold'em table and a Club Poker table, puts two players on the
Hold'em waitlist and seats them with their buy-ins, and seats two more at the Club Poker table. The dealers record
a Hold'em hand and a Club Poker hand in which a player buys two cards at the draw. The cashier sells the chips,
redeems some and closes the drawer on a blind count. The floor manager and the cashier count the drop boxes. The
accountant finds the report's fee total equal to the fees of the hand log, and the next morning closes the day.

Only the catalogue is set up beforehand: the games and their 5% fee policy, the chips, the vault and a drawer, the
users (with the games each dealer may deal) and the players' registry entries. Everything else is a page.

The players buy their chips before they sit: a hand's fee moves chips in play into the drop box
(``games.services.hand_fees``), so the cage must have sold them, small ones included, before the first hand.

Only a past gaming day is closed (``rake.services.days.gaming_day_close``). The live server is a thread of this
process and every clock reading of the room goes through ``django.utils.timezone.now``, so the night passes by
patching that one function: once the accountant has read the report, it answers a moment one hour into the next
gaming day, for the server and the test alike (sessions opened the evening before have expired by then: the
accountant logs in again). The patch is undone when the test ends.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from cashier.models import Drawer
from cashier.services.vault import vault_stock
from config.gaming_day import current_gaming_day, gaming_day_bounds
from config.roles import Role
from ledger.services.chips import denomination_create
from rake.services import fee_policy_set
from tables import services as floor
from tables.models import Game, Player
from tests.factories import UserFactory, home_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHIP_VALUES = (100, 500, 1_000, 5_000, 10_000, 25_000, 100_000)
OPENING_CASH = 1_000_000
OPENING_PIECES = 50  # of every chip, handed from the vault to the drawer
HOLDEM_TABLE, CLUB_TABLE = 7, 8
HOLDEM_PLAYERS, CLUB_PLAYERS = ("Armen", "Lusine"), ("Tigran", "Ani")
# Buy-ins and the chips the cage proposes for them (largest first); the 100s pay the fees.
SALES = {
    "Armen": (60_500, {25_000: 2, 10_000: 1, 500: 1}),
    "Lusine": (50_300, {25_000: 2, 100: 3}),
    "Tigran": (30_000, {25_000: 1, 5_000: 1}),
    "Ani": (25_200, {25_000: 1, 100: 2}),
}
REDEEMED_CHIPS = {25_000: 1, 10_000: 1}  # cashed by the Hold'em winner
NAMES = {"Armen": "Karapetyan", "Lusine": "Hakobyan", "Tigran": "Sargsyan", "Ani": "Grigoryan"}


@dataclass
class Room:
    holdem: Game
    club: Game
    dealer2: User
    chip_ids: dict[int, int]  # chip value -> denomination id
    players: dict[str, Player]  # first name -> registry entry
    tables: dict[int, int]  # table number -> id, as the floor manager creates them


def house_fee(actor: User, game: Game) -> None:
    """The room's fee for ``game``: 5% of each pot, no flop no drop."""
    fee_policy_set(
        actor=actor,
        kind="percentage",
        reason="house fee",
        game_id=game.pk,
        rate=Decimal("0.05"),
        cap_per_hand=None,
        caps_by_players=[],
        min_pot=0,
        no_flop_no_drop=True,
        allocation="main_first",
    )


@contextmanager
def step(name: str) -> Iterator[None]:
    """A failure names the step of the shift it happened in."""
    try:
        yield
    except Exception as exc:
        raise AssertionError(f"step «{name}» failed: {exc}") from exc


@pytest.fixture
def room(floor_manager: User, dealer: User, holdem_short: Game, club_poker: Game) -> Room:
    admin = UserFactory(username="room_admin", roles=[Role.ADMIN], is_staff=True)
    dealer2 = UserFactory(username="dealer2", roles=[Role.DEALER])
    for game in (holdem_short, club_poker):
        house_fee(floor_manager, game)
    floor.dealer_profile_set(actor=floor_manager, user_id=dealer.pk, game_ids=[holdem_short.pk])
    floor.dealer_profile_set(actor=floor_manager, user_id=dealer2.pk, game_ids=[club_poker.pk])
    chips = {v: denomination_create(value=v, colour=f"c{v}", label=str(v), room_id=home_room().pk) for v in CHIP_VALUES}
    vault_stock(actor=admin, cash=50_000_000, chips={d.pk: 1_000 for d in chips.values()}, room=home_room())
    Drawer.objects.create(room=home_room(), name="Window 1")
    players = {
        first: floor.player_create(actor=floor_manager, room=home_room(), first_name=first, last_name=last)
        for first, last in NAMES.items()
    }
    return Room(holdem_short, club_poker, dealer2, {v: d.pk for v, d in chips.items()}, players, {})


def name_of(user: User) -> str:
    return user.get_full_name() or user.username


def said(page: Any, text: str) -> None:
    expect(page.locator(".messages")).to_contain_text(text)


# --- the floor ------------------------------------------------------------------------------------------------


def clock_in(page: Any, url: str, dealers: list[User]) -> None:
    page.goto(f"{url}/floor/dealers/")
    for dealer in dealers:
        page.locator("tr", has_text=name_of(dealer)).get_by_role("button", name="Clock in").click()
        said(page, "Clocked in.")
        expect(page.locator("tr", has_text=name_of(dealer))).to_contain_text("clocked in")


def open_table(page: Any, url: str, room: Room, number: int, game: Game, dealer: User) -> None:
    page.goto(f"{url}/floor/")
    create = page.locator("form[action$='/tables/create/']")
    create.locator("input[name=number]").fill(str(number))
    create.locator("select[name=game_id]").select_option(label=game.name)
    create.get_by_role("button", name="Create").click()
    said(page, "Table created.")
    page.locator(f'[data-table="{number}"] h2 a').click()
    page.wait_for_url(re.compile(r"/floor/tables/\d+/$"))
    room.tables[number] = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.locator("#dealer-select").select_option(label=name_of(dealer))
    page.get_by_role("button", name="Assign dealer").click()
    said(page, f"{name_of(dealer)} deals table {number} now.")
    page.get_by_role("button", name="Open", exact=True).click()
    said(page, f"Table {number} opened")
    expect(page.locator("[data-status]")).to_have_text("open")
    expect(page.locator("[data-dealer]")).to_have_text(name_of(dealer))


def add_to_waitlist(page: Any, url: str, game: Game, players: list[Player]) -> None:
    page.goto(f"{url}/floor/waitlists/")
    for player in players:
        page.fill("#list-q", player.last_name[:5].lower())
        page.locator(f'#list-results input[value="{player.pk}"]').check()
        page.locator("#add-form select[name=game_id]").select_option(label=game.name)
        page.locator("#add-form").get_by_role("button", name="Add").click()
        page.wait_for_load_state()
        expect(page.locator(f'[data-list="{game.pk}"]')).to_contain_text(player.full_name)
    listed = page.locator(f'[data-list="{game.pk}"] .entry-player').all_inner_texts()
    assert listed == [p.full_name for p in players], listed


def seat_from_waitlist(page: Any, url: str, room: Room) -> None:
    page.goto(f"{url}/floor/tables/{room.tables[HOLDEM_TABLE]}/")
    for seat, name in enumerate(HOLDEM_PLAYERS, start=1):
        player = room.players[name]
        entry = page.locator("li[data-entry]", has_text=player.full_name)
        entry.locator("input[name=buy_in]").fill(str(SALES[name][0]))
        entry.get_by_role("button", name="Seat here").click()
        said(page, "seated")
        expect(page.locator(f'[data-seat="{seat}"]')).to_contain_text(player.full_name)
    expect(page.locator("li[data-entry]")).to_have_count(0)  # the list is empty now


def seat_by_search(page: Any, url: str, room: Room) -> None:
    page.goto(f"{url}/floor/tables/{room.tables[CLUB_TABLE]}/")
    for seat, name in enumerate(CLUB_PLAYERS, start=1):
        player = room.players[name]
        page.fill("#seat-q", player.last_name[:5].lower())
        page.locator(f'#seat-results input[value="{player.pk}"]').check()
        page.fill("#seat-buy-in", str(SALES[name][0]))
        page.get_by_role("button", name="Seat player").click()
        said(page, "buy-in recorded")
        expect(page.locator(f'[data-seat="{seat}"]')).to_contain_text(player.full_name)


# --- the dealers ------------------------------------------------------------------------------------------------


def to_act(page: Any) -> int:
    seat = page.locator("#seats .to-act")
    seat.wait_for()
    return int(seat.get_attribute("id").removeprefix("seat-"))


def act(page: Any, label: str, *, then: str = "") -> None:
    """Press the action button whose label starts with ``label``; ``then``: wait for this selector."""
    page.locator("#actions button", has_text=re.compile("^" + re.escape(label))).click()
    if then:
        page.locator(then).first.wait_for()


def bet_the_pot(page: Any, *, then: str) -> None:
    page.locator("#presets button", has_text=re.compile(r"^Pot ")).click()
    page.click("#raise")
    page.locator(then).wait_for()


def start(page: Any, url: str, room: Room, number: int, players: tuple[str, str]) -> list[int]:
    """Open the dealer's screen, check the buy-ins the floor recorded, deal; returns the stacks by seat - 1."""
    stacks = [SALES[name][0] for name in players]
    page.goto(f"{url}/hands/tables/{room.tables[number]}/deal/")
    for seat, stack in enumerate(stacks, start=1):
        player = room.players[players[seat - 1]]  # a dealer reads a short name
        expect(page.locator(f"#chips-seat-{seat}")).to_contain_text(f"{player.first_name} {player.last_name[0]}.")
        expect(page.locator(f"#chips-seat-{seat} .stack")).to_have_text(f"{stack:,}")
    act(page, "Start hand", then="#actions button:has-text('Deal')")
    act(page, "Deal")
    return stacks


def hand_over(page: Any, *, fee: int, pot: int, stacks: dict[int, int]) -> None:
    """The end of the hand as the dealer sees it: the fee, the stacks, then the hand's page."""
    expect(page.locator("#actions button", has_text="Next hand")).to_be_visible()
    expect(page.locator("#summary .fee-total")).to_have_text(f"Fee in all: {fee:,}")
    for seat, stack in stacks.items():
        expect(page.locator(f"#seat-{seat} .stack")).to_have_text(f"{stack:,}")
    page.click("#log-link")
    expect(page.locator("#hand-pot")).to_have_text(f"{pot:,}")
    expect(page.locator("#hand-fee")).to_have_text(f"{fee:,}")


def deal_holdem(page: Any, url: str, room: Room) -> Player:
    """Heads-up: the button completes, the big blind checks (pot 2,000); on the flop one checks, the other bets
    the pot and is not called. The fee is 5% of 2,000. Returns the winner."""
    stacks = start(page, url, room, HOLDEM_TABLE, HOLDEM_PLAYERS)
    button = to_act(page)
    act(page, "Call", then=f"#seat-{3 - button}.to-act")
    act(page, "Check", then="#picker button[data-card='As']")
    for card in ("As", "7c", "9d"):
        page.click(f"#picker button[data-card='{card}']")
    act(page, "Deal board", then="#actions button:has-text('Check')")
    checker = to_act(page)
    act(page, "Check", then=f"#seat-{3 - checker}.to-act")
    bet_the_pot(page, then=f"#seat-{checker}.to-act")
    act(page, "Fold")
    winner = 3 - checker
    hand_over(page, fee=100, pot=2_000, stacks={winner: stacks[winner - 1] + 900, checker: stacks[checker - 1] - 1_000})
    return room.players[HOLDEM_PLAYERS[winner - 1]]


def deal_club_poker(page: Any, url: str, room: Room) -> None:
    """Both check; at the draw the first player buys two cards (1,000 each, into the bank), the other stands pat;
    the one who stood pat bets the pot and the buyer, who may not bet, folds. The fee is 5% of a 4,000 bank."""
    stacks = start(page, url, room, CLUB_TABLE, CLUB_PLAYERS)
    first = to_act(page)
    act(page, "Check", then=f"#seat-{3 - first}.to-act")
    act(page, "Check", then="#actions button:has-text('Stand pat')")
    buyer = to_act(page)
    act(page, "Draw 2 · 2,000", then=f"#seat-{3 - buyer}.to-act")
    act(page, "Stand pat", then="#actions button:has-text('Fold')")
    expect(page.locator(f"#seat-{buyer} .stack")).to_have_text(f"{stacks[buyer - 1] - 3_000:,}")  # ante, 2 cards
    if to_act(page) == buyer:
        expect(page.locator("#no-raise")).to_contain_text(f"Seat {buyer} bought cards")
        act(page, "Check", then=f"#seat-{3 - buyer}.to-act")
    bet_the_pot(page, then=f"#seat-{buyer}.to-act")
    act(page, "Fold")
    other = 3 - buyer
    hand_over(page, fee=200, pot=4_000, stacks={buyer: stacks[buyer - 1] - 3_000, other: stacks[other - 1] + 2_800})


# --- the cage ---------------------------------------------------------------------------------------------------


@dataclass
class Till:
    """What the cashier's drawer holds, as the cashier hands chips and cash over the counter."""

    cash: int
    pieces: dict[int, int]


def open_drawer(page: Any, url: str, room: Room) -> Till:
    page.goto(f"{url}/cashier/")
    page.select_option("#open-drawer", label="Window 1")
    page.fill("#open-cash", str(OPENING_CASH))
    for pk in room.chip_ids.values():
        page.fill(f"#open-chip-{pk}", str(OPENING_PIECES))
    page.get_by_role("button", name="Open drawer").click()
    expect(page.locator("#drawer-blind")).to_contain_text("Window 1")
    return Till(OPENING_CASH, dict.fromkeys(CHIP_VALUES, OPENING_PIECES))


def choose(page: Any, url: str, player: Player) -> None:
    page.goto(f"{url}/cashier/")
    page.fill("#player-q", player.last_name[:5].lower())
    page.locator(f'[data-testid=player-match][data-player="{player.pk}"] button').click()
    expect(page.locator("[data-testid=player-chosen]")).to_contain_text(player.full_name)


def receipt_shows(page: Any, player: Player, amount: int) -> None:
    page.wait_for_url("**/cashier/receipts/*/")
    expect(page.locator("[data-testid=receipt-amount]")).to_have_text(f"{amount:,}")
    expect(page.locator(".receipt")).to_contain_text(f"{player.full_name} (No. {player.pk})")


def sell(page: Any, url: str, room: Room, drawer: Till, player: Player) -> None:
    amount, chips = SALES[player.first_name]
    choose(page, url, player)
    expect(page.locator("#sale-player")).to_have_value(str(player.pk))
    page.fill("#sale-amount", str(amount))
    # The proposed chips arrive over htmx: wait for the ones handed out, then the zeros are the answer's too.
    for value in sorted(CHIP_VALUES, key=lambda v: -chips.get(v, 0)):
        expect(page.locator(f"#sale-chip-{room.chip_ids[value]}")).to_have_value(str(chips.get(value, 0)))
    page.get_by_role("button", name="Sell and print receipt").click()
    receipt_shows(page, player, amount)
    drawer.cash += amount
    for value, n in chips.items():
        drawer.pieces[value] -= n


def redeem(page: Any, url: str, room: Room, drawer: Till, player: Player, chips: dict[int, int]) -> None:
    choose(page, url, player)
    expect(page.locator("#redeem-player")).to_have_value(str(player.pk))
    for value, n in chips.items():
        page.fill(f"#redeem-{room.chip_ids[value]}", str(n))
    page.get_by_role("button", name="Pay out and print receipt").click()
    amount = sum(value * n for value, n in chips.items())
    receipt_shows(page, player, amount)
    drawer.cash -= amount
    for value, n in chips.items():
        drawer.pieces[value] += n


def close_drawer_blind(page: Any, url: str, room: Room, drawer: Till) -> None:
    """Count the drawer without the ledger's figures; once the count is in, the report shows them side by side."""
    page.goto(f"{url}/cashier/")
    page.get_by_role("link", name="Shift report and closing count").click()
    counts = page.locator("[data-testid=count-table]")
    expect(counts.locator("[data-testid=blind-note]")).to_be_visible()
    assert "Expected" not in counts.inner_text(), "the closing count must be blind"
    page.fill("#close-cash", str(drawer.cash))
    for value, n in drawer.pieces.items():
        page.fill(f"#close-chip-{room.chip_ids[value]}", str(n))
    page.get_by_role("button", name="Close drawer").click()
    expect(page.locator("#counts-title")).to_have_text("Expected vs counted")
    expect(page.locator("p .badge").first).to_have_text("closed")
    sold = sum(amount for amount, _chips in SALES.values())
    redeemed = sum(value * n for value, n in REDEEMED_CHIPS.items())
    expect(page.locator("tr", has_text="Sales, cash").locator("td.num")).to_have_text(f"{sold:,}")
    expect(page.locator("tr", has_text="Redemptions").locator("td.num")).to_have_text(f"{redeemed:,}")
    for row in counts.locator("[data-testid=count-row]").all():
        cells = row.locator("td").all_inner_texts()  # chip, opening, movements, expected, pieces, counted, difference
        assert cells[3] == cells[5] and cells[6] in ("0", "+0"), f"the count differs from the ledger: {cells}"


# --- the drop boxes and the books --------------------------------------------------------------------------------


def take_drop_box(page: Any, url: str, table_id: int) -> str:
    page.goto(f"{url}/reports/drops/")
    page.select_option("#table_id", str(table_id))
    page.get_by_role("button", name="Take the drop box").click()
    page.wait_for_url(re.compile(r"/reports/drops/\d+/$"))
    return str(page.url)


def count_drop_box(floor_manager: Any, cashier: Any, url: str, table_id: int, chip_id: int, pieces: int) -> None:
    """The floor manager takes the box; both count it blind, chip by chip; the count is final when they agree."""
    count = take_drop_box(floor_manager, url, table_id)
    for page, answer in ((floor_manager, "Your count is recorded."), (cashier, "The two counts agree.")):
        page.goto(count)
        expect(page.locator("#count-result")).to_have_count(0)  # blind until both counts agree
        page.fill(f"#chip-{chip_id}", str(pieces))
        page.get_by_role("button", name="Record my count").click()
        said(page, answer)
    expect(cashier.locator("#count-status")).to_have_text("final")
    fee = f"{pieces * 100:,}"
    expect(cashier.locator("#count-result")).to_contain_text(f"Expected (ledger): {fee} · Counted: {fee} · Variance: 0")


def books_agree(page: Any, url: str, day: date) -> int:
    """The fee report's total for today against the fees of the hand log; returns the total."""
    page.goto(f"{url}/hands/")
    page.fill("#hand-filters input[name=gaming_day]", day.isoformat())
    page.locator("#hand-filters").get_by_role("button", name="Filter").click()
    page.wait_for_url(f"**gaming_day={day.isoformat()}**")
    fees = [int(t.replace(",", "")) for t in page.locator("#hands .hand-row .fee").all_inner_texts()]
    assert sorted(fees) == [100, 200], f"the hand log's fees: {fees}"
    page.goto(f"{url}/reports/")
    page.get_by_role("button", name="Run the report").click()
    heads = page.locator("#report-table thead th").all_inner_texts()
    totals = dict(zip(heads, page.locator("#report-table tfoot td").all_inner_texts(), strict=True))
    assert totals["Fees"] == f"{sum(fees):,}", f"report {totals} against the hand log's {fees}"
    assert (totals["Hands dealt"], totals["Drop counted"], totals["Variance"]) == ("2", f"{sum(fees):,}", "0"), totals
    return sum(fees)


def close_day(page: Any, url: str, day: date, *, fees: int) -> None:
    page.goto(f"{url}/reports/days/")
    row = page.locator("#gaming-days tbody tr", has_text=day.isoformat())
    row.get_by_role("button", name="Close the day").click()
    said(page, f"The gaming day {day.isoformat()} is closed.")
    row = page.locator("#gaming-days tbody tr", has_text=day.isoformat())
    expect(row).to_contain_text("closed by accountant")
    expect(row.locator("td.num").nth(0)).to_have_text("2")
    expect(row.locator("td.num").nth(1)).to_have_text(f"{fees:,}")


def the_night_passes(monkeypatch: pytest.MonkeyPatch, day: date) -> None:
    """From now on the clock reads one hour into the gaming day after ``day`` (see the module's docstring)."""
    real_now = timezone.now
    offset = gaming_day_bounds(day)[1] + timedelta(hours=1) - real_now()
    monkeypatch.setattr(timezone, "now", lambda: real_now() + offset)


# --- the shift ----------------------------------------------------------------------------------------------------


def test_a_whole_shift_through_the_pages(
    desk, live_server, monkeypatch, room, floor_manager, dealer, cashier, accountant
) -> None:
    url, day = live_server.url, current_gaming_day()
    fm, cage = desk(floor_manager), desk(cashier)
    with step("the floor manager clocks the dealers in and opens a Hold'em and a Club Poker table"):
        clock_in(fm, url, [dealer, room.dealer2])
        open_table(fm, url, room, HOLDEM_TABLE, room.holdem, dealer)
        open_table(fm, url, room, CLUB_TABLE, room.club, room.dealer2)
    with step("the floor manager puts two players on the Hold'em waitlist"):
        add_to_waitlist(fm, url, room.holdem, [room.players[name] for name in HOLDEM_PLAYERS])
    with step("the cashier opens a drawer and sells the players their chips"):
        till = open_drawer(cage, url, room)
        for player in room.players.values():
            sell(cage, url, room, till, player)
    with step("the floor manager seats the waitlist at Hold'em and two players at Club Poker, with buy-ins"):
        seat_from_waitlist(fm, url, room)
        seat_by_search(fm, url, room)
    with step("the dealer records a Hold'em hand"):
        winner = deal_holdem(desk(dealer), url, room)
    with step("the second dealer records a Club Poker hand with a paid draw"):
        deal_club_poker(desk(room.dealer2), url, room)
    with step("the cashier redeems chips and closes the drawer blind"):
        redeem(cage, url, room, till, winner, REDEEMED_CHIPS)
        close_drawer_blind(cage, url, room, till)
    with step("the floor manager and the cashier count the drop boxes"):
        # The fees (100 and 200) are under the 500 chip: the boxes hold 100s only.
        for number, pieces in ((HOLDEM_TABLE, 1), (CLUB_TABLE, 2)):
            count_drop_box(fm, cage, url, room.tables[number], room.chip_ids[100], pieces)
    with step("the accountant finds the report's fee total equal to the hand log's"):
        fees = books_agree(desk(accountant), url, day)
    the_night_passes(monkeypatch, day)
    with step("the next morning the accountant closes the gaming day"):
        close_day(desk(accountant), url, day, fees=fees)
