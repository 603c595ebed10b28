"""A buy-in names where its chips come from (``games.services.stacks``): the chips the player brings, or cash at
the table, which the ledger books (tray chips to the player, the cash into the drop box) with the stack row."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from cashier.services.vault import vault_stock
from config.errors import DomainError
from games.models import BuyInSource, SeatStack, StackKind
from games.selectors.chip_float import chip_float
from games.services import seat_stack_add
from games.services.seating import seat_player_with_buy_in
from ledger.models import AccountKind, Balance, JournalEntry, Reason
from ledger.services.accounts import singleton_accounts, table_account
from ledger.services.chips import denomination_create
from rake.services.drops import drop_count_start, drop_tally_record
from tables.models import SeatSession
from tests.factories import PlayerFactory, home_room, home_room_set
from tests.rake.helpers import fill_tray

VALUES = (100, 1_000, 5_000, 25_000)


@pytest.fixture
def table(admin_user, holdem, open_table, dealer):
    """An open Hold'em table whose tray holds 20 chips of each value; nothing sold to the players yet."""
    chips = {v: denomination_create(value=v, colour=f"c{v}", label=str(v), room_id=home_room().pk) for v in VALUES}
    vault_stock(actor=admin_user, room=home_room(), cash=0, chips={d.pk: 1_000 for d in chips.values()})
    table = open_table(holdem, dealer=dealer)
    for value, chip in chips.items():
        fill_tray(table.pk, chip.pk, 20 * value, admin_user)
    return table


def held(table_id: int, kind: str, *, cash: bool = False) -> int:
    account = table_account(table_id=table_id, kind=kind)
    rows = Balance.objects.filter(account_id=account, denomination__isnull=cash)
    return sum(rows.values_list("amount", flat=True))


def test_cash_at_the_table_moves_tray_chips_to_the_player_and_the_cash_into_the_drop_box(table, seat, dealer) -> None:
    session = seat(table, number=1)
    tray = held(table.pk, AccountKind.TRAY)
    row = seat_stack_add(
        actor=dealer, table_id=table.pk, seat_number=1, amount=56_100, source=BuyInSource.CASH_AT_TABLE
    )
    assert (row.source, row.kind, row.stack, row.seat_session_id) == ("cash_at_table", "buy_in", 56_100, session.pk)
    entry = JournalEntry.objects.get(pk=row.journal_entry_id)
    assert entry.reason == Reason.TABLE_SALE
    assert tray - held(table.pk, AccountKind.TRAY) == 56_100
    assert held(table.pk, AccountKind.DROP_BOX, cash=True) == 56_100
    chips = chip_float(room=home_room())
    assert (chips.with_players, chips.at_tables, chips.balanced) == (56_100, 56_100, True)
    add_on = seat_stack_add(
        actor=dealer,
        table_id=table.pk,
        seat_number=1,
        amount=5_000,
        kind=StackKind.ADD_ON,
        source=BuyInSource.CASH_AT_TABLE,
    )
    assert add_on.stack == 61_100 and add_on.journal_entry_id != row.journal_entry_id
    assert chip_float(room=home_room()).balanced


def test_chips_the_player_brings_move_nothing_on_the_ledger(table, seat, dealer) -> None:
    seat(table, number=2)
    entries = JournalEntry.objects.count()
    row = seat_stack_add(actor=dealer, table_id=table.pk, seat_number=2, amount=40_000)
    assert (row.source, row.journal_entry_id) == ("player_chips", None)
    assert JournalEntry.objects.count() == entries
    assert chip_float(room=home_room()).difference == -40_000  # no sale backs them: the float says so


def test_seating_with_a_cash_buy_in_books_it_with_the_seat(table, floor_manager) -> None:
    player = PlayerFactory()
    session = seat_player_with_buy_in(
        actor=floor_manager, table_id=table.pk, player_id=player.pk, buy_in=45_000, source="cash_at_table"
    )
    row = SeatStack.objects.get(seat_session=session)
    assert row.source == "cash_at_table" and row.journal_entry is not None
    assert held(table.pk, AccountKind.DROP_BOX, cash=True) == 45_000


