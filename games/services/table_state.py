"""What starting a hand reads of a table, under the table's row lock: the lock, then one read.

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

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Exists, Model, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from cashier.selectors.ledger import denominations
from config.db import prepared_cursor
from config.errors import NotFound
from config.gaming_day import gaming_day_of
from config.numbers import MAX_ID
from games.models import Hand as HandRow
from games.models import HandSeat, HandStatus
from games.services.common import lock_table, next_number
from games.services.stacks import Seated, seated_with_stacks
from rake.models import FeePolicyVersion
from rake.selectors import fee_policy_in_force
from rake.selectors.days import gaming_day_is_closed
from tables.models import Game, Player, SeatAway, SeatSession, Table
from tables.selectors import aways_by_session, sign_in_force


@dataclass(frozen=True)
class LastHand:
    """The button, blinds and status of the last hand of the table's own sequence (not a replay or correction)."""

    button: int
    small_blind: int | None
    big_blind: int | None
    status: str


@dataclass(frozen=True)
class TableState:
    table: Table  # locked, with its game; ``common.dealer_now`` reads the dealer assigned now
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
    if connection.vendor == "postgresql" and 0 < table_id <= MAX_ID:
        return _read_sql(table_id, client_hand_id=client_hand_id)
    table = lock_table(table_id)
    return _read_orm(table, client_hand_id=client_hand_id)


def _read_orm(table: Table, *, client_hand_id: str) -> TableState:
    now = timezone.now()
    day = gaming_day_of(now)
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
        smallest_chip=denominations().values_list("value", flat=True).first(),
        last_hand=LastHand(*last) if last is not None else None,
        day_closed=gaming_day_is_closed(day),
        sign_id=sign.pk if sign is not None else None,
        next_number=next_number(table.pk, day),
        recorded_id=recorded.first() if recorded is not None else None,
        now=now,
        day=day,
    )


_LOCK_SQL = """
SELECT row_to_json(t)::text, row_to_json(g)::text,
    (SELECT a.dealer_id FROM tables_dealerassignment a WHERE a.table_id = t.id AND a.ended_at IS NULL LIMIT 1)
FROM tables_table t LEFT JOIN tables_game g ON g.id = t.game_id
WHERE t.id = %(table)s::bigint
FOR UPDATE OF t
"""

