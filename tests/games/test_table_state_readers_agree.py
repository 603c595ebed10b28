"""The two readers of a table's state at hand start agree: the ORM's queries and PostgreSQL's one statement.

``games.services.table_state`` reads a table with the ORM or, as a fast path (``config.db.fast_paths``),
with one statement, and ``starting`` takes the same decisions from either. Both are called here on one
PostgreSQL database, the fast paths turned on and off, in one transaction, over the states a table goes
through: fresh, after hands, with players away and back, with an open hand, with a whole hand recorded
under a client id, with no fee policy, a game's default policy, Club Poker, chips in the room, seats
changed, the day closed, and no such table. Every field of the state is compared but the clock each
reader reads and the hand id only the fast path draws.
"""

from __future__ import annotations

from dataclasses import astuple
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Model
from django.test import override_settings
from django.utils import timezone

from config.errors import NotFound
from config.gaming_day import current_gaming_day
from games import services as hands
from games.services.table_state import TableState, table_state
from ledger.models import GamingDayClose
from rake.services import fee_policy_set
from tables import services as floor
from tables.models import Game, SeatSession, Table
from tables.services.common import dealer_now
from tests.factories import home_room
from tests.games.helpers import HOLDEM_HAND, play_hand
from tests.rake.helpers import stock_chips

pytestmark = pytest.mark.django_db


def _read(table_id: int, client_hand_id: str, *, fast: bool) -> TableState:
    with override_settings(CARDROOM_FAST_PATHS=fast):
        return table_state(table_id, client_hand_id=client_hand_id)


def _read_both(table_id: int, client_hand_id: str = "") -> tuple[TableState, TableState]:
    with transaction.atomic():
        orm = _read(table_id, client_hand_id, fast=False)
        sql = _read(table_id, client_hand_id, fast=True)
    return orm, sql


def _fields(obj: Model | None) -> dict[str, Any] | None:
    if obj is None:
        return None
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def _plain(state: TableState) -> dict[str, Any]:
    """What a reader read, as plain data; ``now`` and ``day`` are left out (each reader reads the clock),
    and so is ``hand_id`` (only PostgreSQL's reader draws it)."""
    return {
        "table": _fields(state.table),
        "game": _fields(state.table.game) if state.table.game_id is not None else None,
        "dealer_now": dealer_now(state.table),
        "open_hand": state.open_hand,
        "seated": [(_fields(s.session), s.session.player.masked_name, s.stack) for s in state.seated],
        "aways": {session: [_fields(a) for a in rows] for session, rows in state.aways.items()},
        "dealt": sorted(state.dealt),
        "fee_policy": _fields(state.fee_policy),
        "smallest_chip": state.smallest_chip,
        "last_hand": astuple(state.last_hand) if state.last_hand is not None else None,
        "day_closed": state.day_closed,
        "sign_id": state.sign_id,
        "next_number": state.next_number,
        "recorded_id": state.recorded_id,
    }


