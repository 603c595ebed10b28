"""Another room's staff are refused everywhere: every page and API operation that reads or acts on a record of
one room refuses a user who works only in another room, and writes nothing.

The home room holds one record of each kind an operation takes by its id (an open table with its dealer, seated
players, an open and a finished hand, a drawer with an open shift and a receipt, slips, a tray count, a drop
count, a fee policy, a time charge, a player, an expulsion, a waitlist entry, a board link, a reversal request,
exports, a pending fee); Salon Neris's staff, one user of each role working there alone, ask for each of them.
Each operation is sent as the Vilnius user whose role it needs, with a plausible body (what would succeed for
the home room's staff), and must answer 403 or 404 (a page may instead go back with an error message), never a
success or a 500, and leave every record as it was. The lists and reports a Vilnius user reads show none of the
home room's records.

The table of operations ``OPS`` is checked against the URL configuration: every API route with a path parameter
and every page route of the rooms' apps with an id in its path is in it or in ``EXEMPT`` with the reason, so a
route added later fails here until someone says how another room's user is refused there.

The players register is per room here (``CARDROOM_SHARED_PLAYER_REGISTER = False``): a shared register is the
group's, read by every room by design (``tests/tables/test_players_register_is_a_rooms.py``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.apps import apps
from django.contrib.auth.models import User
from django.contrib.messages import constants as message_levels
from django.contrib.messages import get_messages
from django.db import transaction
from django.db.models import Model
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from rest_framework.test import APIClient

from cashier.models import ChipTransaction, Drawer, DrawerShift, ReversalRequest, Slip, TrayCount
from cashier.services.drawers import drawer_shift_close, drawer_shift_open
from cashier.services.reversals import reversal_request
from cashier.services.sales import chip_sale_create
from cashier.services.slips import slip_issue, slip_request, slip_void_request
from cashier.services.trays import tray_count_record
from cashier.services.vault import vault_stock
from config.gaming_day import current_gaming_day
from config.roles import Role
from games.engine.autoplay import AutoPlayer
from games.models import Hand, PhhExport
from games.selectors.hands import HandFilters, hand_events_in_force
from games.services import hand_event_record, hand_start
from games.services.phh import phh_export_create
from games.services.scenarios import open_table_with_dealer, play_hand, seat_players
from ledger.models import JournalEntry
from rake.models import DropCount, FeePolicyVersion, PendingFee, ReportExport, TimeCharge
from rake.selectors import ReportFilters, sign_fee_words
from rake.services import drop_count_start, export_create, fee_policy_set, time_charges_create
from rooms.models import Room
from rooms.selectors import rooms_of
from rooms.services import room_create
from tables import services as floor
from tables.models import (
    DealerAssignment,
    DealerProfile,
    DealerShift,
    Expulsion,
    ExpulsionDuration,
    Game,
    KioskToken,
    Player,
    Ring,
    SeatSession,
    Table,
    WaitlistEntry,
)
from tables.services.scenarios import table_with_dealer
from tables.services.signage import kiosk_token_create
from tests.cashier.conftest import by_value, room_chips_stocked
from tests.conftest import PINNED_CLOCK, nl_holdem
from tests.factories import UserFactory, home_room
from tests.files import PDF, image, upload
from tests.rake.helpers import stock_chips

FM, DEALER, CASHIER, ACCOUNTANT = Role.FLOOR_MANAGER, Role.DEALER, Role.CASHIER, Role.ACCOUNTANT
# A Vilnius cashier with no drawer open: opening a drawer is refused to one who has one already.
IDLE_CASHIER = "idle cashier"

# The apps whose records a room owns: their rows are counted before and after each refused operation.
ROOM_APPS = ("rooms", "tables", "games", "cashier", "rake", "ledger")


# --- the world: the home room's records, and Salon Neris's staff ------------------------------------------


@dataclass
class World:
    home: Room
    vilnius: Room
    ours: dict[str, User]  # the home room's staff, by role
    theirs: dict[str, User]  # Salon Neris's staff, by role: the users every operation is sent as
    game: Game
    table: Table  # open, dealt by ours[DEALER], three players seated, a hand open
    hourly_table: Table  # open, an hourly fee of its own, one player seated owing a time charge
    idle_table: Table  # created, never opened: what the table's opening acts on
    seat: SeatSession  # at ``table``
    player: Player  # registered in the home room, seated nowhere
    finished_hand: Hand
    open_hand: Hand
    next_event: dict[str, Any]  # the open hand's next legal event
    drawer: Drawer
    free_drawer: Drawer  # no shift open in it
    shift: DrawerShift  # ours[CASHIER]'s, open
    pending_shift: DrawerShift  # closed over the variance threshold: waits for a supervisor
    sale: ChipTransaction
    requested_slip: Slip
    issued_slip: Slip
    void_asked_slip: Slip
    tray_count: TrayCount
    drop_count: DropCount
    fee_policy: FeePolicyVersion
    time_charge: TimeCharge
    expulsion: Expulsion
    entry: WaitlistEntry
    kiosk: KioskToken
    reversal: ReversalRequest
    fee_export: ReportExport
    phh_export: PhhExport
    pending_fee: PendingFee
    chips: dict[int, int] = field(default_factory=dict)  # the home room's {value: denomination id}
    their_chips: dict[int, int] = field(default_factory=dict)  # Salon Neris's


def _build() -> World:
    home = home_room()
    vilnius = room_create(
        code="vilnius", name="Salon Neris", time_zone="Europe/Vilnius", currency="EUR", currency_exponent=2
    )
    ours = {role: UserFactory(roles=[role], rooms=[home]) for role in (FM, DEALER, CASHIER, ACCOUNTANT)}
    ours["second cashier"] = UserFactory(roles=[CASHIER], rooms=[home])
    ours["second dealer"] = UserFactory(roles=[DEALER], rooms=[home])
    ours["off dealer"] = UserFactory(roles=[DEALER], rooms=[home])  # may deal, not on shift
    ours["resting dealer"] = UserFactory(roles=[DEALER], rooms=[home])  # on shift, at no table
    theirs = {role: UserFactory(roles=[role], rooms=[vilnius]) for role in (FM, DEALER, CASHIER, ACCOUNTANT)}
    theirs[IDLE_CASHIER] = UserFactory(roles=[CASHIER], rooms=[vilnius])
    fm = ours[FM]

    chips = stock_chips(room=home)
    vault_stock(actor=UserFactory(roles=[Role.ADMIN], rooms=[home]), room=home, cash=50_000_000, chips={})
    game = nl_holdem(fm, name="Hold'em NL 500/1,000", ring=Ring.SHORT_HANDED)
    table = open_table_with_dealer(actor=fm, room=home, game=game, dealer=ours[DEALER], number=1)
    sessions = seat_players(actor=fm, table=table, stacks=[100_000, 100_000, 100_000])
    finished = play_hand(actor=fm, table_id=table.pk, player=AutoPlayer(3), event_prefix="done")
    started = hand_start(actor=fm, table_id=table.pk)
    autoplayer = AutoPlayer(5)
    dealt = hand_event_record(
        actor=fm,
        hand_id=started.hand.pk,
        seq=started.state.seq,
        client_event_id="open-0",
        event=autoplayer.next_event(started.state),
    )
    next_event = autoplayer.next_event(dealt.state)
    open_hand = Hand.objects.get(pk=started.hand.pk)

    # An hourly table: its own fee policy, a seated player owing the first period's charge.
    hourly = table_with_dealer(actor=fm, room=home, game=game, dealer=ours["second dealer"], number=2)
    fee_policy = fee_policy_set(actor=fm, table_id=hourly.pk, kind="hourly", amount_per_hour=1000, reason="house fee")
    hourly = floor.table_open(actor=fm, table_id=hourly.pk, fee_words=sign_fee_words)
    seat_players(actor=fm, table=hourly, stacks=[50_000, 50_000], last_name="Hourly")
    time_charges_create(actor=fm, at=timezone.now() + timedelta(minutes=1))
    time_charge = TimeCharge.objects.filter(table=hourly).earliest("pk")
    idle = floor.table_create(actor=fm, room=home, number=3, seats=6, game_id=game.pk)
    for name in ("off dealer", "resting dealer"):
        floor.dealer_profile_set(actor=fm, user_id=ours[name].pk, game_ids=[game.pk])
    floor.dealer_clock_in(actor=fm, room=home, dealer_id=ours["resting dealer"].pk)

    player = floor.player_create(
        actor=fm, room=home, first_name="Hayk", last_name="Grigoryan", photo=upload("hayk.png", image(), "image/png")
    )
    barred = floor.player_create(actor=fm, room=home, first_name="Vardan", last_name="Barred")
    expulsion = floor.expulsion_create(
        actor=fm,
        room=home,
        player_id=barred.pk,
        rule="House rule 4",
        reason="Abuse of a dealer",
        duration=ExpulsionDuration.PERMANENT,
        evidence=upload("report.pdf", PDF, "application/pdf"),
    )
    entry = floor.waitlist_add(actor=fm, room=home, game_id=game.pk, player_id=player.pk)
    kiosk = kiosk_token_create(actor=fm, room=home, label="Lobby TV").token

    # The cage: a drawer with an open shift and a receipt, a shift waiting for its sign-off, slips, a tray
    # count and a reversal asked for.
    cashier = ours[CASHIER]
    drawer = Drawer.objects.create(room=home, name="Window 1")
    free_drawer = Drawer.objects.create(room=home, name="Window 3")
    shift = drawer_shift_open(
        actor=cashier, drawer_id=drawer.pk, cash=1_000_000, chips={chips[1_000]: 100, chips[5_000]: 10}
    )
    sale = chip_sale_create(actor=cashier, amount=5_000, method="cash", chips={chips[5_000]: 1})
    second = drawer_shift_open(
        actor=ours["second cashier"],
        drawer_id=Drawer.objects.create(room=home, name="Window 2").pk,
        cash=1_000_000,
        chips={},
    )
    pending_shift = drawer_shift_close(actor=ours["second cashier"], shift_id=second.pk, cash=0, chips={})
    fill = {chips[1_000]: 5}
    requested = slip_request(actor=fm, kind="fill", table_id=table.pk, chips=fill)
    issued = slip_issue(actor=cashier, slip_id=slip_request(actor=fm, kind="fill", table_id=table.pk, chips=fill).pk)
    void_asked = slip_void_request(
        actor=cashier,
        slip_id=slip_request(actor=fm, kind="fill", table_id=table.pk, chips=fill).pk,
        reason="wrong table",
    )
    tray_count = tray_count_record(actor=ours[DEALER], table_id=table.pk, kind="opener", chips={chips[1_000]: 10})
    reversal = reversal_request(actor=cashier, entry_id=sale.entry_id, reason="wrong amount")

    # The money flow: a drop count under way, exports, a hand's fee waiting to be posted.
    drop_count = drop_count_start(actor=fm, table_id=idle.pk)
    today = current_gaming_day(room=home)
    fee_export = export_create(
        actor=ours[ACCOUNTANT],
        format="csv",
        content="summary",
        filters=ReportFilters(room_ids=(home.pk,), day_from=today, day_to=today, group_by="table"),
    )
    phh_export = phh_export_create(actor=fm, filters=HandFilters())
    # Failed, as what their "Try again" acts on.
    PhhExport.objects.filter(pk=phh_export.pk).update(status="failed")
    ReportExport.objects.filter(pk=fee_export.pk).update(status="failed")
    pending_fee = PendingFee.objects.create(
        hand_id=finished.pk,
        table=table,
        gaming_day=finished.gaming_day,
        amount=100,
        reason="no_breakdown",
        created_at=timezone.now(),
        created_by=fm,
    )

    # Salon Neris at work: its cage stocked, a drawer open, a table dealt, so that a refusal is about the
    # home room's record and not about a Vilnius user with nothing of their own.
    their_stock = room_chips_stocked(vilnius)
    their_chips = {value: d.pk for value, d in their_stock.items()}
    drawer_shift_open(
        actor=theirs[CASHIER],
        drawer_id=Drawer.objects.create(room=vilnius, name="Langas 1").pk,
        cash=0,
        chips=by_value({1_000: 10}, room=vilnius),
    )
    their_game = nl_holdem(theirs[FM], name="Hold'em NL €5/€10", ring=Ring.SHORT_HANDED, room=vilnius)
    open_table_with_dealer(actor=theirs[FM], room=vilnius, game=their_game, dealer=theirs[DEALER], number=1)

    return World(
        home=home,
        vilnius=vilnius,
        ours=ours,
        theirs=theirs,
        game=game,
        table=table,
        hourly_table=hourly,
        idle_table=idle,
        seat=sessions[0],
        player=player,
        finished_hand=finished,
        open_hand=open_hand,
        next_event=next_event,
        drawer=drawer,
        free_drawer=free_drawer,
        shift=shift,
        pending_shift=pending_shift,
        sale=sale,
        requested_slip=requested,
        issued_slip=issued,
        void_asked_slip=void_asked,
        tray_count=tray_count,
        drop_count=drop_count,
        fee_policy=fee_policy,
        time_charge=time_charge,
        expulsion=expulsion,
        entry=entry,
        kiosk=kiosk,
        reversal=reversal,
        fee_export=fee_export,
        phh_export=phh_export,
        pending_fee=pending_fee,
        chips=chips,
        their_chips=their_chips,
    )


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The records, built once for the module in a transaction rolled back at its end; each test runs in a
    savepoint of it (pytest-django's ``db``), so what an operation let through is undone before the next."""
    media = tmp_path_factory.mktemp("media")
    with (
        django_db_blocker.unblock(),
        time_machine.travel(PINNED_CLOCK, tick=True),
        override_settings(
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
            MEDIA_ROOT=str(media),
            CARDROOM_SHARED_PLAYER_REGISTER=False,
        ),
    ):
        block = transaction.atomic()
        # The services' durable blocks run inside it as inside a test's: Django's TestCase marks its own so.
        block._from_testcase = True
        with block:
            yield _build()
            transaction.set_rollback(True)


