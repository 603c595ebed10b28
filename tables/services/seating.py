"""Seat sessions: sit down, move, stand up.

A seat holds one player and a player one seat in the room: the services lock
the table rows (pk order) and the player row before checking, and the partial
unique constraints on SeatSession refuse whatever slips past.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotFound
from tables.models import Player, SeatEndReason, SeatEntry, SeatSession, Table, TableStatus
from tables.selectors.players import check_player_in_register
from tables.services.common import conflict_on_integrity, end_session, lock_player, lock_tables
from tables.services.players import check_player_not_expelled


def _free_seat(table: Table, taken: dict[int, SeatSession]) -> int:
    for number in range(1, table.seats + 1):
        if number not in taken:
            return number
    game = table.game.name if table.game else ""
    raise Conflict(
        _("Table %(number)s is full (%(seats)s of %(seats)s seats; %(game)s seats at most %(limit)s players).")
        % {
            "number": table.number,
            "seats": table.seats,
            "game": game,
            "limit": table.game.seat_limit if table.game else table.seats,
        },
        code="table_full",
        table=table.number,
    )


def seat_in(
    *, actor: User, table: Table, player: Player, seat_number: int | None, at: datetime, entry: str = ""
) -> SeatSession:
    """Seat ``player`` at ``table``; the caller holds the locks on both rows.

    ``entry``: at Hold'em, whether a player sitting down while hands are being
    dealt posts to be dealt in at once or waits for the big blind (R12, case 7;
    ``games.services.sitting_out``); blank waits.
    """
    if entry not in ("", *SeatEntry.values):
        raise DomainError(
            _("entry: %(entry)r is not one of %(choices)s.") % {"entry": entry, "choices": ", ".join(SeatEntry.values)},
            code="bad_entry",
        )
    check_player_in_register(player, room_id=table.room_id)
    check_player_not_expelled(player_id=player.pk, room_id=table.room_id)
    if table.status != TableStatus.OPEN:
        raise DomainError(
            _("Table %(number)s is %(status)s: players sit only at an open table.")
            % {"number": table.number, "status": table.get_status_display()},
            code="table_not_open",
        )
    taken = {
        s.seat_number: s
        for s in SeatSession.objects.filter(table=table, ended_at__isnull=True).select_related("player")
    }
    if seat_number is None:
        seat_number = _free_seat(table, taken)
    elif not 1 <= seat_number <= table.seats:
        if len(taken) >= table.seats:
            _free_seat(table, taken)
        raise DomainError(
            _("Table %(number)s has seats 1 to %(seats)s; seat %(seat_number)s refused.")
            % {"number": table.number, "seats": table.seats, "seat_number": seat_number},
            code="no_such_seat",
            seats=table.seats,
        )
    if seat_number in taken:
        raise Conflict(
            _("Seat %(seat_number)s at table %(number)s is taken by %(masked_name)s.")
            % {
                "seat_number": seat_number,
                "number": table.number,
                "masked_name": taken[seat_number].player.masked_name,
            },
            code="seat_taken",
        )
    elsewhere = SeatSession.objects.filter(player=player, ended_at__isnull=True).select_related("table").first()
    if elsewhere is not None:
        raise Conflict(
            _("%(full_name)s is already seated at table %(number)s, seat %(seat_number)s: move them instead.")
            % {"full_name": player.full_name, "number": elsewhere.table.number, "seat_number": elsewhere.seat_number},
            code="player_seated",
        )
    with conflict_on_integrity(
        _("Seat %(seat_number)s at table %(number)s was just taken, or %(full_name)s was just seated.")
        % {"seat_number": seat_number, "number": table.number, "full_name": player.full_name},
        code="seat_taken",
    ):
        return SeatSession.objects.create(
            table=table,
            seat_number=seat_number,
            player=player,
            started_at=at,
            entry=entry,
            created_at=at,
            created_by=actor,
        )


@transaction.atomic
def seat_player(
    *, actor: User, table_id: int, player_id: int, seat_number: int | None = None, entry: str = ""
) -> SeatSession:
    table = lock_tables(table_id)[table_id]
    player = lock_player(player_id)
    return seat_in(actor=actor, table=table, player=player, seat_number=seat_number, at=timezone.now(), entry=entry)


def _open_session(session_id: int) -> SeatSession:
    session = SeatSession.objects.filter(pk=session_id).first()
    if session is None:
        raise NotFound(_("Seat session %(session_id)s does not exist.") % {"session_id": session_id})
    return session


def _relock(session_id: int) -> SeatSession:
    session = SeatSession.objects.select_for_update(of=("self",)).select_related("player", "table").get(pk=session_id)
    if session.ended_at is not None:
        raise Conflict(
            _("%(full_name)s already left that seat.") % {"full_name": session.player.full_name}, code="session_ended"
        )
    return session


@transaction.atomic
def seat_move(*, actor: User, session_id: int, table_id: int, seat_number: int | None = None) -> SeatSession:
    """Move a seated player to another seat or table: the old session ends, a new one points back at it."""
    old = _open_session(session_id)
    tables = lock_tables(old.table_id, table_id)
    player = lock_player(old.player_id)
    old = _relock(session_id)
    target = tables[table_id]
    if target.room_id != tables[old.table_id].room_id:
        raise DomainError(
            _("Table %(number)s is another room's: a player moves between tables of one room.")
            % {"number": target.number},
            code="other_room",
        )
    if target.pk == old.table_id and seat_number == old.seat_number:
        raise DomainError(_("That is the seat the player is in already."), code="same_seat")
    now = timezone.now()
    end_session(actor=actor, session=old, reason=SeatEndReason.MOVED, at=now)
    new = seat_in(actor=actor, table=target, player=player, seat_number=seat_number, at=now)
    new.moved_from = old
    new.save(update_fields=["moved_from"])
    return new


@transaction.atomic
def seat_stand_up(*, actor: User, session_id: int) -> SeatSession:
    session = _open_session(session_id)
    lock_tables(session.table_id)
    lock_player(session.player_id)
    session = _relock(session_id)
    return end_session(actor=actor, session=session, reason=SeatEndReason.STOOD_UP, at=timezone.now())
