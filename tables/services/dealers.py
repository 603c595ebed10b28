"""Dealers: profiles, clock-in/out, assignment to tables and the rotation check."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, Forbidden, NotFound
from config.roles import Role, user_roles
from rooms.models import Room
from rooms.selectors import check_works_in, room_ids_of, rooms_of
from tables.models import AssignmentEndReason, DealerAssignment, DealerProfile, DealerShift, Game, Table, TableStatus
from tables.services.common import conflict_on_integrity, lock_tables


def _dealer_user(user_id: int) -> User:
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        raise NotFound(_("User %(user_id)s does not exist.") % {"user_id": user_id})
    if not user.is_active or Role.DEALER not in user_roles(user):
        raise DomainError(
            _("%(username)s does not hold the dealer role.") % {"username": user.get_username()}, code="not_a_dealer"
        )
    return user


@transaction.atomic
def dealer_profile_set(*, actor: User, user_id: int, game_ids: list[int], is_active: bool = True) -> DealerProfile:
    """Create or update the profile of a dealer who works in a room of the actor's: the games they may deal,
    each of a room the actor works in."""
    user = _dealer_user(user_id)
    if not room_ids_of(user) & room_ids_of(actor) and not actor.is_superuser:
        raise Forbidden(
            _("%(name)s deals in no room you work in.") % {"name": user.get_username()}, code="not_your_room"
        )
    games = list(Game.objects.filter(pk__in=game_ids))
    missing = set(game_ids) - {g.pk for g in games}
    if missing:
        raise NotFound(_("Unknown game(s): %(items)s.") % {"items": ", ".join(map(str, sorted(missing)))})
    for room_id in sorted({g.room_id for g in games}):
        check_works_in(actor, room_id=room_id)
    profile = DealerProfile.objects.select_for_update().filter(user=user).first()
    if profile is None:
        profile = DealerProfile.objects.create(
            user=user, is_active=is_active, created_at=timezone.now(), created_by=actor
        )
    elif profile.is_active != is_active:
        profile.is_active = is_active
        profile.save(update_fields=["is_active"])
    profile.games.set(games)
    return profile


def _profile(user: User) -> DealerProfile:
    profile = DealerProfile.objects.filter(user=user).prefetch_related("games").first()
    if profile is None or not profile.is_active:
        raise DomainError(
            _("%(username)s has no active dealer profile.") % {"username": user.get_username()},
            code="no_dealer_profile",
        )
    return profile


@transaction.atomic
def dealer_clock_in(*, actor: User, room: Room, dealer_id: int) -> DealerShift:
    """Start the dealer's shift in ``room``, one they work in (their staff place); one open shift per dealer,
    so a dealer is in one room at a time. The caller has checked that ``actor`` works in ``room``."""
    user = _dealer_user(dealer_id)
    _profile(user)
    if not rooms_of(user).filter(pk=room.pk).exists():
        # Another room's dealer: refused as another room's record is (403).
        raise Forbidden(
            _("%(username)s does not work in %(room)s.") % {"username": user.get_username(), "room": room.name},
            code="dealer_not_in_room",
        )
    now = timezone.now()
    with conflict_on_integrity(
        _("%(username)s is already clocked in.") % {"username": user.get_username()}, code="already_clocked_in"
    ):
        return DealerShift.objects.create(room=room, dealer=user, clock_in_at=now, created_at=now, created_by=actor)


@transaction.atomic
def dealer_clock_out(*, actor: User, room: Room, dealer_id: int) -> DealerShift:
    """End the dealer's shift in ``room``; a shift in another room is that room's staff's to end."""
    user = _dealer_user(dealer_id)
    shift = (
        DealerShift.objects.select_for_update().filter(dealer=user, clock_out_at__isnull=True).select_related("room")
    ).first()
    if shift is None:
        raise Conflict(_("%(username)s is not clocked in.") % {"username": user.get_username()}, code="not_clocked_in")
    if shift.room_id != room.pk:
        raise Forbidden(
            _("%(username)s is on shift in %(room)s.") % {"username": user.get_username(), "room": shift.room.name},
            code="not_your_room",
        )
    current = DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True).select_related("table").first()
    if current is not None:
        raise Conflict(
            _("%(username)s is dealing table %(number)s: push or release them first.")
            % {"username": user.get_username(), "number": current.table.number},
            code="dealer_at_table",
        )
    shift.clock_out_at, shift.clocked_out_by = timezone.now(), actor
    shift.save(update_fields=["clock_out_at", "clocked_out_by"])
    return shift


def _end(assignment: DealerAssignment, *, actor: User, reason: str, at: datetime) -> None:
    assignment.ended_at, assignment.ended_by, assignment.end_reason = at, actor, reason
    assignment.save(update_fields=["ended_at", "ended_by", "end_reason"])


@dataclass(frozen=True)
class DealerPush:
    """What a push changed: the new assignment, the dealer it sent off this table, and the table the
    arriving dealer left (None when they came from a break). ``swapped``: the dealer sent off went to deal
    that table in their place, so no table lost its dealer; otherwise it has none until one is assigned."""

    assignment: DealerAssignment
    pushed_off: User | None
    moved_from: Table | None
    swapped: bool = False