def test_the_home_rooms_records_are_in_the_states_their_operations_act_on(world: World, db: None) -> None:
    """Each operation below is sent at a record it could act on, so that a refusal is the room's, not the state's."""
    w = world
    assert (w.table.room, w.hourly_table.room, w.idle_table.room) == (w.home, w.home, w.home)
    assert (w.table.status, w.hourly_table.status, w.idle_table.status) == ("open", "open", "closed")
    assert (w.finished_hand.status, w.open_hand.status, w.open_hand.seq) == ("complete", "open", 1)
    assert (w.shift.status, w.pending_shift.status) == ("open", "pending")
    assert [s.status for s in (w.requested_slip, w.issued_slip)] == ["requested", "issued"]
    assert w.void_asked_slip.void_reason and w.reversal.status == "pending"
    assert (w.time_charge.status, w.drop_count.status, w.entry.status) == ("due", "counting", "waiting")
    assert w.kiosk.revoked_at is None and w.expulsion.lifted_at is None
    assert all(list(rooms_of(user)) == [w.vilnius] for user in w.theirs.values())


# --- the operations, as Salon Neris's staff ----------------------------------------------------------------


def _none(w: World) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Op:
    """One operation on a home room's record: the route, the method, the Vilnius user's role, the path's
    kwargs, the body (JSON for the API, form data for a page), the query string, and the record it would
    change (compared field by field before and after)."""

    route: str
    method: str
    role: str
    kwargs: Callable[[World], dict[str, Any]] = _none
    body: Callable[[World], dict[str, Any]] = _none
    query: Callable[[World], dict[str, Any]] = _none
    record: Callable[[World], Model] | None = None

    @property
    def is_api(self) -> bool:
        return self.route.startswith("api:")


