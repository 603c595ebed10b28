"""Reads of games, tables and their signs."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import OuterRef, Prefetch, Q, QuerySet, Subquery
from django.utils.translation import gettext as _

from config.errors import DomainError, Forbidden, NotFound
from config.roles import Role, has_any_role
from rooms.models import Room
from rooms.selectors import room_ids_of
from tables.models import DealerAssignment, Game, SeatAway, SeatSession, SignVersion, Table, TableEvent


def games_list(*, room_ids: Collection[int], active: bool | None = None) -> QuerySet[Game]:
    """The games of the rooms ``room_ids``."""
    games = Game.objects.filter(room_id__in=room_ids)
    if active is not None:
        games = games.filter(is_active=active)
    return games.order_by("kind", "big_blind", "ante", "pk")


def game_get(*, game_id: int) -> Game:
    game = Game.objects.select_related("room").filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("Game %(game_id)s does not exist.") % {"game_id": game_id}, game_id=game_id)
    return game


def game_of_room(game_id: int, *, room_id: int) -> Game:
    """A game in the catalogue of ``room_id`` and not retired: what its tables deal and its lists wait for
    (another room's game is in another room's money)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("Game %(game_id)s does not exist.") % {"game_id": game_id}, game_id=game_id)
    if game.room_id != room_id:
        raise DomainError(
            _("%(name)s is another room's game: choose one of this room's.") % {"name": game.name},
            code="game_of_another_room",
        )
    if not game.is_active:
        raise DomainError(_("%(name)s is retired from the catalogue.") % {"name": game.name}, code="game_inactive")
    return game


def tables_with_state() -> QuerySet[Table]:
    """Tables with game, open seat sessions (``open_sessions``, each with ``away_since``: None unless the
    player is away now) and current dealer (``current_assignments``)."""
    away_now = SeatAway.objects.filter(seat_session=OuterRef("pk"), ended_at__isnull=True).values("started_at")[:1]
    sessions = (
        SeatSession.objects.filter(ended_at__isnull=True)
        .select_related("player")
        .annotate(away_since=Subquery(away_now))
        .order_by("seat_number")
    )
    return Table.objects.select_related("game", "room").prefetch_related(
        Prefetch("seat_sessions", queryset=sessions, to_attr="open_sessions"),
        Prefetch(
            "dealer_assignments",
            queryset=DealerAssignment.objects.filter(ended_at__isnull=True).select_related("dealer"),
            to_attr="current_assignments",
        ),
    )


def tables_list(*, table_ids: list[int] | None = None, status: str | None = None) -> QuerySet[Table]:
    tables = tables_with_state()
    if table_ids is not None:
        tables = tables.filter(pk__in=table_ids)
    if status:
        tables = tables.filter(status=status)
    return tables.order_by("room_id", "number")


def table_room(*, table_id: int) -> Room | None:
    """The room of table ``table_id``, in one query; None for no such table (the operation refuses it)."""
    return Room.objects.filter(tables__pk=table_id).first()


def table_get(*, table_id: int) -> Table:
    table = tables_with_state().filter(pk=table_id).first()
    if table is None:
        raise NotFound(_("Table %(table_id)s does not exist.") % {"table_id": table_id})
    return table


def table_events(*, table_id: int) -> QuerySet[TableEvent]:
    return (
        TableEvent.objects.filter(table_id=table_id).select_related("created_by", "game").order_by("created_at", "pk")
    )


def seat_sessions(
    *, table_id: int | None = None, player_id: int | None = None, open_only: bool = False
) -> QuerySet[SeatSession]:
    rows = SeatSession.objects.select_related("player", "table")
    if table_id is not None:
        rows = rows.filter(table_id=table_id)
    if player_id is not None:
        rows = rows.filter(player_id=player_id)
    if open_only:
        rows = rows.filter(ended_at__isnull=True)
    return rows.order_by("-started_at", "-pk")


