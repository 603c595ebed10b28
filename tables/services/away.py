"""Time away from the table: a seated player keeps the seat but is not dealt in ("sitting out").

Marked by a floor manager or by the dealer assigned to the table at that
moment. Each service locks only the seat session row (``select_for_update``):
the seating services end a session while holding its table, player and
session locks (``end_session`` closes an open away then), so an away never
opens on a session that has just ended.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, Forbidden, NotFound
from config.roles import Role, has_any_role
from tables.models import AwayReturn, SeatAway, SeatSession, Table, TableStatus
from tables.selectors.dealers import dealer_is_assigned
from tables.services.common import conflict_on_integrity


def check_may_mark_away(actor: User, *, table: Table) -> None:
    """Floor managers everywhere; a dealer only at the table they are assigned to now."""
    if has_any_role(actor, (Role.FLOOR_MANAGER,)):
        return
    if has_any_role(actor, (Role.DEALER,)) and dealer_is_assigned(user_id=actor.pk, table_id=table.pk):
        return
    raise Forbidden(
        _(
            "A player is marked away or back by a floor manager or by the dealer assigned to table "
            "%(number)s now; you are not."
        )
        % {"number": table.number},
        code="not_your_table",
        table_id=table.pk,
    )


def _lock_session(actor: User, session_id: int) -> SeatSession:
    """The open seat session, locked; refused when it ended or the actor may not mark it."""
    session = (
        SeatSession.objects.select_for_update(of=("self",))
        .select_related("player", "table")
        .filter(pk=session_id)
        .first()
    )
    if session is None:
        raise NotFound(_("Seat session %(session_id)s does not exist.") % {"session_id": session_id})
    check_may_mark_away(actor, table=session.table)
    if session.ended_at is not None:
        raise Conflict(
            _("%(full_name)s already left seat %(seat)s at table %(number)s.")
            % {"full_name": session.player.full_name, "seat": session.seat_number, "number": session.table.number},
            code="session_ended",
        )
    return session


def _open_away(session: SeatSession) -> SeatAway | None:
    return SeatAway.objects.filter(seat_session=session, ended_at__isnull=True).first()


@transaction.atomic
def seat_away_start(*, actor: User, session_id: int) -> SeatAway:
    """The player steps away from an open table and keeps the seat."""
    session = _lock_session(actor, session_id)
    table = session.table
    if table.status != TableStatus.OPEN:
        raise DomainError(
            _("Table %(number)s is %(status)s: a player is marked away only at an open table.")
            % {"number": table.number, "status": table.get_status_display()},
            code="table_not_open",
        )
    away = _open_away(session)
    if away is not None:
        raise Conflict(
            _("%(full_name)s is already away from seat %(seat)s since %(since)s.")
            % {
                "full_name": session.player.full_name,
                "seat": session.seat_number,
                "since": time_format(timezone.localtime(away.started_at), "H:i"),
            },
            code="already_away",
            away_id=away.pk,
        )
    now = timezone.now()
    with conflict_on_integrity(
        _("%(full_name)s was just marked away.") % {"full_name": session.player.full_name}, code="already_away"
    ):
        return SeatAway.objects.create(
            seat_session=session,
            table=table,
            started_at=now,
            started_by=actor,
            created_at=now,
            created_by=actor,
        )


@transaction.atomic
def seat_away_end(*, actor: User, session_id: int, choice: str = AwayReturn.POST) -> SeatAway:
    """The player is back in the seat.

    ``choice``: at Hold'em, what the player does about the blinds that passed
    while away (R12): post them now (the big blind live, the small blind dead)
    or wait for the big blind. ``games.services.starting`` reads it at the
    next hand; Club Poker has no blinds and ignores it.

    A paused table accepts a return (the pause is not charged either way);
    only an away start needs the table open.
    """
    if choice not in AwayReturn.values:
        raise DomainError(
            _("%(choice)r is not a return choice: post or wait.") % {"choice": choice}, code="bad_return_choice"
        )
    session = _lock_session(actor, session_id)
    away = _open_away(session)
    if away is None:
        raise Conflict(
            _("%(full_name)s is not away from seat %(seat)s at table %(number)s.")
            % {"full_name": session.player.full_name, "seat": session.seat_number, "number": session.table.number},
            code="not_away",
        )
    away.ended_at, away.ended_by, away.return_choice = max(timezone.now(), away.started_at), actor, choice
    away.save(update_fields=["ended_at", "ended_by", "return_choice"])
    return away