def op(route: str, method: str, role: str, *, label: str = "", marks: Any = (), **parts: Any) -> Any:
    name = f"{route}[{method} {role}{' ' + label if label else ''}]"
    return pytest.param(Op(route, method, role, **parts), id=name, marks=marks)


def kw(**named: Callable[[World], Model | str]) -> Callable[[World], dict[str, Any]]:
    """The path's kwargs: each a record of the world (its id) or a word."""

    def make(w: World) -> dict[str, Any]:
        values = {key: get(w) for key, get in named.items()}
        return {key: value if isinstance(value, str) else value.pk for key, value in values.items()}

    return make


def events_text(w: World) -> str:
    from games.views.correction_form import events_to_text

    return events_to_text(hand_events_in_force(w.finished_hand))


TABLE = kw(table_id=lambda w: w.table)
HOURLY = kw(table_id=lambda w: w.hourly_table)
IDLE = kw(table_id=lambda w: w.idle_table)
OPEN_HAND = kw(hand_id=lambda w: w.open_hand)
FINISHED = kw(hand_id=lambda w: w.finished_hand)
SEAT = kw(session_id=lambda w: w.seat)
PLAYER = kw(player_id=lambda w: w.player)
EXPULSION = kw(expulsion_id=lambda w: w.expulsion)
ENTRY = kw(entry_id=lambda w: w.entry)
SHIFT = kw(pk=lambda w: w.shift)
PHH_EXPORT = kw(export_id=lambda w: w.phh_export)
FEE_EXPORT = kw(export_id=lambda w: w.fee_export)
DROP = kw(count_id=lambda w: w.drop_count)
CHARGE = kw(charge_id=lambda w: w.time_charge)


def _table(w: World) -> Model:
    return w.table


def _seat(w: World) -> Model:
    return w.seat


def _entry(w: World) -> Model:
    return w.entry


