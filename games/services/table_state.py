"""What starting a hand reads of a table, under the table's row lock: the lock, then one read.

Fast path (``config.db.fast_paths``): ``_read_sql``, the lock and one statement. ORM twin:
``_read_orm``. Differential test: ``tests/games/test_table_state_readers_agree.py``. Rules it
restates: the open hand (``HandStatus.OPEN``), a seat's stack (``games.services.stacks``: the last
``SeatStack``, or the one of the seat moved from), who is away (``tables.selectors.aways_by_session``),
the fee policy in force (``rake.selectors.fee_policy_in_force``: the table's before the game's), the
smallest active chip, the last hand of the table's own sequence, the day's close, the sign in force
(``tables.selectors.sign_in_force``), the next hand number (``games.services.common.next_number``)
and a hand already recorded under a client hand id.

Every hand starts with the same reads: the table with its game and dealer,
an open hand, the seated players with their stacks, who is away, who was
ever dealt in, the fee policy and the sign in force, the smallest chip, the
last hand's button and blinds, the day's status, the next hand number. On
PostgreSQL they are one statement after the lock (a table deals a hand a
minute and a room of 100 tables up to two a second, each paying the
statements' round trips and the ORM's query building); elsewhere they are
the ORM's queries. Both readers return the same ``TableState``: the
decisions are taken from it in ``starting``, the same code for both, and a
test compares the two readers on one PostgreSQL database.

The lock comes first, in its own statement: a statement reads the snapshot
taken when it began, so reads in the statement that waited for the lock
would miss what the previous holder committed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db import connection
from django.db.models import Exists, Model, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from config.db import fast_paths, instance_from_row, prepared_cursor, row_json_loads, sql_text
from config.errors import NotFound
from config.gaming_day import gaming_day_of
from config.numbers import MAX_ID
from games.models import Hand as HandRow
from games.models import HandSeat, HandStatus, SeatStack
from games.services.common import next_number
from games.services.stacks import Seated, seated_with_stacks
from ledger.models import Denomination, GamingDayClose
from ledger.selectors.balances import denominations
from ledger.selectors.days import gaming_day_is_closed
from rake.models import FeePolicyVersion
from rake.selectors import fee_policy_in_force
from rooms.models import Room
from tables.models import DealerAssignment, Game, Player, SeatAway, SeatSession, SignVersion, Table
from tables.selectors import aways_by_session, sign_in_force
from tables.services.common import lock_table


@dataclass(frozen=True)
class LastHand:
    """The button, blinds and status of the last hand of the table's own sequence (not a replay or correction)."""

    button: int
    small_blind: int | None
    big_blind: int | None
    status: str


@dataclass(frozen=True)
class TableState:
    table: Table  # locked, with its game; ``tables.services.common.dealer_now`` reads the dealer assigned now
    open_hand: tuple[int, int] | None  # (id, number)
    seated: list[Seated]
    aways: dict[int, list[SeatAway]]  # by seat session, in time order
    dealt: frozenset[int]  # seat sessions dealt in at least once
    fee_policy: FeePolicyVersion | None
    smallest_chip: int | None
    last_hand: LastHand | None
    day_closed: bool
    sign_id: int | None
    next_number: int
    recorded_id: int | None  # the hand already recorded under the client hand id asked for
    now: datetime  # read once the lock was held: hands at a table are stamped in the order they start
    day: date  # the gaming day of ``now``
    # PostgreSQL: the id the new hand takes, drawn from its sequence by the read, so the hand and the
    # rows that point to it go in as one statement (``config.db.insert_all``); a hand refused after
    # the read leaves a gap in the ids, never in the hand numbers. None: the insert gives the id.
    hand_id: int | None = None


def table_state(table_id: int, *, client_hand_id: str = "") -> TableState:
    """Lock the table and read its state; the caller holds the transaction."""
    # An id past bigint names no table: the ORM read finds none (Django drops an out-of-range
    # lookup), where the raw read's ``%(table)s::bigint`` would fail with "bigint out of range".
    if fast_paths() and 0 < table_id <= MAX_ID:
        return _read_sql(table_id, client_hand_id=client_hand_id)
    table = lock_table(table_id)
    return _read_orm(table, client_hand_id=client_hand_id)