def dealer_assign(*, actor: User, table_id: int, dealer_id: int) -> DealerAssignment:
    """Put a dealer on a table (a push); see ``dealer_push``, which also says what the push changed."""
    return dealer_push(actor=actor, table_id=table_id, dealer_id=dealer_id).assignment


@transaction.atomic
def dealer_push(*, actor: User, table_id: int, dealer_id: int) -> DealerPush:
    """Put a dealer on a table: the table's dealer goes off; a dealer moved from another table leaves it.

    The table left behind is named in the result (``moved_from``) so that the page warns the floor
    manager that its players wait for a dealer; the pages name it before the push as well.
    """
    user = _dealer_user(dealer_id)
    profile = _profile(user)
    elsewhere = DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True).values_list("table_id", flat=True)
    tables = lock_tables(table_id, *elsewhere)
    table = tables[table_id]
    if table.game is not None and table.game not in profile.games.all():
        raise DomainError(
            _("%(username)s may not deal %(name)s (see the dealer's profile).")
            % {"username": user.get_username(), "name": table.game.name},
            code="dealer_game",
        )
    shift = DealerShift.objects.filter(dealer=user, clock_out_at__isnull=True).select_related("room").first()
    if shift is None:
        raise DomainError(
            _("%(username)s is not clocked in.") % {"username": user.get_username()}, code="not_clocked_in"
        )
    if shift.room_id != table.room_id:
        raise DomainError(
            _("%(username)s is on shift in %(room)s, not in the room of table %(number)s.")
            % {"username": user.get_username(), "room": shift.room.name, "number": table.number},
            code="dealer_other_room",
        )
    now = timezone.now()
    current = list(
        DealerAssignment.objects.select_for_update()
        .filter(ended_at__isnull=True, table_id__in=list(tables))
        .select_related("dealer")
        .order_by("pk")
    )
    for assignment in current:
        if assignment.dealer_id == user.pk and assignment.table_id == table_id:
            raise Conflict(
                _("%(username)s is already dealing table %(number)s.")
                % {"username": user.get_username(), "number": table.number},
                code="already_assigned",
            )
    pushed_off: User | None = None
    moved_from: Table | None = None
    for assignment in current:
        if assignment.table_id == table_id:
            _end(assignment, actor=actor, reason=AssignmentEndReason.PUSHED, at=now)
            pushed_off = assignment.dealer
        elif assignment.dealer_id == user.pk:
            _end(assignment, actor=actor, reason=AssignmentEndReason.MOVED, at=now)
            moved_from = tables[assignment.table_id]
    with conflict_on_integrity(
        _("Table %(number)s was just given a dealer.") % {"number": table.number}, code="assignment_race"
    ):
        assignment = DealerAssignment.objects.create(
            table=table, dealer=user, started_at=now, created_at=now, created_by=actor
        )
    swapped = _swap_in(actor, pushed_off, moved_from, at=now)
    return DealerPush(assignment, pushed_off, moved_from, swapped)


def _swap_in(actor: User, dealer: User | None, table: Table | None, *, at: datetime) -> bool:
    """A push between two running tables is a swap: the dealer sent off takes the table the arriving dealer
    left, when they may deal its game, so its players are never left without a dealer. Expects the caller
    to hold both tables' locks."""
    if dealer is None or table is None or table.status == TableStatus.CLOSED:
        return False
    if table.game is not None and not _profile(dealer).games.filter(pk=table.game.pk).exists():
        return False
    DealerAssignment.objects.create(table=table, dealer=dealer, started_at=at, created_at=at, created_by=actor)
    return True


@transaction.atomic
def dealer_release(*, actor: User, table_id: int) -> DealerAssignment:
    """Take the dealer off a table (break, or before closing it)."""
    table = lock_tables(table_id)[table_id]
    current = DealerAssignment.objects.select_for_update().filter(table=table, ended_at__isnull=True).first()
    if current is None:
        raise Conflict(_("Table %(number)s has no dealer.") % {"number": table.number}, code="no_dealer")
    _end(current, actor=actor, reason=AssignmentEndReason.RELEASED, at=timezone.now())
    return current


def dealer_rotation_check(*, now: datetime | None = None) -> dict[str, int]:
    """Flag assignments past their push time and dealers past the room's maximum at one table.

    Idempotent: a flag is stamped once; the board computes the same from the clock.
    """
    moment = now or timezone.now()
    push = timedelta(minutes=settings.CARDROOM_DEALER_PUSH_MINUTES)
    longest = timedelta(minutes=settings.CARDROOM_DEALER_MAX_MINUTES)
    running = DealerAssignment.objects.filter(ended_at__isnull=True)
    overdue = running.filter(started_at__lte=moment - push, overdue_flagged_at__isnull=True).update(
        overdue_flagged_at=moment
    )
    over_max = running.filter(started_at__lte=moment - longest, over_max_flagged_at__isnull=True).update(
        over_max_flagged_at=moment
    )
    return {"overdue": overdue, "over_max": over_max}