@pytest.mark.parametrize(
    ("amount", "source", "code"),
    [
        (40_050, "cash_at_table", "tray_cannot_make_it"),  # no 50s in the tray
        (700_000, "cash_at_table", "tray_cannot_make_it"),  # more than the tray holds (622,000)
        (40_000, "credit", "bad_buy_in_source"),
        (40_000, "", "bad_buy_in_source"),
    ],
)
def test_a_buy_in_refused_writes_nothing(table, seat, dealer, amount, source, code) -> None:
    seat(table, number=3)
    before = (SeatStack.objects.count(), JournalEntry.objects.count())
    with pytest.raises(DomainError) as refused:
        seat_stack_add(actor=dealer, table_id=table.pk, seat_number=3, amount=amount, source=source)
    assert refused.value.code == code
    assert (SeatStack.objects.count(), JournalEntry.objects.count()) == before


def test_a_room_that_takes_no_cash_at_the_tables_refuses_it(table, seat, dealer) -> None:
    home_room_set(cash_buy_ins_at_tables=False)
    seat(table, number=4)
    with pytest.raises(DomainError) as refused:
        seat_stack_add(actor=dealer, table_id=table.pk, seat_number=4, amount=40_000, source="cash_at_table")
    assert refused.value.code == "no_cash_at_tables"
    assert not SeatStack.objects.filter(seat_number=4).exists()


def test_the_database_refuses_a_cash_buy_in_without_its_entry_and_a_source_on_a_hands_row(table, seat, dealer) -> None:
    session = seat(table, number=5)
    base = {"table": table, "seat_session": session, "seat_number": 5, "change": 1, "stack": 1, "created_by": dealer}
    for bad in ({"kind": "buy_in", "source": "cash_at_table"}, {"kind": "hand", "source": "player_chips"}):
        with pytest.raises(IntegrityError), transaction.atomic():
            SeatStack.objects.create(**base, **bad)


def test_the_api_takes_the_source_and_answers_with_its_entry(table, seat, dealer, api_for) -> None:
    seat(table, number=6)
    url = reverse("api:games-stack-add", args=[table.pk])
    bad = api_for(dealer).post(url, {"seat_number": 6, "amount": "40000", "source": "IOU"}, format="json")
    assert bad.status_code == 400 and not SeatStack.objects.filter(seat_number=6).exists()
    ok = api_for(dealer).post(url, {"seat_number": 6, "amount": "40000", "source": "cash_at_table"}, format="json")
    assert ok.status_code == 201, ok.json()
    assert ok.json()["source"] == "cash_at_table" and ok.json()["journal_entry_id"] is not None
    assert held(table.pk, AccountKind.DROP_BOX, cash=True) == 40_000


def test_the_dealer_records_a_cash_buy_in_from_the_screen(table, seat, dealer, client_for) -> None:
    seat(table, number=2)
    screen = client_for(dealer).get(reverse("games:dealer", args=[table.pk])).content.decode()
    assert 'name="source"' in screen and 'value="cash_at_table"' in screen
    answer = client_for(dealer).post(
        reverse("games:dealer_chips", args=[table.pk]),
        {"seat_number": 2, "kind": "buy_in", "amount": "40,000", "source": "cash_at_table"},
        HTTP_HX_REQUEST="true",
    )
    assert "into the drop box" in answer.content.decode()
    assert SeatStack.objects.get(seat_number=2).source == "cash_at_table"
    home_room_set(cash_buy_ins_at_tables=False)
    assert (
        'value="cash_at_table"' not in client_for(dealer).get(reverse("games:dealer", args=[table.pk])).content.decode()
    )


