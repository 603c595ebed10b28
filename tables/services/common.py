"""Helpers every floor service shares: locking in a fixed order, refusals, the system actor."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Final

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _

from config.errors import Conflict, NotFound
from config.numbers import MAX_ID
from tables.models import DealerAssignment, Player, SeatAway, SeatSession, Table

# Beat tasks act as this inactive user, so every row still says who wrote it.
SYSTEM_USERNAME: Final = "system"


def system_actor() -> User:
    user, created = User.objects.get_or_create(
        username=SYSTEM_USERNAME, defaults={"is_active": False, "first_name": "System"}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def lock_tables(*table_ids: int) -> dict[int, Table]:
    """Lock tables in primary-key order (the first lock every seating service takes): the one way to lock a
    table, for the floor, the hand recorder and the fee policies alike.

    Lock order across the floor: tables, then players, then waitlist entries,
    then dealer assignments; each kind by primary key. Each table comes with its
    game and the dealer assigned to it at this moment, read in the same query as
    the lock (``dealer_now``).
    """
    ids = sorted(set(table_ids))
    assigned = DealerAssignment.objects.filter(table_id=OuterRef("pk"), ended_at__isnull=True).values("dealer_id")
    rows: dict[int, Table] = {
        t.pk: t
        for t in Table.objects.select_for_update(of=("self",))
        # An id past bigint names no table; left in ``IN (...)`` it would fail the query (SQLite, psycopg).
        .filter(pk__in=[i for i in ids if i <= MAX_ID])
        .select_related("game", "room")
        .annotate(dealer_now=Subquery(assigned[:1]))
        .order_by("pk")
    }
    for table_id in ids:
        if table_id not in rows:
            raise NotFound(
                _("Table %(table_id)s does not exist.") % {"table_id": table_id},
                code="unknown_table",
                table_id=table_id,
            )
    return rows


def lock_table(table_id: int) -> Table:
    return lock_tables(table_id)[table_id]


def dealer_now(table: Table) -> int | None:
    """The dealer assigned to a table that ``lock_table`` returned, read with its lock (one open assignment per
    table; KeyError for a table not read with its lock)."""
    value: int | None = table.__dict__["dealer_now"]
    return value


def lock_player(player_id: int) -> Player:
    player = Player.objects.select_for_update().filter(pk=player_id).first()
    if player is None:
        raise NotFound(_("Player %(player_id)s does not exist.") % {"player_id": player_id}, player_id=player_id)
    return player


@contextmanager
def conflict_on_integrity(message: str, *, code: str) -> Iterator[None]:
    """Turn a unique-constraint refusal (a lost race) into a clear Conflict."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError as exc:
        raise Conflict(message, code=code) from exc


def end_session(*, actor: User, session: SeatSession, reason: str, at: datetime) -> SeatSession:
    """End a seat session, and its open away at the same moment; the caller holds the locks on its table,
    its player and the session (``seat_away_start`` locks the session, so no away opens after this)."""
    session.ended_at, session.ended_by, session.end_reason = at, actor, reason
    session.save(update_fields=["ended_at", "ended_by", "end_reason"])
    SeatAway.objects.filter(seat_session=session, ended_at__isnull=True).update(ended_at=at, ended_by=actor)
    return session