def _read_orm(table: Table, *, client_hand_id: str) -> TableState:
    now = timezone.now()
    day = gaming_day_of(now, room=table.room)
    seated = seated_with_stacks(table.pk)
    ids = [s.session.pk for s in seated]
    open_hand = HandRow.objects.filter(table_id=table.pk, status=HandStatus.OPEN).values_list("pk", "number").first()
    last = (
        HandRow.objects.filter(table_id=table.pk, replay_of__isnull=True, corrects__isnull=True)
        .order_by("-pk")
        .values_list("button", "small_blind_seat", "big_blind_seat", "status")
        .first()
    )
    dealt = SeatSession.objects.filter(pk__in=ids).filter(
        Exists(HandSeat.objects.filter(seat_session_id=OuterRef("pk")))
    )
    sign = sign_in_force(table_id=table.pk, at=now)
    recorded = None
    if client_hand_id:
        recorded = HandRow.objects.filter(table_id=table.pk, client_hand_id=client_hand_id).values_list("pk", flat=True)
    return TableState(
        table=table,
        open_hand=open_hand,
        seated=seated,
        aways=aways_by_session(session_ids=ids),
        dealt=frozenset(dealt.values_list("pk", flat=True)),
        fee_policy=fee_policy_in_force(table_id=table.pk, at=now),
        smallest_chip=denominations(room_id=table.room_id).values_list("value", flat=True).first(),
        last_hand=LastHand(*last) if last is not None else None,
        day_closed=gaming_day_is_closed(day, room_id=table.room_id),
        sign_id=sign.pk if sign is not None else None,
        next_number=next_number(table.pk, day),
        recorded_id=recorded.first() if recorded is not None else None,
        now=now,
        day=day,
    )


_NAMES: dict[str, type[Model]] = {
    "Assignment": DealerAssignment,
    "Away": SeatAway,
    "Close": GamingDayClose,
    "Denomination": Denomination,
    "Game": Game,
    "Hand": HandRow,
    "HandSeat": HandSeat,
    "Player": Player,
    "Policy": FeePolicyVersion,
    "Room": Room,
    "Session": SeatSession,
    "Sign": SignVersion,
    "Stack": SeatStack,
    "Table": Table,
}

_LOCK_SQL = sql_text(
    """
SELECT row_to_json(t)::text, row_to_json(g)::text,
    (SELECT a.{Assignment.dealer} FROM {Assignment} a
        WHERE a.{Assignment.table} = t.{Table.id} AND a.{Assignment.ended_at} IS NULL LIMIT 1),
    row_to_json(r)::text
FROM {Table} t LEFT JOIN {Game} g ON g.{Game.id} = t.{Table.game} JOIN {Room} r ON r.{Room.id} = t.{Table.room}
WHERE t.{Table.id} = %(table)s::bigint
FOR UPDATE OF t
""",
    **_NAMES,
)

_READ_SQL = sql_text(
    """
WITH sessions AS MATERIALIZED (
    SELECT s.*, p.{Player.first_name} AS player_first_name, p.{Player.last_name} AS player_last_name,
        COALESCE(
            (SELECT st.{Stack.stack} FROM {Stack} st WHERE st.{Stack.seat_session} = s.{Session.id}
                ORDER BY st.{Stack.id} DESC LIMIT 1),
            -- a seat moved to: the chips came along (games.services.stacks)
            (SELECT st.{Stack.stack} FROM {Stack} st WHERE st.{Stack.seat_session} = s.{Session.moved_from}
                ORDER BY st.{Stack.id} DESC LIMIT 1)
        ) AS latest_stack,
        (SELECT hs.{HandSeat.hand} FROM {HandSeat} hs WHERE hs.{HandSeat.seat_session} = s.{Session.id}
            ORDER BY hs.{HandSeat.hand} DESC LIMIT 1) IS NOT NULL AS dealt
    FROM {Session} s JOIN {Player} p ON p.{Player.id} = s.{Session.player}
    WHERE s.{Session.table} = %(table)s::bigint AND s.{Session.ended_at} IS NULL
)
SELECT
    (SELECT json_build_array(h.{Hand.id}, h.{Hand.number}) FROM {Hand} h
        WHERE h.{Hand.table} = %(table)s::bigint AND h.{Hand.status} = %(open)s::text
        ORDER BY h.{Hand.created_at} DESC, h.{Hand.id} DESC LIMIT 1)::text,
    (SELECT json_agg(row_to_json(s) ORDER BY s.{Session.seat_number}) FROM sessions s)::text,
    (SELECT json_agg(row_to_json(w) ORDER BY w.{Away.started_at}, w.{Away.id}) FROM {Away} w
        WHERE w.{Away.seat_session} IN (SELECT {Session.id} FROM sessions))::text,
    (SELECT row_to_json(f)::text FROM {Policy} f
        WHERE (f.{Policy.table} = %(table)s::bigint OR f.{Policy.game} = %(game)s::bigint)
            AND f.{Policy.effective_from} <= %(now)s::timestamptz
        ORDER BY f.{Policy.table} ASC NULLS LAST, f.{Policy.effective_from} DESC, f.{Policy.id} DESC LIMIT 1),
    (SELECT d.{Denomination.value} FROM {Denomination} d
        WHERE d.{Denomination.room} = %(room)s::bigint AND d.{Denomination.active}
        ORDER BY d.{Denomination.value} LIMIT 1),
    (SELECT json_build_array(h.{Hand.button}, h.{Hand.small_blind_seat}, h.{Hand.big_blind_seat}, h.{Hand.status})
        FROM {Hand} h
        WHERE h.{Hand.table} = %(table)s::bigint AND h.{Hand.replay_of} IS NULL AND h.{Hand.corrects} IS NULL
        ORDER BY h.{Hand.id} DESC LIMIT 1)::text,
    EXISTS (SELECT FROM {Close} c WHERE c.{Close.room} = %(room)s::bigint AND c.{Close.gaming_day} = %(day)s::date),
    (SELECT v.{Sign.id} FROM {Sign} v
        WHERE v.{Sign.table} = %(table)s::bigint AND v.{Sign.valid_from} <= %(now)s::timestamptz
            AND (v.{Sign.valid_to} IS NULL OR v.{Sign.valid_to} > %(now)s::timestamptz)
        ORDER BY v.{Sign.valid_from} DESC, v.{Sign.id} DESC LIMIT 1),
    (SELECT COALESCE(MAX(h.{Hand.number}), 0) + 1 FROM {Hand} h
        WHERE h.{Hand.table} = %(table)s::bigint AND h.{Hand.gaming_day} = %(day)s::date),
    (SELECT h.{Hand.id} FROM {Hand} h
        -- The partial unique index's own condition, written out: a prepared statement's generic plan
        -- cannot derive it from the parameter, and without it would scan every hand of the table.
        WHERE h.{Hand.table} = %(table)s::bigint AND h.{Hand.client_hand_id} = %(client)s::text
            AND h.{Hand.client_hand_id} <> ''
        ORDER BY h.{Hand.id} LIMIT 1),
    nextval(pg_get_serial_sequence(%(hand_table)s::text, %(hand_id)s::text))
""",
    **_NAMES,
)
# The table and column whose sequence gives a hand its id, unquoted as ``pg_get_serial_sequence`` reads them.
_HAND_ID_SEQUENCE = {"hand_table": HandRow._meta.db_table, "hand_id": str(HandRow._meta.pk.column)}
STATEMENTS = (_LOCK_SQL, _READ_SQL)