API_OPS = [
    # games: the hands
    op(
        "api:games-hand-event",
        "POST",
        DEALER,
        kwargs=OPEN_HAND,
        body=lambda w: {"seq": w.open_hand.seq, "client_event_id": "neris-1", "event": w.next_event},
        record=lambda w: w.open_hand,
    ),
    op(
        "api:games-hand-undo",
        "POST",
        DEALER,
        kwargs=OPEN_HAND,
        body=lambda w: {"seq": w.open_hand.seq, "client_event_id": "neris-undo", "reason": "misclick"},
        record=lambda w: w.open_hand,
    ),
    op(
        "api:games-hand-event",
        "POST",
        FM,
        kwargs=OPEN_HAND,
        body=lambda w: {"seq": w.open_hand.seq, "client_event_id": "neris-2", "event": w.next_event},
        record=lambda w: w.open_hand,
    ),
    op(
        "api:games-hand-undo",
        "POST",
        FM,
        kwargs=OPEN_HAND,
        body=lambda w: {"seq": w.open_hand.seq, "client_event_id": "neris-undo-2", "reason": "misclick"},
        record=lambda w: w.open_hand,
    ),
    op(
        "api:games-hand-void",
        "POST",
        FM,
        kwargs=OPEN_HAND,
        body=lambda w: {"reason": "misdeal"},
        record=lambda w: w.open_hand,
    ),
    op(
        "api:games-hand-correct",
        "POST",
        FM,
        kwargs=FINISHED,
        body=lambda w: {"reason": "wrong winner", "events": hand_events_in_force(w.finished_hand)},
        record=lambda w: w.finished_hand,
    ),
    op(
        "api:games-stack-add",
        "POST",
        DEALER,
        kwargs=HOURLY,
        body=lambda w: {"seat_number": 1, "amount": "1000", "kind": "add_on"},
    ),
    op(
        "api:games-stack-add",
        "POST",
        FM,
        kwargs=HOURLY,
        body=lambda w: {"seat_number": 1, "amount": "1000", "kind": "add_on"},
    ),
    *(op("api:games-hand-detail", "GET", role, kwargs=FINISHED) for role in (FM, ACCOUNTANT, DEALER)),
    *(op("api:games-hand-state", "GET", role, kwargs=OPEN_HAND) for role in (FM, ACCOUNTANT)),
    *(op("api:games-hand-phh", "GET", role, kwargs=FINISHED) for role in (FM, ACCOUNTANT)),
    *(op("api:games-table-current", "GET", role, kwargs=TABLE) for role in (FM, ACCOUNTANT, DEALER)),
    *(op("api:games-export-detail", "GET", role, kwargs=PHH_EXPORT) for role in (FM, ACCOUNTANT)),
    op("api:games-export-download", "GET", ACCOUNTANT, kwargs=PHH_EXPORT),
    # cashier: drawers, receipts, slips, tray counts, reversals
    *(op("api:cashier-shift-detail", "GET", role, kwargs=SHIFT) for role in (CASHIER, ACCOUNTANT, FM)),
    op(
        "api:cashier-shift-close",
        "POST",
        CASHIER,
        kwargs=SHIFT,
        body=lambda w: {"cash": "1000000", "chips": [{"denomination": w.chips[1_000], "count": 100}]},
        record=lambda w: w.shift,
    ),
    op(
        "api:cashier-shift-approve",
        "POST",
        FM,
        kwargs=kw(pk=lambda w: w.pending_shift),
        record=lambda w: w.pending_shift,
    ),
    *(
        op("api:cashier-transaction-detail", "GET", role, kwargs=kw(pk=lambda w: w.sale))
        for role in (CASHIER, ACCOUNTANT)
    ),
    op(
        "api:cashier-slip-issue",
        "POST",
        CASHIER,
        kwargs=kw(pk=lambda w: w.requested_slip),
        record=lambda w: w.requested_slip,
    ),
    op(
        "api:cashier-slip-receive",
        "POST",
        DEALER,
        kwargs=kw(pk=lambda w: w.issued_slip),
        record=lambda w: w.issued_slip,
    ),
    op(
        "api:cashier-slip-void",
        "POST",
        CASHIER,
        kwargs=kw(pk=lambda w: w.requested_slip),
        body=lambda w: {"reason": "wrong table"},
        record=lambda w: w.requested_slip,
    ),
    op(
        "api:cashier-slip-void-confirm",
        "POST",
        FM,
        kwargs=kw(pk=lambda w: w.void_asked_slip),
        record=lambda w: w.void_asked_slip,
    ),
    op("api:cashier-tray-count-sign", "POST", FM, kwargs=kw(pk=lambda w: w.tray_count), record=lambda w: w.tray_count),
    op("api:cashier-reversal-approve", "POST", FM, kwargs=kw(pk=lambda w: w.reversal), record=lambda w: w.reversal),
    op(
        "api:cashier-reversal-decline",
        "POST",
        FM,
        kwargs=kw(pk=lambda w: w.reversal),
        body=lambda w: {"reason": "the amount was right"},
        record=lambda w: w.reversal,
    ),
    # the floor: tables, seats, players, expulsions, waitlists, dealers
    *(op("api:floor-table-detail", "GET", role, kwargs=TABLE) for role in (FM, ACCOUNTANT, DEALER)),
    *(op(f"api:floor-table-{name}", "GET", FM, kwargs=TABLE) for name in ("events", "sign", "signs")),
    op(
        "api:floor-table-configure",
        "POST",
        FM,
        kwargs=IDLE,
        body=lambda w: {"game_id": w.game.pk, "seats": 9},
        record=lambda w: w.idle_table,
    ),
    *(op(f"api:floor-table-{name}", "POST", FM, kwargs=TABLE, record=_table) for name in ("pause", "resume", "close")),
    op("api:floor-table-open", "POST", FM, kwargs=IDLE, record=lambda w: w.idle_table),
    op(
        "api:floor-table-seat",
        "POST",
        FM,
        kwargs=TABLE,
        body=lambda w: {"player_id": w.player.pk, "seat_number": 4},
    ),
    op(
        "api:floor-dealer-assign",
        "POST",
        FM,
        kwargs=TABLE,
        body=lambda w: {"dealer_id": w.theirs[DEALER].pk},
        record=_table,
    ),
    op("api:floor-dealer-release", "POST", FM, kwargs=TABLE, record=_table),
    op(
        "api:floor-seat-move",
        "POST",
        FM,
        kwargs=SEAT,
        body=lambda w: {"table_id": w.hourly_table.pk, "seat_number": 5},
        record=_seat,
    ),
    op("api:floor-seat-stand-up", "POST", FM, kwargs=SEAT, record=_seat),
    *(op("api:floor-seat-away", "POST", role, kwargs=SEAT, record=_seat) for role in (FM, DEALER)),
    op("api:floor-seat-back", "POST", FM, kwargs=SEAT, body=lambda w: {"choice": "post"}, record=_seat),
    op("api:floor-seat-aways", "GET", FM, kwargs=SEAT),
    *(op("api:floor-player-detail", "GET", role, kwargs=PLAYER) for role in (FM, CASHIER, ACCOUNTANT)),
    op(
        "api:floor-player-update",
        "POST",
        FM,
        kwargs=PLAYER,
        body=lambda w: {"alias": "Hayko"},
        record=lambda w: w.player,
    ),
    *(op("api:floor-expulsion-detail", "GET", role, kwargs=EXPULSION) for role in (FM, CASHIER, ACCOUNTANT)),
    op(
        "api:floor-expulsion-lift",
        "POST",
        FM,
        kwargs=EXPULSION,
        body=lambda w: {"reason": "apologised"},
        record=lambda w: w.expulsion,
    ),
    op("api:floor-waitlist-check-in", "POST", FM, kwargs=ENTRY, record=_entry),
    op("api:floor-waitlist-call", "POST", FM, kwargs=ENTRY, body=lambda w: {"minutes": 5}, record=_entry),
    op(
        "api:floor-waitlist-seat",
        "POST",
        FM,
        kwargs=ENTRY,
        body=lambda w: {"table_id": w.table.pk, "seat_number": 4},
        record=_entry,
    ),
    op("api:floor-waitlist-remove", "POST", FM, kwargs=ENTRY, body=lambda w: {"reason": "left"}, record=_entry),
    op(
        "api:floor-dealer-profile",
        "POST",
        FM,
        kwargs=kw(user_id=lambda w: w.ours["off dealer"]),
        body=lambda w: {"game_ids": [], "is_active": False},
        record=lambda w: DealerProfile.objects.get(user=w.ours["off dealer"]),
    ),
    op(
        "api:floor-game-update",
        "POST",
        FM,
        kwargs=kw(game_id=lambda w: w.game),
        body=lambda w: {"is_active": False},
        record=lambda w: w.game,
    ),
    op("api:floor-dealer-clock-in", "POST", FM, kwargs=kw(user_id=lambda w: w.ours["off dealer"])),
    op("api:floor-dealer-clock-out", "POST", FM, kwargs=kw(user_id=lambda w: w.ours["resting dealer"])),
    # fees and the money flow
    *(
        op("api:fee_policy_detail", "GET", role, kwargs=kw(version_id=lambda w: w.fee_policy))
        for role in (FM, ACCOUNTANT, DEALER)
    ),
    op("api:time_charge_collect", "POST", FM, kwargs=CHARGE, record=lambda w: w.time_charge),
    op(
        "api:time_charge_not_collected",
        "POST",
        FM,
        kwargs=CHARGE,
        body=lambda w: {"reason": "left the table"},
        record=lambda w: w.time_charge,
    ),
    *(op("api:drop_count_detail", "GET", role, kwargs=DROP) for role in (FM, ACCOUNTANT)),
    op(
        "api:drop_count_tally",
        "POST",
        FM,
        kwargs=DROP,
        body=lambda w: {"chips": [{"denomination_id": w.chips[1_000], "pieces": 3}]},
        record=lambda w: w.drop_count,
    ),
    op(
        "api:drop_count_explain",
        "POST",
        FM,
        kwargs=DROP,
        body=lambda w: {"explanation": "a chip fell"},
        record=lambda w: w.drop_count,
    ),
    *(op(f"api:fee_export_{name}", "GET", ACCOUNTANT, kwargs=FEE_EXPORT) for name in ("detail", "download")),
]