def _types(data: Any) -> Any:
    """The same shape with each value's type: ``1 == True`` and ``Decimal(1) == 1`` would hide a difference."""
    if isinstance(data, dict):
        return {k: _types(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_types(v) for v in data]
    return type(data).__name__


def _datetimes(data: Any) -> list[datetime]:
    if isinstance(data, dict):
        return [d for v in data.values() for d in _datetimes(v)]
    if isinstance(data, list | tuple):
        return [d for v in data for d in _datetimes(v)]
    return [data] if isinstance(data, datetime) else []


def _agree(table_id: int, client_hand_id: str = "") -> TableState:
    """Both readers' states are the same; returns the ORM's, for the scenario's own checks."""
    orm, sql = _read_both(table_id, client_hand_id)
    plain_orm, plain_sql = _plain(orm), _plain(sql)
    assert plain_sql == plain_orm
    assert _types(plain_sql) == _types(plain_orm)
    assert sql.day == orm.day
    assert all(d.tzinfo is not None for d in _datetimes(plain_orm) + _datetimes(plain_sql) + [orm.now, sql.now])
    assert orm.now <= sql.now
    assert orm.hand_id is None and isinstance(sql.hand_id, int)
    for state in (orm, sql):
        if state.fee_policy is not None and state.fee_policy.rate is not None:
            assert type(state.fee_policy.rate) is Decimal
    return orm


def _session(table: Table, seat: int) -> SeatSession:
    return SeatSession.objects.get(table=table, seat_number=seat, ended_at__isnull=True)


def test_fresh_holdem_table_before_any_hand(on_postgres: None, dealer: User, hand_table, holdem: Game) -> None:
    table = hand_table(holdem, dealer, players=4)
    hand_table.sit(table, 5, None)  # seated, no buy-in recorded yet
    state = _agree(table.pk)
    assert [s.stack for s in state.seated] == [100_000] * 4 + [None]
    assert state.open_hand is None and state.last_hand is None and state.dealt == frozenset()
    assert state.next_number == 1 and state.fee_policy is not None and state.fee_policy.rate == Decimal("0.05")


def test_after_hands_played(on_postgres: None, dealer: User, holdem_table: Table) -> None:
    for seed in range(3):
        play_hand(dealer, holdem_table.pk, seed)
    state = _agree(holdem_table.pk)
    assert state.last_hand is not None and state.next_number == 4
    assert state.dealt == frozenset(s.session.pk for s in state.seated)


def test_a_player_away_now_and_one_back(on_postgres: None, dealer: User, hand_table, holdem: Game) -> None:
    table = hand_table(holdem, dealer, players=4)
    play_hand(dealer, table.pk, 1)
    floor.seat_away_start(actor=dealer, session_id=_session(table, 3).pk)
    play_hand(dealer, table.pk, 2)
    floor.seat_away_end(actor=dealer, session_id=_session(table, 3).pk, choice="wait")
    floor.seat_away_start(actor=dealer, session_id=_session(table, 1).pk)
    state = _agree(table.pk)
    back, away = state.aways[_session(table, 3).pk], state.aways[_session(table, 1).pk]
    assert back[0].ended_at is not None and back[0].return_choice == "wait"
    assert away[0].ended_at is None


def test_an_open_hand(on_postgres: None, dealer: User, holdem_table: Table) -> None:
    play_hand(dealer, holdem_table.pk, 5)
    started = hands.hand_start(actor=dealer, table_id=holdem_table.pk)
    state = _agree(holdem_table.pk)
    assert state.open_hand == (started.hand.pk, started.hand.number)


def test_a_hand_recorded_under_a_client_hand_id(on_postgres: None, dealer: User, holdem_table: Table) -> None:
    recorded = hands.hand_record_whole(
        actor=dealer, table_id=holdem_table.pk, events=HOLDEM_HAND, client_hand_id="x1"
    ).hand
    assert _agree(holdem_table.pk, "x1").recorded_id == recorded.pk
    assert _agree(holdem_table.pk, "unknown").recorded_id is None
    assert _agree(holdem_table.pk).recorded_id is None


def test_a_table_with_no_fee_policy(on_postgres: None, dealer: User, hand_table, holdem: Game) -> None:
    table = hand_table(holdem, dealer, fee=None)
    assert _agree(table.pk).fee_policy is None


def test_a_table_under_its_games_default_policy(
    on_postgres: None, floor_manager: User, dealer: User, hand_table, holdem: Game
) -> None:
    table = hand_table(holdem, dealer, fee=None)
    fee_policy_set(
        actor=floor_manager,
        game_id=holdem.pk,
        kind="percentage",
        rate=Decimal("0.045"),
        reason="game default",
        cap_per_hand=5000,
        caps_by_players=[(2, 1000), (4, 3000)],
    )
    policy = _agree(table.pk).fee_policy
    assert policy is not None and policy.game_id == holdem.pk and policy.rate == Decimal("0.045")
    own = hand_table(holdem, dealer)  # its own policy comes before the game's
    policy = _agree(own.pk).fee_policy
    assert policy is not None and policy.table_id == own.pk


def test_a_club_poker_table(on_postgres: None, dealer: User, club_table: Table) -> None:
    play_hand(dealer, club_table.pk, 7)
    state = _agree(club_table.pk)
    assert state.table.game is not None and state.table.game.kind == "club_poker"


def test_chips_in_the_room(on_postgres: None, dealer: User, holdem_table: Table) -> None:
    stock_chips()
    assert _agree(holdem_table.pk).smallest_chip == 1


def test_seats_changed(on_postgres: None, floor_manager: User, dealer: User, hand_table, holdem: Game) -> None:
    table = hand_table(holdem, dealer, players=4)
    play_hand(dealer, table.pk, 3)
    before = {s.session.seat_number: s.stack for s in _agree(table.pk).seated}
    floor.seat_move(actor=floor_manager, session_id=_session(table, 2).pk, table_id=table.pk, seat_number=5)
    floor.seat_stand_up(actor=floor_manager, session_id=_session(table, 3).pk)
    state = _agree(table.pk)
    assert [s.session.seat_number for s in state.seated] == [1, 4, 5]
    assert state.seated[-1].session.moved_from_id is not None
    assert state.seated[-1].stack == before[2]  # the chips came along


def test_the_day_closed(on_postgres: None, accountant: User, holdem_table: Table) -> None:
    # No service closes the current gaming day (only a past one): the row is written as the close would.
    GamingDayClose.objects.create(
        room=home_room(), gaming_day=current_gaming_day(), created_at=timezone.now(), created_by=accountant
    )
    assert _agree(holdem_table.pk).day_closed is True


def test_no_such_table_is_the_same_not_found(on_postgres: None, holdem_table: Table) -> None:
    missing = holdem_table.pk + 1000
    refusals = []
    for fast in (False, True):
        with pytest.raises(NotFound) as exc, transaction.atomic():
            _read(missing, "", fast=fast)
        refusals.append((exc.value.code, exc.value.status, exc.value.message, exc.value.details))
    orm, sql = refusals
    assert sql == orm == ("unknown_table", 404, f"Table {missing} does not exist.", {"table_id": missing})