def sign_current(*, table_id: int) -> SignVersion | None:
    """The sign the table shows now; None for a closed table."""
    return SignVersion.objects.filter(table_id=table_id, valid_to__isnull=True).select_related("table", "game").first()


def sign_in_force(*, table_id: int, at: datetime) -> SignVersion | None:
    """The sign version the table showed at ``at`` (hands are stamped with it)."""
    return (
        SignVersion.objects.filter(table_id=table_id, valid_from__lte=at)
        .filter(Q(valid_to__isnull=True) | Q(valid_to__gt=at))
        .order_by("-valid_from", "-pk")
        .first()
    )


def sign_history(*, table_id: int) -> QuerySet[SignVersion]:
    return (
        SignVersion.objects.filter(table_id=table_id).select_related("game", "created_by").order_by("valid_from", "pk")
    )


def _sees_every_table(user: AbstractBaseUser | AnonymousUser) -> bool:
    return has_any_role(user, (Role.FLOOR_MANAGER, Role.ACCOUNTANT))


def tables_for_user(
    *, user: AbstractBaseUser | AnonymousUser, status: str | None = None, room: Room | None = None
) -> QuerySet[Table]:
    """The tables of the rooms ``user`` works in (of ``room`` alone when given): every one for the floor
    and accounts; a dealer sees only the table they deal now."""
    if _sees_every_table(user):
        tables = tables_list(status=status)
    else:
        ids = list(
            DealerAssignment.objects.filter(dealer_id=user.pk, ended_at__isnull=True).values_list("table_id", flat=True)
        )
        tables = tables_list(table_ids=ids, status=status)
    tables = tables.filter(room_id__in=room_ids_of(user))
    return tables.filter(room_id=room.pk) if room is not None else tables


def table_opens_for(user: AbstractBaseUser | AnonymousUser, table: Table) -> bool:
    """The table's page opens for ``user``: in a room the user works in, every table for the floor and
    accounts, a dealer's only while they deal it. ``table`` is read with its ``current_assignments``
    (``tables_with_state``)."""
    if table.room_id not in room_ids_of(user):
        return False
    return _sees_every_table(user) or any(
        a.dealer_id == user.pk
        for a in table.current_assignments  # type: ignore[attr-defined]
    )


def check_table_in_users_rooms(user: AbstractBaseUser | AnonymousUser, *, table_id: int) -> Room:
    """Refuse an operation on a table of a room ``user`` does not work in (403 ``not_your_room``), before the
    service that does it runs; what the user's role may do there is the operation's own check. Returns the
    table's room, whose money the operation's amounts are in."""
    table = Table.objects.filter(pk=table_id).select_related("room").only("number", "room").first()
    if table is None:
        raise NotFound(_("Table %(table_id)s does not exist.") % {"table_id": table_id})
    if table.room_id not in room_ids_of(user):
        raise Forbidden(_("Table %(number)s is another room's.") % {"number": table.number}, code="not_your_room")
    return table.room


def check_seat_session_in_users_rooms(user: AbstractBaseUser | AnonymousUser, *, session_id: int) -> None:
    """Refuse an operation on a seat at a table of a room ``user`` does not work in (403 ``not_your_room``)."""
    row = SeatSession.objects.filter(pk=session_id).values_list("table__room_id", "table__number").first()
    if row is None:
        raise NotFound(_("Seat session %(session_id)s does not exist.") % {"session_id": session_id})
    if row[0] not in room_ids_of(user):
        raise Forbidden(_("Table %(number)s is another room's.") % {"number": row[1]}, code="not_your_room")


def table_get_for_user(*, user: AbstractBaseUser | AnonymousUser, table_id: int) -> Table:
    table = table_get(table_id=table_id)
    if table.room_id not in room_ids_of(user):
        raise Forbidden(_("Table %(number)s is another room's.") % {"number": table.number}, code="not_your_room")
    if not table_opens_for(user, table):
        raise Forbidden(_("You do not deal table %(number)s.") % {"number": table.number}, code="not_your_table")
    return table