# Operations without an id in the path that name a home room's record in the body or the query.
BODY_OPS = [
    op("api:games-hand-start", "POST", DEALER, label="home table", body=lambda w: {"table_id": w.hourly_table.pk}),
    op("api:games-hand-start", "POST", FM, label="home table", body=lambda w: {"table_id": w.hourly_table.pk}),
    op(
        "api:games-hand-record",
        "POST",
        FM,
        label="home table",
        body=lambda w: {"table_id": w.hourly_table.pk, "client_hand_id": "neris-whole", "events": []},
    ),
    op(
        "api:games-phh-import",
        "POST",
        FM,
        label="home table",
        body=lambda w: {"table_id": w.table.pk, "text": "variant = 'NT'\n"},
    ),
    op(
        "api:cashier-slip-create",
        "POST",
        FM,
        label="home table",
        body=lambda w: {"kind": "fill", "table": w.table.pk, "chips": [{"denomination": w.chips[1_000], "count": 5}]},
    ),
    op(
        "api:cashier-tray-count-create",
        "POST",
        DEALER,
        label="home table",
        body=lambda w: {"kind": "closer", "table": w.table.pk, "chips": [{"denomination": w.chips[1_000], "count": 5}]},
    ),
    op(
        "api:cashier-shift-open",
        "POST",
        IDLE_CASHIER,
        label="home drawer",
        body=lambda w: {"drawer": w.free_drawer.pk, "cash": "0", "chips": []},
    ),
    op(
        "api:cashier-reversal-create",
        "POST",
        CASHIER,
        label="home entry",
        body=lambda w: {"entry": w.issued_slip.issue_entry_id, "reason": "wrong"},
    ),
    op(
        "api:cashier-sale-create",
        "POST",
        CASHIER,
        label="home player",
        body=lambda w: {
            "amount": "1000",
            "method": "cash",
            "player": w.player.pk,
            "chips": [{"denomination": w.their_chips[1_000], "count": 1}],
        },
    ),
    op("api:drop_count_start", "POST", FM, label="home table", body=lambda w: {"table_id": w.table.pk}),
    op(
        "api:fee_policy_set",
        "POST",
        FM,
        label="home table",
        body=lambda w: {"table_id": w.hourly_table.pk, "kind": "hourly", "amount_per_hour": "2000", "reason": "raise"},
    ),
    op(
        "api:gaming_day_close",
        "POST",
        ACCOUNTANT,
        label="home room",
        body=lambda w: {"gaming_day": str(current_gaming_day(room=w.home) - timedelta(days=1)), "room_id": w.home.pk},
    ),
    op(
        "api:floor-table-create",
        "POST",
        FM,
        label="home room",
        body=lambda w: {"number": 9, "seats": 6, "room_id": w.home.pk},
    ),
    op(
        "api:floor-player-create",
        "POST",
        FM,
        label="home room",
        body=lambda w: {"first_name": "Ona", "last_name": "Butkutė", "room_id": w.home.pk},
    ),
    op(
        "api:floor-expulsion-create",
        "POST",
        FM,
        label="home player",
        body=lambda w: {"player_id": w.player.pk, "rule": "r", "reason": "x", "duration": "permanent"},
    ),
    op(
        "api:floor-waitlist-add",
        "POST",
        FM,
        label="home room",
        body=lambda w: {"game_id": w.game.pk, "player_id": w.player.pk, "room_id": w.home.pk},
    ),
    op(
        "api:floor-waitlist-add",
        "POST",
        FM,
        label="home player",
        body=lambda w: {"game_id": w.game.pk, "player_id": w.player.pk},
    ),
    # A report or board of the home room, named in the query.
    *(
        op(route, "GET", role, label="home room", query=lambda w: {"room": w.home.pk})
        for route, role in [
            ("api:cashier-denominations", CASHIER),
            ("api:cashier-outstanding", ACCOUNTANT),
            ("api:cashier-cage-summary", ACCOUNTANT),
            ("api:cashier-large-cash", ACCOUNTANT),
            ("api:cashier-ledger-check", ACCOUNTANT),
            ("api:floor-waitlists", FM),
            ("api:floor-waitlist-entry-list", FM),
            ("api:floor-waitlist-analytics", FM),
            ("api:floor-dealer-shifts", FM),
            ("api:floor-rotation", FM),
            ("api:floor-board", CASHIER),
            ("api:drop_count_list", ACCOUNTANT),
            ("api:gaming_day_list", ACCOUNTANT),
        ]
    ),
    op(
        "api:drop_reconciliation",
        "GET",
        ACCOUNTANT,
        label="home room",
        query=lambda w: {"room": w.home.pk, "gaming_day": str(current_gaming_day(room=w.home))},
    ),
    op(
        "api:fee_report",
        "GET",
        ACCOUNTANT,
        label="home room",
        query=lambda w: {"room": w.home.pk, "day_from": "2026-06-01", "day_to": "2026-06-30"},
    ),
    op("api:fee_policy_in_force", "GET", FM, label="home table", query=lambda w: {"table_id": w.hourly_table.pk}),
]


def _chip(w: World, value: int, count: int) -> dict[str, Any]:
    return {f"chip-{w.chips[value]}": count}