_READ_SQL = """
WITH sessions AS MATERIALIZED (
    SELECT s.*, p.first_name AS player_first_name, p.last_name AS player_last_name,
        COALESCE(
            (SELECT st.stack FROM games_seatstack st WHERE st.seat_session_id = s.id ORDER BY st.id DESC LIMIT 1),
            -- a seat moved to: the chips came along (games.services.stacks)
            (SELECT st.stack FROM games_seatstack st WHERE st.seat_session_id = s.moved_from_id
                ORDER BY st.id DESC LIMIT 1)
        ) AS latest_stack,
        (SELECT hs.hand_id FROM games_handseat hs WHERE hs.seat_session_id = s.id
            ORDER BY hs.hand_id DESC LIMIT 1) IS NOT NULL AS dealt
    FROM tables_seatsession s JOIN tables_player p ON p.id = s.player_id
    WHERE s.table_id = %(table)s::bigint AND s.ended_at IS NULL
)
SELECT
    (SELECT json_build_array(h.id, h.number) FROM games_hand h
        WHERE h.table_id = %(table)s::bigint AND h.status = 'open'
        ORDER BY h.created_at DESC, h.id DESC LIMIT 1)::text,
    (SELECT json_agg(row_to_json(s) ORDER BY s.seat_number) FROM sessions s)::text,
    (SELECT json_agg(row_to_json(w) ORDER BY w.started_at, w.id) FROM tables_seataway w
        WHERE w.seat_session_id IN (SELECT id FROM sessions))::text,
    (SELECT row_to_json(f)::text FROM rake_feepolicyversion f
        WHERE (f.table_id = %(table)s::bigint OR f.game_id = %(game)s::bigint)
            AND f.effective_from <= %(now)s::timestamptz
        ORDER BY f.table_id ASC NULLS LAST, f.effective_from DESC, f.id DESC LIMIT 1),
    (SELECT d.value FROM cashier_denomination d WHERE d.active ORDER BY d.value LIMIT 1),
    (SELECT json_build_array(h.button, h.small_blind_seat, h.big_blind_seat, h.status) FROM games_hand h
        WHERE h.table_id = %(table)s::bigint AND h.replay_of_id IS NULL AND h.corrects_id IS NULL
        ORDER BY h.id DESC LIMIT 1)::text,
    EXISTS (SELECT FROM rake_gamingdayclose c WHERE c.gaming_day = %(day)s::date),
    (SELECT v.id FROM tables_signversion v
        WHERE v.table_id = %(table)s::bigint AND v.valid_from <= %(now)s::timestamptz
            AND (v.valid_to IS NULL OR v.valid_to > %(now)s::timestamptz)
        ORDER BY v.valid_from DESC, v.id DESC LIMIT 1),
    (SELECT COALESCE(MAX(h.number), 0) + 1 FROM games_hand h
        WHERE h.table_id = %(table)s::bigint AND h.gaming_day = %(day)s::date),
    (SELECT h.id FROM games_hand h
        -- The partial unique index's own condition, written out: a prepared statement's generic plan
        -- cannot derive it from the parameter, and without it would scan every hand of the table.
        WHERE h.table_id = %(table)s::bigint AND h.client_hand_id = %(client)s::text AND h.client_hand_id <> ''
        ORDER BY h.id LIMIT 1),
    nextval(pg_get_serial_sequence('games_hand', 'id'))
"""


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
        table_json, game_json, dealer_id = locked
        table = _instance(Table, _loads(table_json))
        if game_json is not None:
            table.game = _instance(Game, _loads(game_json))
        table.__dict__["dealer_now"] = dealer_id
        now = timezone.now()
        day = gaming_day_of(now)
        params = {"table": table_id, "game": table.game_id, "now": now, "day": day, "client": client_hand_id}
        cursor.execute(_READ_SQL, params)
        row = cursor.fetchone()
    open_hand, sessions, aways, policy, smallest, last, closed, sign_id, number, recorded, hand_id = row
    seated, dealt = _seated(_loads(sessions) or [])
    by_session: dict[int, list[SeatAway]] = {}
    for data in _loads(aways) or []:
        away = _instance(SeatAway, data)
        by_session.setdefault(away.seat_session_id, []).append(away)
    return TableState(
        table=table,
        open_hand=tuple(_loads(open_hand)) if open_hand else None,
        seated=seated,
        aways=by_session,
        dealt=dealt,
        fee_policy=_instance(FeePolicyVersion, _loads(policy)) if policy else None,
        smallest_chip=smallest,
        last_hand=LastHand(*_loads(last)) if last else None,
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
        session = _instance(SeatSession, data)
        session.player = Player.from_db(
            connection.alias,
            ["id", "first_name", "last_name"],
            [data["player_id"], data["player_first_name"], data["player_last_name"]],
        )
        seated.append(Seated(session, data["latest_stack"]))
        if data["dealt"]:
            dealt.add(session.pk)
    return seated, frozenset(dealt)


def _loads(text: str | None) -> Any:
    # Exact money: a numeric column (a fee rate) becomes a Decimal, never a float.
    return None if text is None else json.loads(text, parse_float=Decimal)


def _instance[M: Model](model: type[M], data: dict[str, Any]) -> M:
    """A model instance from ``row_to_json`` of its table's row, as if the ORM had loaded it."""
    fields = model._meta.concrete_fields
    values = [f.to_python(data[str(f.column)]) for f in fields]
    return model.from_db(connection.alias, [f.attname for f in fields], values)