def test_the_cash_of_a_table_sale_is_counted_with_the_drop_and_goes_to_the_vault(
    table, seat, dealer, floor_manager, cashier
) -> None:
    seat(table, number=1)
    seat_stack_add(actor=dealer, table_id=table.pk, seat_number=1, amount=40_000, source="cash_at_table")
    vault = singleton_accounts(AccountKind.VAULT, room_id=home_room().pk)[AccountKind.VAULT]
    cash_before = Balance.objects.get(account_id=vault, denomination__isnull=True).amount
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    assert (count.expected, count.cash_expected) == (0, 40_000)
    assert drop_tally_record(actor=floor_manager, count_id=count.pk, chips={}, cash=40_000).agreed is None
    assert drop_tally_record(actor=cashier, count_id=count.pk, chips={}, cash=39_000).agreed is False  # recount
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips={}, cash=40_000)
    result = drop_tally_record(actor=cashier, count_id=count.pk, chips={}, cash=40_000)
    assert result.agreed is True and result.count.status == "final" and result.count.cash_counted == 40_000
    assert held(table.pk, AccountKind.DROP_BOX, cash=True) == 0
    assert Balance.objects.get(account_id=vault, denomination__isnull=True).amount - cash_before == 40_000
    assert chip_float(room=home_room()).balanced


def test_cash_short_in_the_box_over_the_threshold_waits_for_a_supervisor(
    table, seat, dealer, floor_manager, cashier
) -> None:
    home_room_set(drop_variance_threshold=1_000)
    seat(table, number=1)
    seat_stack_add(actor=dealer, table_id=table.pk, seat_number=1, amount=40_000, source="cash_at_table")
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    drop_tally_record(actor=floor_manager, count_id=count.pk, chips={}, cash=35_000)
    result = drop_tally_record(actor=cashier, count_id=count.pk, chips={}, cash=35_000)
    assert result.count.status == "needs_explanation" and result.count.cash_counted == 35_000
    assert held(table.pk, AccountKind.DROP_BOX, cash=True) == 40_000  # nothing moves before the explanation


def test_the_counters_type_the_cash_on_the_count_page(table, seat, dealer, floor_manager, cashier, client_for) -> None:
    seat(table, number=1)
    seat_stack_add(actor=dealer, table_id=table.pk, seat_number=1, amount=40_000, source="cash_at_table")
    count = drop_count_start(actor=floor_manager, table_id=table.pk)
    page = client_for(floor_manager).get(reverse("rake:drop_count", args=[count.pk])).content.decode()
    assert 'name="cash"' in page and "40,000" not in page  # blind
    for user in (floor_manager, cashier):
        client_for(user).post(reverse("rake:drop_count_tally", args=[count.pk]), {"cash": "40,000"})
    count.refresh_from_db()
    assert (count.status, count.cash_counted) == ("final", 40_000)
    shown = client_for(cashier).get(reverse("rake:drop_count", args=[count.pk])).content.decode()
    assert 'id="count-cash"' in shown and "40,000" in shown


def test_a_hostile_source_is_refused_without_echoing_it_whole(table, seat, dealer) -> None:
    seat(table, number=3)
    with pytest.raises(DomainError) as refused:
        seat_stack_add(actor=dealer, table_id=table.pk, seat_number=3, amount=40_000, source="x" * 10_000)
    assert refused.value.code == "bad_buy_in_source" and len(refused.value.message) < 300


def test_seating_with_a_cash_buy_in_the_tray_cannot_make_seats_nobody(table, floor_manager) -> None:
    player = PlayerFactory()
    with pytest.raises(DomainError) as refused:
        seat_player_with_buy_in(
            actor=floor_manager, table_id=table.pk, player_id=player.pk, buy_in=45_050, source="cash_at_table"
        )
    assert refused.value.code == "tray_cannot_make_it"
    assert not SeatSession.objects.filter(player=player).exists()
    assert held(table.pk, AccountKind.DROP_BOX, cash=True) == 0
