"""Demo hands for ``seed_demo``: a few completed hands at each open demo table of each room, when the tables
exist.

Idempotent: a table that already has hands gets none. Seated players without
chips recorded get the game's minimum buy-in first.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from games.engine.autoplay import AutoPlayer
from games.models import Hand
from games.services import seat_stack_add
from games.services.scenarios import play_hand
from games.services.stacks import seated_with_stacks
from rooms.demo import home_room, second_room
from rooms.models import Room
from tables.models import Table, TableStatus

DEMO_TABLES = (1, 2, 3)
SECOND_ROOM_TABLES = (1, 2)
HANDS_PER_TABLE = 3


def _buy_in(actor: User, table: Table) -> int:
    assert table.game is not None
    seated = seated_with_stacks(table.pk)
    for s in seated:
        if s.stack is None:
            seat_stack_add(
                actor=actor, table_id=table.pk, seat_number=s.session.seat_number, amount=table.game.min_buy_in
            )
    return len(seated)


def _play(actor: User, room: Room, numbers: tuple[int, ...]) -> list[str]:
    done: list[str] = []
    tables = Table.objects.filter(room=room, number__in=numbers, status=TableStatus.OPEN).select_related("game")
    for table in tables:
        if table.game is None or Hand.objects.filter(table=table).exists() or _buy_in(actor, table) < 2:
            continue
        player = AutoPlayer(seed=table.number)
        for _ in range(HANDS_PER_TABLE):
            with transaction.atomic():
                hand = play_hand(actor=actor, table_id=table.pk, player=player, event_prefix=f"demo-{room.code}")
            done.append(f"demo hand #{hand.number} at {room.code} table {table.number}")
    return done


def seed(*, actor: User) -> list[str]:
    return _play(actor, home_room(), DEMO_TABLES)


def seed_second_room(*, actor: User) -> list[str]:
    return _play(actor, second_room(), SECOND_ROOM_TABLES)