PAGE_OPS = [
    # the floor's pages
    *(op("floor:table", "GET", role, kwargs=TABLE) for role in (FM, DEALER, ACCOUNTANT)),
    *(op("floor:sign", "GET", role, kwargs=TABLE) for role in (FM, ACCOUNTANT)),
    op(
        "floor:table_configure",
        "POST",
        FM,
        kwargs=IDLE,
        body=lambda w: {"game_id": w.game.pk, "seats": 9},
        record=lambda w: w.idle_table,
    ),
    op(
        "floor:seat_player",
        "POST",
        FM,
        kwargs=TABLE,
        body=lambda w: {"player_id": w.player.pk, "seat_number": 4, "buy_in": "400"},
    ),
    op(
        "floor:dealer_assign",
        "POST",
        FM,
        kwargs=TABLE,
        body=lambda w: {"dealer_id": w.theirs[DEALER].pk},
        record=_table,
    ),
    op("floor:dealer_release", "POST", FM, kwargs=TABLE, record=_table),
    *(
        op(
            "floor:table_transition",
            "POST",
            FM,
            label=verb,
            kwargs=kw(table_id=lambda w: w.table, transition=lambda w, v=verb: v),
            record=_table,
        )
        for verb in ("pause", "resume", "close")
    ),
    op(
        "floor:table_transition",
        "POST",
        FM,
        label="open",
        kwargs=kw(table_id=lambda w: w.idle_table, transition=lambda w: "open"),
        record=lambda w: w.idle_table,
    ),
    op("floor:seat_stand_up", "POST", FM, kwargs=SEAT, body=lambda w: {"table_id": w.table.pk}, record=_seat),
    op(
        "floor:seat_move",
        "POST",
        FM,
        kwargs=SEAT,
        body=lambda w: {"from_table_id": w.table.pk, "table_id": w.hourly_table.pk, "seat_number": 5},
        record=_seat,
    ),
    *(op("floor:seat_away", "POST", role, kwargs=SEAT, record=_seat) for role in (FM, DEALER)),
    op("floor:seat_back", "POST", FM, kwargs=SEAT, body=lambda w: {"choice": "post"}, record=_seat),
    *(
        op(
            "floor:waitlist_action",
            "POST",
            FM,
            label=verb,
            kwargs=kw(entry_id=lambda w: w.entry, verb=lambda w, v=verb: v),
            body=body,
            record=_entry,
        )
        for verb, body in [
            ("check-in", _none),
            ("call", _none),
            ("remove", lambda w: {"reason": "left"}),
            ("seat", lambda w: {"table_id": w.table.pk, "seat_number": 4, "buy_in": "400"}),
        ]
    ),
    # players, expulsions, board links, dealers
    *(op("tables:player", "GET", role, kwargs=PLAYER) for role in (FM, CASHIER, ACCOUNTANT)),
    *(op("tables:player_photo", "GET", role, kwargs=PLAYER) for role in (FM, CASHIER)),
    op("tables:player_edit", "POST", FM, kwargs=PLAYER, body=lambda w: {"alias": "Hayko"}, record=lambda w: w.player),
    op(
        "tables:expulsion_create",
        "POST",
        FM,
        kwargs=PLAYER,
        body=lambda w: {"rule": "House rule 4", "reason": "Abuse", "duration": "permanent", "scope": "room"},
    ),
    op(
        "tables:expulsion_lift",
        "POST",
        FM,
        kwargs=EXPULSION,
        body=lambda w: {"reason": "apologised"},
        record=lambda w: w.expulsion,
    ),
    op("tables:expulsion_evidence", "GET", FM, kwargs=EXPULSION),
    op("tables:kiosk_link_revoke", "POST", FM, kwargs=kw(token_id=lambda w: w.kiosk), record=lambda w: w.kiosk),
    op(
        "tables:dealer_clock",
        "POST",
        FM,
        label="in",
        kwargs=kw(user_id=lambda w: w.ours["off dealer"], verb=lambda w: "in"),
    ),
    op(
        "tables:dealer_clock",
        "POST",
        FM,
        label="out",
        kwargs=kw(user_id=lambda w: w.ours["resting dealer"], verb=lambda w: "out"),
    ),
    # the hands
    *(op("games:hand", "GET", role, kwargs=FINISHED) for role in (FM, DEALER, ACCOUNTANT)),
    op("games:import", "POST", FM, label="home table", body=lambda w: {"table_id": w.table.pk, "text": "x"}),
    op(
        "games:hand_void",
        "POST",
        FM,
        kwargs=OPEN_HAND,
        body=lambda w: {"reason": "misdeal"},
        record=lambda w: w.open_hand,
    ),
    op(
        "games:hand_correct",
        "POST",
        FM,
        kwargs=FINISHED,
        body=lambda w: {"reason": "wrong winner", "events": events_text(w)},
        record=lambda w: w.finished_hand,
    ),
    op("games:hand_correct_form", "POST", FM, kwargs=FINISHED, body=lambda w: {"index": 0}),
    op("games:hand_correct_preview", "POST", FM, kwargs=FINISHED, body=lambda w: {"index": 0, "op": "remove"}),
    *(op("games:dealer", "GET", role, kwargs=TABLE) for role in (FM, DEALER)),
    op("games:dealer_chips", "GET", DEALER, kwargs=HOURLY),
    op(
        "games:dealer_chips",
        "POST",
        DEALER,
        kwargs=HOURLY,
        body=lambda w: {"seat_number": 1, "kind": "add_on", "amount": "1000"},
    ),
    *(op("games:export", "GET", role, kwargs=PHH_EXPORT) for role in (FM, ACCOUNTANT)),
    op("games:export_retry", "POST", FM, kwargs=PHH_EXPORT, record=lambda w: w.phh_export),
    # the cage
    *(op("cashier:receipt", "GET", role, kwargs=kw(pk=lambda w: w.sale)) for role in (CASHIER, ACCOUNTANT)),
    *(op("cashier:shift_report", "GET", role, kwargs=SHIFT) for role in (CASHIER, ACCOUNTANT, FM)),
    *(op("cashier:shift_export", "GET", role, kwargs=SHIFT) for role in (CASHIER, ACCOUNTANT, FM)),
    op(
        "cashier:shift_close",
        "POST",
        CASHIER,
        kwargs=SHIFT,
        body=lambda w: {"cash": "1000000", **_chip(w, 1_000, 100), **_chip(w, 5_000, 9)},
        record=lambda w: w.shift,
    ),
    op("cashier:shift_approve", "POST", FM, kwargs=kw(pk=lambda w: w.pending_shift), record=lambda w: w.pending_shift),
    *(
        op("cashier:slip_print", "GET", role, kwargs=kw(pk=lambda w: w.requested_slip))
        for role in (FM, CASHIER, DEALER)
    ),
    *(
        op(
            "cashier:slip_action",
            "POST",
            role,
            label=action,
            kwargs=kw(pk=slip, action=lambda w, a=action: a),
            body=body,
            record=slip,
        )
        for action, role, slip, body in [
            ("issue", CASHIER, lambda w: w.requested_slip, _none),
            ("receive", DEALER, lambda w: w.issued_slip, _none),
            ("void", CASHIER, lambda w: w.requested_slip, lambda w: {"reason": "wrong table"}),
            ("confirm", FM, lambda w: w.void_asked_slip, _none),
        ]
    ),
    *(
        op(
            "cashier:reversal_action",
            "POST",
            FM,
            label=action,
            kwargs=kw(pk=lambda w: w.reversal, action=lambda w, a=action: a),
            body=lambda w: {"reason": "no"},
            record=lambda w: w.reversal,
        )
        for action in ("approve", "decline")
    ),
    op("cashier:tray_count_sign", "POST", FM, kwargs=kw(pk=lambda w: w.tray_count), record=lambda w: w.tray_count),
    # fees, drops, exports
    *(op(f"rake:export_{name}", "GET", ACCOUNTANT, kwargs=FEE_EXPORT) for name in ("progress", "download")),
    op("rake:export_retry", "POST", ACCOUNTANT, kwargs=FEE_EXPORT, record=lambda w: w.fee_export),
    *(op("rake:drop_count", "GET", role, kwargs=DROP) for role in (FM, CASHIER, ACCOUNTANT)),
    op(
        "rake:drop_count_tally",
        "POST",
        FM,
        kwargs=DROP,
        body=lambda w: _chip(w, 1_000, 3),
        record=lambda w: w.drop_count,
    ),
    op(
        "rake:drop_count_explain",
        "POST",
        FM,
        kwargs=DROP,
        body=lambda w: {"explanation": "a chip fell"},
        record=lambda w: w.drop_count,
    ),
    op("rake:pending_fee_post", "POST", FM, kwargs=kw(pending_id=lambda w: w.pending_fee)),
    *(op("rake:table_fee_policy", "GET", role, kwargs=HOURLY) for role in (FM, ACCOUNTANT)),
    *(op("rake:game_fee_policy", "GET", role, kwargs=kw(game_id=lambda w: w.game)) for role in (FM, ACCOUNTANT)),
    op(
        "rake:table_fee_policy",
        "POST",
        FM,
        kwargs=HOURLY,
        body=lambda w: {"kind": "hourly", "amount_per_hour": "20", "reason": "raise"},
    ),
    *(op("rake:table_time_charges", "GET", role, kwargs=HOURLY) for role in (FM, ACCOUNTANT)),
    op("rake:time_charge_collect", "POST", FM, kwargs=CHARGE, record=lambda w: w.time_charge),
    op(
        "rake:time_charge_not_collected",
        "POST",
        FM,
        kwargs=CHARGE,
        body=lambda w: {"reason": "left the table"},
        record=lambda w: w.time_charge,
    ),
]

