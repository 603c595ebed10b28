"""Tables and their lifecycle: closed → open ⇄ paused → closed."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import Conflict, DomainError
from rooms.models import Room
from tables.models import DealerAssignment, Game, SeatSession, SignVersion, Table, TableEvent, TableStatus
from tables.selectors.tables import game_of_room
from tables.services.catalogue import check_seat_limit
from tables.services.common import conflict_on_integrity, lock_table
from tables.services.signs import SignFeeWords, sign_refresh, sign_take_down


def _record(*, actor: User, table: Table, action: str, from_status: str, note: str = "") -> TableEvent:
    return TableEvent.objects.create(
        table=table,
        action=action,
        from_status=from_status,
        to_status=table.status,
        game=table.game,
        seats=table.seats,
        note=note,
        created_at=timezone.now(),
        created_by=actor,
    )


def _game(game_id: int | None, *, room_id: int) -> Game | None:
    if game_id is None:
        return None
    return game_of_room(game_id, room_id=room_id)


def _check_seats(game: Game | None, seats: int) -> None:
    if game is not None:
        check_seat_limit(kind=game.kind, ring=game.ring, seats=seats)
        if seats > game.seat_limit:
            raise DomainError(
                _("%(name)s is played with at most %(seat_limit)s players; %(seats)s seats refused.")
                % {"name": game.name, "seat_limit": game.seat_limit, "seats": seats},
                code="seat_limit_exceeded",
                limit=game.seat_limit,
                seats=seats,
            )
    else:
        check_seat_limit(kind="texas_holdem", ring="full_ring", seats=seats)


@transaction.atomic
def table_create(
    *, actor: User, room: Room, number: int, seats: int, name: str = "", game_id: int | None = None
) -> Table:
    game = _game(game_id, room_id=room.pk)
    _check_seats(game, seats)
    now = timezone.now()
    with conflict_on_integrity(
        _("Table number %(number)s exists already.") % {"number": number}, code="duplicate_table"
    ):
        table = Table.objects.create(
            room=room,
            number=number,
            name=name,
            game=game,
            seats=seats,
            status=TableStatus.CLOSED,
            status_changed_at=now,
            created_at=now,
            created_by=actor,
        )
    _record(actor=actor, table=table, action=TableEvent.Action.CREATE, from_status=TableStatus.CLOSED)
    return table


@transaction.atomic
def table_configure(*, actor: User, table_id: int, game_id: int | None, seats: int, name: str | None = None) -> Table:
    """Set a table's game and seats; only while closed (the sign may not change under players)."""
    table = lock_table(table_id)
    if table.status != TableStatus.CLOSED:
        raise Conflict(
            _("Table %(number)s is %(status)s: its game and seats change only while it is closed.")
            % {"number": table.number, "status": table.get_status_display()},
            code="table_not_closed",
        )
    game = _game(game_id, room_id=table.room_id)
    _check_seats(game, seats)
    table.game, table.seats = game, seats
    fields = ["game", "seats"]
    if name is not None:
        table.name = name
        fields.append("name")
    table.save(update_fields=fields)
    _record(actor=actor, table=table, action=TableEvent.Action.CONFIGURE, from_status=table.status)
    return table


def _transition(table: Table, to: str) -> str:
    before = table.status
    table.status = to
    table.status_changed_at = timezone.now()
    table.save(update_fields=["status", "status_changed_at"])
    return before


@transaction.atomic
def table_open(*, actor: User, table_id: int, fee_words: SignFeeWords) -> Table:
    """Open a closed table with a game and a dealer; its sign, naming the fee in ``fee_words``, goes up."""
    table = lock_table(table_id)
    if table.status != TableStatus.CLOSED:
        raise Conflict(
            _("Table %(number)s is already %(status)s.")
            % {"number": table.number, "status": table.get_status_display()},
            code="table_not_closed",
        )
    if table.game is None:
        raise DomainError(
            _("Table %(number)s has no game: choose one before opening.") % {"number": table.number},
            code="table_needs_game",
        )
    _check_seats(table.game, table.seats)
    if not DealerAssignment.objects.filter(table=table, ended_at__isnull=True).exists():
        raise DomainError(
            _(
                "Table %(number)s has no dealer: assign one before opening (rules: the organizer "
                "puts a dealer on every table)."
            )
            % {"number": table.number},
            code="table_needs_dealer",
        )
    before = _transition(table, TableStatus.OPEN)
    sign_refresh(actor=actor, table=table, at=table.status_changed_at, fee_words=fee_words)
    _record(actor=actor, table=table, action=TableEvent.Action.OPEN, from_status=before)
    return table


@transaction.atomic
def table_pause(*, actor: User, table_id: int, note: str = "") -> Table:
    table = lock_table(table_id)
    if table.status != TableStatus.OPEN:
        raise Conflict(
            _("Table %(number)s is %(status)s: only an open table pauses.")
            % {"number": table.number, "status": table.get_status_display()},
            code="table_not_open",
        )
    before = _transition(table, TableStatus.PAUSED)
    _record(actor=actor, table=table, action=TableEvent.Action.PAUSE, from_status=before, note=note)
    return table


@transaction.atomic
def table_resume(*, actor: User, table_id: int) -> Table:
    table = lock_table(table_id)
    if table.status != TableStatus.PAUSED:
        raise Conflict(
            _("Table %(number)s is %(status)s: only a paused table resumes.")
            % {"number": table.number, "status": table.get_status_display()},
            code="table_not_paused",
        )
    if not DealerAssignment.objects.filter(table=table, ended_at__isnull=True).exists():
        raise DomainError(
            _("Table %(number)s has no dealer: assign one first.") % {"number": table.number}, code="table_needs_dealer"
        )
    before = _transition(table, TableStatus.OPEN)
    _record(actor=actor, table=table, action=TableEvent.Action.RESUME, from_status=before)
    return table


@transaction.atomic
def table_close(*, actor: User, table_id: int) -> Table:
    table = lock_table(table_id)
    if table.status == TableStatus.CLOSED:
        raise Conflict(_("Table %(number)s is already closed.") % {"number": table.number}, code="table_closed")
    taken = SeatSession.objects.filter(table=table, ended_at__isnull=True).count()
    if taken:
        raise DomainError(
            ngettext(
                "Table %(number)s still has %(taken)s seated player: stand them up first.",
                "Table %(number)s still has %(taken)s seated players: stand them up first.",
                taken,
            )
            % {"number": table.number, "taken": taken},
            code="table_has_players",
            seated=taken,
        )
    if DealerAssignment.objects.filter(table=table, ended_at__isnull=True).exists():
        raise DomainError(
            _("Table %(number)s still has a dealer: release the dealer first.") % {"number": table.number},
            code="table_has_dealer",
        )
    before = _transition(table, TableStatus.CLOSED)
    sign_take_down(table=table, at=table.status_changed_at)
    _record(actor=actor, table=table, action=TableEvent.Action.CLOSE, from_status=before)
    return table


@transaction.atomic
def table_sign_refresh(*, actor: User, table_id: int, fee_words: SignFeeWords) -> SignVersion | None:
    """Re-derive a table's sign, e.g. after its fee policy changed (called by the rake app)."""
    table = lock_table(table_id)
    return sign_refresh(actor=actor, table=table, at=timezone.now(), fee_words=fee_words)