def _read_sql(table_id: int, *, client_hand_id: str) -> TableState:
    with prepared_cursor() as cursor:
        cursor.execute(_LOCK_SQL, {"table": table_id})
        locked = cursor.fetchone()
        if locked is None:
            raise NotFound(
                _("Table %(table_id)s does not exist.") % {"table_id": table_id},
                code="unknown_table",
                table_id=table_id,
            )
        table_json, game_json, dealer_id, room_json = locked
        table = instance_from_row(Table, row_json_loads(table_json))
        table.room = instance_from_row(Room, row_json_loads(room_json))
        if game_json is not None:
            table.game = instance_from_row(Game, row_json_loads(game_json))
        table.__dict__["dealer_now"] = dealer_id
        now = timezone.now()
        day = gaming_day_of(now, room=table.room)
        params = {
            "room": table.room_id,
            "table": table_id,
            "game": table.game_id,
            "now": now,
            "day": day,
            "client": client_hand_id,
            "open": HandStatus.OPEN.value,
            **_HAND_ID_SEQUENCE,
        }
        cursor.execute(_READ_SQL, params)
        row = cursor.fetchone()
    open_hand, sessions, aways, policy, smallest, last, closed, sign_id, number, recorded, hand_id = row
    seated, dealt = _seated(row_json_loads(sessions) or [])
    by_session: dict[int, list[SeatAway]] = {}
    for data in row_json_loads(aways) or []:
        away = instance_from_row(SeatAway, data)
        by_session.setdefault(away.seat_session_id, []).append(away)
    return TableState(
        table=table,
        open_hand=tuple(row_json_loads(open_hand)) if open_hand else None,
        seated=seated,
        aways=by_session,
        dealt=dealt,
        fee_policy=instance_from_row(FeePolicyVersion, row_json_loads(policy)) if policy else None,
        smallest_chip=smallest,
        last_hand=LastHand(*row_json_loads(last)) if last else None,
        day_closed=closed,
        sign_id=sign_id,
        next_number=number,
        recorded_id=recorded,
        now=now,
        day=day,
        hand_id=hand_id,
    )


def _seated(rows: Sequence[dict[str, Any]]) -> tuple[list[Seated], frozenset[int]]:
    seated = []
    dealt = set()
    for data in rows:
        session = instance_from_row(SeatSession, data)
        session.player = Player.from_db(
            connection.alias,
            ["id", "first_name", "last_name"],
            [data["player_id"], data["player_first_name"], data["player_last_name"]],
        )
        seated.append(Seated(session, data["latest_stack"]))
        if data["dealt"]:
            dealt.add(session.pk)
    return seated, frozenset(dealt)