OPS = [*API_OPS, *BODY_OPS, *PAGE_OPS]

# Routes with a record's id in the path that no room owns, each with the reason (none today: a game is a
# room's too, tests/rooms/test_games_are_a_rooms.py).
EXEMPT: dict[str, str] = {}


# --- how an operation is sent and what a refusal is -----------------------------------------------------


def _snapshot(w: World, o: Op) -> tuple[dict[str, int], dict[str, Any] | None]:
    """The rows of every room app's model, and the fields of the record the operation would change."""
    counts = {
        model._meta.label: model._base_manager.count()
        for label in ROOM_APPS
        for model in apps.get_app_config(label).get_models()
    }
    record = None
    if o.record is not None:
        row = o.record(w)
        fresh = type(row)._base_manager.get(pk=row.pk)
        record = {f.attname: getattr(fresh, f.attname) for f in fresh._meta.concrete_fields}
    return counts, record


Clients = tuple[Callable[[User | None], APIClient], Callable[[User | None], Client]]


def _send(w: World, o: Op, clients: Clients) -> HttpResponse:
    """``o`` as its Vilnius user: through the API with the user's credentials, or through the pages logged in."""
    api_for, client_for = clients
    user = w.theirs[o.role]
    path = reverse(o.route, kwargs=o.kwargs(w))
    body = o.body(w)
    if o.is_api:
        api = api_for(user)
        if o.method == "GET":
            return api.get(path, o.query(w))
        # Every POST carries a key: the money operations refuse one without it (a 400, not the room's refusal).
        return api.generic(
            o.method,
            path,
            data=json.dumps(body, default=str),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
        )
    client = client_for(user)
    if o.method == "GET":
        return client.get(path, o.query(w))
    # The cage's forms carry their form key (cashier.views.common.post_once), as a rendered form does.
    return client.post(path, {"idempotency_key": str(uuid.uuid4()), **body})


def _errors(response: HttpResponse) -> list[str]:
    """The error messages the redirect leaves for the page it leads to (what that page shows first)."""
    request = response.wsgi_request  # type: ignore[attr-defined]
    return [m.message for m in get_messages(request) if m.level >= message_levels.ERROR]


def _refusal(o: Op, response: HttpResponse) -> str | None:
    """Why ``response`` is a refusal (None: it is not one)."""
    status = response.status_code
    if o.is_api:
        if status == 404:
            return "404"
        if status == 403:
            code = response.json()["error"]["code"]
            # DRF's own refusal of the role: the table names the wrong role, the room was never asked.
            assert code != "permission_denied", f"{o.role} may not send {o.route} at all: {response.json()}"
            return f"403 {code}"
        return None
    templates = [t.name for t in response.templates]
    if status in (403, 404):
        assert not (status == 403 and "403.html" in templates and not response.context.get("reason")), (
            f"{o.role} may not open {o.route} at all"
        )
        return str(status)
    if status in (302, 303) and _errors(response):
        return f"{status} {_errors(response)}"
    return None


@pytest.mark.parametrize("operation", OPS)
def test_another_rooms_user_is_refused_and_nothing_is_written(
    world: World,
    db: None,
    operation: Op,
    api_for: Callable[[User | None], APIClient],
    client_for: Callable[[User | None], Client],
) -> None:
    before = _snapshot(world, operation)
    response = _send(world, operation, (api_for, client_for))
    body = response.content[:400]
    assert _refusal(operation, response), f"{operation.role} of Salon Neris got {response.status_code}: {body!r}"
    counts, record = _snapshot(world, operation)
    assert counts == before[0], {k: (before[0][k], v) for k, v in counts.items() if before[0][k] != v}
    assert record == before[1]


# --- every route is classified -----------------------------------------------------------------------------

# The namespaces of the rooms' apps: the API's and the pages of the floor, the hands, the cage, the fees and the
# rooms. (The admin site is the installation's, for its admins: its permissions are per model, not per room.)
ROOM_NAMESPACES = {"api", "floor", "tables", "games", "cashier", "rake", "rooms"}


def _routes() -> dict[str, set[str]]:
    """Every named route of ``ROOM_NAMESPACES`` with a path parameter: its name and its converters' kinds."""
    found: dict[str, set[str]] = {}

    def walk(patterns: list[Any], namespace: str | None, kinds: set[str]) -> None:
        for entry in patterns:
            here = kinds | {type(c).__name__ for c in entry.pattern.converters.values()}
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, entry.namespace or namespace, here)
            elif isinstance(entry, URLPattern) and entry.name and namespace in ROOM_NAMESPACES and here:
                found[f"{namespace}:{entry.name}"] = here

    walk(get_resolver().url_patterns, None, set())
    return found


def test_every_route_of_a_rooms_record_is_walked_or_exempt_for_a_reason() -> None:
    routes = _routes()
    # Every API route with a path parameter; every page route with an id (``<id:...>``) in its path.
    needed = {name for name, kinds in routes.items() if name.startswith("api:") or "IdConverter" in kinds}
    walked = {p.values[0].route for p in OPS}
    unclassified = needed - walked - EXEMPT.keys()
    assert not unclassified, f"say how another room's user is refused there (OPS) or why not (EXEMPT): {unclassified}"
    assert EXEMPT.keys() <= routes.keys(), f"exempt routes that are gone: {EXEMPT.keys() - routes.keys()}"


# --- lists and reports show none of the home room's records -------------------------------------------------


@dataclass(frozen=True)
class Listing:
    """A list or report a Vilnius user reads, the ids in it (``seen``) and the home room's it must not show."""

    route: str
    role: str
    home: Callable[[World], set[int]]
    seen: Callable[[Any], set[int]]
    query: Callable[[World], dict[str, Any]] = _none


def rows(body: Any, key: str = "id") -> set[int]:
    """The ``key`` of each row of an API answer: a page of results, a list, or a report's rows."""
    items = body["results"] if isinstance(body, dict) and "results" in body else body
    if isinstance(items, dict):
        items = items.get("rows", [])
    return {item[key] for item in items}


def listing(
    route: str, role: str, home: Callable[[World], set[int]], seen: Callable[[Any], set[int]] = rows, **parts: Any
) -> Any:
    return pytest.param(
        Listing(route, role, home, seen, **parts), id=f"{route}[{role}{' ' + str(sorted(parts)) if parts else ''}]"
    )


def _ids(queryset: Any) -> set[int]:
    return set(queryset.values_list("pk", flat=True))


def home_tables(w: World) -> set[int]:
    return _ids(Table.objects.filter(room=w.home))


def home_dealers(w: World) -> set[int]:
    return {u.pk for name, u in w.ours.items() if "dealer" in name}


LISTINGS = [
    *(listing("api:cashier-transactions", role, lambda w: {w.sale.pk}) for role in (CASHIER, ACCOUNTANT)),
    *(
        listing("api:cashier-shifts", role, lambda w: _ids(DrawerShift.objects.filter(drawer__room=w.home)))
        for role in (CASHIER, ACCOUNTANT, FM)
    ),
    *(
        listing("api:cashier-slips", role, lambda w: _ids(Slip.objects.filter(room=w.home)))
        for role in (FM, CASHIER, DEALER, ACCOUNTANT)
    ),
    listing("api:cashier-tray-counts", FM, lambda w: {w.tray_count.pk}),
    listing("api:cashier-entries", ACCOUNTANT, lambda w: _ids(JournalEntry.objects.filter(room=w.home))),
    *(listing("api:cashier-reversals", role, lambda w: {w.reversal.pk}) for role in (FM, ACCOUNTANT)),
    listing("api:cashier-denominations", CASHIER, lambda w: set(w.chips.values())),
    *(listing("api:floor-table-list", role, home_tables) for role in (FM, ACCOUNTANT, DEALER)),
    listing("api:floor-seat-list", FM, lambda w: _ids(SeatSession.objects.filter(table__room=w.home))),
    listing("api:floor-seat-list", ACCOUNTANT, lambda w: {w.seat.pk}, query=lambda w: {"table": w.table.pk}),
    *(
        listing("api:floor-player-list", role, lambda w: _ids(Player.objects.filter(room=w.home)))
        for role in (FM, CASHIER)
    ),
    listing("api:floor-expulsion-list", FM, lambda w: {w.expulsion.pk}),
    listing("api:floor-dealer-list", FM, lambda w: _ids(DealerProfile.objects.filter(user_id__in=home_dealers(w)))),
    listing("api:floor-dealer-assignments", FM, lambda w: _ids(DealerAssignment.objects.filter(table__room=w.home))),
    listing("api:floor-dealer-shifts", FM, lambda w: _ids(DealerShift.objects.filter(room=w.home))),
    listing("api:floor-waitlist-entry-list", FM, lambda w: {w.entry.pk}),
    *(
        listing("api:games-hand-list", role, lambda w: _ids(Hand.objects.filter(table__room=w.home)))
        for role in (FM, ACCOUNTANT)
    ),
    listing("api:games-dealer-stats", ACCOUNTANT, home_dealers, seen=lambda body: rows(body, "dealer_id")),
    listing("api:fee_policy_list", FM, lambda w: _ids(FeePolicyVersion.objects.filter(table__room=w.home))),
    listing(
        "api:fee_policy_list", ACCOUNTANT, lambda w: {w.fee_policy.pk}, query=lambda w: {"table_id": w.hourly_table.pk}
    ),
    listing("api:time_charge_list", FM, lambda w: _ids(TimeCharge.objects.filter(table__room=w.home))),
    listing(
        "api:time_charge_list",
        ACCOUNTANT,
        lambda w: {w.time_charge.pk},
        query=lambda w: {"table_id": w.hourly_table.pk},
    ),
    listing("api:drop_count_list", ACCOUNTANT, lambda w: {w.drop_count.pk}),
    listing(
        "api:drop_reconciliation",
        ACCOUNTANT,
        home_tables,
        seen=lambda body: rows(body, "table_id"),
        query=lambda w: {"gaming_day": str(current_gaming_day(room=w.home))},
    ),
    listing(
        "api:fee_report",
        ACCOUNTANT,
        lambda w: {w.home.pk},
        seen=lambda body: rows(body, "room") | {r["id"] for r in body["rooms"]},
        query=lambda w: {"day_from": "2026-06-01", "day_to": "2026-06-30", "group_by": "table"},
    ),
    # Pages: what their lists were made of.
    listing(
        "games:hand_list",
        FM,
        lambda w: _ids(Hand.objects.filter(table__room=w.home)) | home_tables(w),
        seen=lambda c: {h.pk for h in c["page"]} | {t.pk for t in c["tables"]},
    ),
    listing("games:import", FM, home_tables, seen=lambda c: {t.pk for t in c["tables"]}),
    listing("games:stats", ACCOUNTANT, home_dealers, seen=lambda c: {r.dealer_id for r in c["rows"]}),
    listing("rake:fee_policies", FM, home_tables, seen=lambda c: {t.pk for t, _v, _line in c["table_rows"]}),
    listing(
        "cashier:slips",
        FM,
        lambda w: _ids(Slip.objects.filter(room=w.home)),
        seen=lambda c: {s.pk for s, _steps in c["slips"]},
    ),
    listing("cashier:tray_counts", FM, lambda w: {w.tray_count.pk}, seen=lambda c: {t.pk for t in c["counts"]}),
    listing(
        "cashier:reversals",
        FM,
        lambda w: {w.reversal.pk},
        seen=lambda c: {r.pk for r in [*c["pending"], *c["decided"]]},
    ),
    listing(
        "tables:players",
        FM,
        lambda w: _ids(Player.objects.filter(room=w.home)),
        seen=lambda c: {p.pk for p in c["players"]},
    ),
    listing(
        "tables:expulsions", FM, lambda w: {w.expulsion.pk}, seen=lambda c: {e.pk for e in [*c["current"], *c["past"]]}
    ),
    listing(
        "tables:dealers",
        FM,
        home_dealers,
        seen=lambda c: {p.user_id for p in c["profiles"]} | {u.pk for u in c["new_dealers"]},
    ),
]


@pytest.mark.parametrize("shown", LISTINGS)
def test_another_rooms_lists_show_none_of_the_home_rooms_records(
    world: World,
    db: None,
    shown: Listing,
    api_for: Callable[[User | None], APIClient],
    client_for: Callable[[User | None], Client],
) -> None:
    user = world.theirs[shown.role]
    if shown.route.startswith("api:"):
        answer = api_for(user).get(reverse(shown.route), shown.query(world))
        assert answer.status_code == 200, answer.content[:300]
        seen = shown.seen(answer.json())
    else:
        page = client_for(user).get(reverse(shown.route), shown.query(world))
        assert page.status_code == 200, page.content[:300]
        seen = shown.seen(page.context)
    home = shown.home(world)
    assert home, "the home room has such records: the check would prove nothing"
    assert not seen & home, f"{shown.role} of Salon Neris is shown the home room's {sorted(seen & home)}"
