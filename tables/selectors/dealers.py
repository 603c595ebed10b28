"""Reads of dealers: who deals where now, at a moment, and the rotation board."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from types import EllipsisType

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import Max, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Forbidden
from config.roles import Role, has_any_role
from rooms.models import Room, StaffPlace
from rooms.selectors import check_works_in, room_ids_of
from tables.models import DealerAssignment, DealerProfile, DealerShift, Table, TableStatus

# Who does a table's dealer work at any table: hands, fills and credits, tray counts.
ANYWHERE_ROLES = (Role.FLOOR_MANAGER,)


def _at(table_id: int, at: datetime) -> QuerySet[DealerAssignment]:
    return DealerAssignment.objects.filter(table_id=table_id, started_at__lte=at).filter(
        Q(ended_at__isnull=True) | Q(ended_at__gt=at)
    )


def dealer_assigned_now(*, table_id: int) -> User | None:
    assignment = (
        DealerAssignment.objects.filter(table_id=table_id, ended_at__isnull=True).select_related("dealer").first()
    )
    return assignment.dealer if assignment else None


def dealer_assigned_at(*, table_id: int, at: datetime) -> User | None:
    """The dealer at a table at a moment (the hand record stamps hands with it)."""
    assignment = _at(table_id, at).select_related("dealer").order_by("-started_at").first()
    return assignment.dealer if assignment else None


def dealer_is_assigned(*, user_id: int, table_id: int, at: datetime | None = None) -> bool:
    """True when the user deals that table now (or at ``at``)."""
    if at is None:
        return DealerAssignment.objects.filter(table_id=table_id, dealer_id=user_id, ended_at__isnull=True).exists()
    return _at(table_id, at).filter(dealer_id=user_id).exists()


def dealer_table_ids(*, user_id: int) -> list[int]:
    return list(
        DealerAssignment.objects.filter(dealer_id=user_id, ended_at__isnull=True).values_list("table_id", flat=True)
    )


def check_deals_table(
    user: AbstractBaseUser | AnonymousUser,
    *,
    rule: str,
    table_id: int,
    table_number: int | None = None,
    dealer_now: int | EllipsisType | None = ...,
) -> None:
    """A floor manager works at any table of their rooms; a dealer only at the table they are assigned to at
    this moment.

    The one check behind recording hands (``games.selectors.access``) and signing fills, credits
    and tray counts (``cashier.services``), read from the database on every call so that a dealer
    moved to another table is refused on the very next request. ``dealer_now``: the dealer assigned
    to the table when the caller read it under the table's lock; else it is read here. A refusal
    says ``rule`` and what the user deals now ("you deal table 3, not table 1").
    """
    if has_any_role(user, ANYWHERE_ROLES):
        # Any table of the rooms the floor manager works in: another room's table is that room's floor's.
        room_id = Table.objects.filter(pk=table_id).values_list("room_id", flat=True).first()
        if room_id is not None:
            check_works_in(user, room_id=room_id)
        return
    user_id: int = user.pk or 0
    is_dealer = has_any_role(user, (Role.DEALER,))
    if is_dealer:
        if dealer_now is ...:
            if dealer_is_assigned(user_id=user_id, table_id=table_id):
                return
        elif dealer_now is not None and dealer_now == user_id:
            return
    reason = _where_they_deal(user_id, table_id, table_number) if is_dealer else _("you are not a dealer")
    raise Forbidden(
        _("%(rule)s; %(reason)s.") % {"rule": rule, "reason": reason},
        code="not_assigned_dealer",
        table_id=table_id,
    )


def _where_they_deal(user_id: int, table_id: int, table_number: int | None) -> str:
    """A refused dealer's reason: the table they deal now, or none (read only when refusing)."""
    dealing = list(
        DealerAssignment.objects.filter(dealer_id=user_id, ended_at__isnull=True)
        .exclude(table_id=table_id)
        .values_list("table__number", flat=True)
    )
    if not dealing:
        return _("you deal no table now")
    if table_number is None:
        table_number = Table.objects.filter(pk=table_id).values_list("number", flat=True).first()
    return _("you deal table %(now)s, not table %(table)s") % {
        "now": ", ".join(map(str, dealing)),
        "table": table_number if table_number is not None else table_id,
    }


def _works_in(room: Room | None, user_field: str) -> Q:
    """The users (through ``user_field``) with an open place in ``room`` or for the whole group; everyone
    for no room."""
    if room is None:
        return Q()
    places = StaffPlace.objects.filter(Q(room=room) | Q(room__isnull=True), ended_at__isnull=True)
    return Q(**{f"{user_field}__in": places.values("user_id")})


def dealer_profiles(
    *, room: Room | None = None, user: AbstractBaseUser | AnonymousUser | None = None
) -> QuerySet[DealerProfile]:
    """The dealers' profiles (of the dealers who work in ``room`` when given, and in a room ``user`` works in
    when given: another room's dealers are that room's floor's)."""
    rows = DealerProfile.objects.filter(_works_in(room, "user_id"))
    if user is not None:
        places = StaffPlace.objects.filter(
            Q(room_id__in=room_ids_of(user)) | Q(room__isnull=True), ended_at__isnull=True
        )
        rows = rows.filter(user_id__in=places.values("user_id"))
    return rows.select_related("user").prefetch_related("games").order_by("user__username")


def dealers_without_profile(*, room: Room | None = None) -> QuerySet[User]:
    """Active users who hold the dealer role (in ``room`` when given) and may not deal any game yet: the floor
    gives them games."""
    return (
        User.objects.filter(is_active=True, groups__name=Role.DEALER, dealer_profile__isnull=True)
        .filter(_works_in(room, "pk"))
        .distinct()
        .order_by("username")
    )


def dealer_assignments(*, table_id: int | None = None, dealer_id: int | None = None) -> QuerySet[DealerAssignment]:
    rows = DealerAssignment.objects.select_related("table", "dealer")
    if table_id is not None:
        rows = rows.filter(table_id=table_id)
    if dealer_id is not None:
        rows = rows.filter(dealer_id=dealer_id)
    return rows.order_by("-started_at", "-pk")


def dealer_shifts(*, room: Room, open_only: bool = False) -> QuerySet[DealerShift]:
    """The shifts worked in ``room``, newest first."""
    rows = DealerShift.objects.filter(room=room).select_related("dealer")
    if open_only:
        rows = rows.filter(clock_out_at__isnull=True)
    return rows.order_by("-clock_in_at", "-pk")


@dataclass
class DownsRow:
    table: Table
    assignment: DealerAssignment | None
    push_due_at: datetime | None
    overdue: bool
    over_max: bool
    next_dealer: User | None


@dataclass
class ResterRow:
    dealer: User
    resting_since: datetime
    games: list[int]


@dataclass
class RotationBoard:
    now: datetime
    push_minutes: int
    max_minutes: int
    rows: list[DownsRow]
    resting: list[ResterRow]


def push_due(assignment: DealerAssignment) -> datetime:
    return assignment.started_at + timedelta(minutes=settings.CARDROOM_DEALER_PUSH_MINUTES)


def is_overdue(assignment: DealerAssignment, now: datetime) -> bool:
    return push_due(assignment) <= now


def is_over_max(assignment: DealerAssignment, now: datetime) -> bool:
    return assignment.started_at + timedelta(minutes=settings.CARDROOM_DEALER_MAX_MINUTES) <= now


def _resting(room: Room, now: datetime) -> list[ResterRow]:
    """Dealers clocked in in ``room`` at no table, longest-rested first (they push next)."""
    busy = set(DealerAssignment.objects.filter(ended_at__isnull=True).values_list("dealer_id", flat=True))
    shifts = (
        DealerShift.objects.filter(room=room, clock_out_at__isnull=True)
        .select_related("dealer")
        .exclude(dealer_id__in=busy)
    )
    last_end = dict(
        DealerAssignment.objects.filter(dealer_id__in=[s.dealer_id for s in shifts])
        .values("dealer_id")
        .annotate(last=Max("ended_at"))
        .values_list("dealer_id", "last")
    )
    games: dict[int, list[int]] = {}
    for profile in DealerProfile.objects.filter(
        user_id__in=[s.dealer_id for s in shifts], is_active=True
    ).prefetch_related("games"):
        games[profile.user_id] = [g.pk for g in profile.games.all()]
    rows = [
        ResterRow(s.dealer, max(filter(None, [s.clock_in_at, last_end.get(s.dealer_id)])), games.get(s.dealer_id, []))
        for s in shifts
        if s.dealer_id in games
    ]
    return sorted(rows, key=lambda r: (r.resting_since, r.dealer.pk))


def rotation_board(*, room: Room, now: datetime | None = None) -> RotationBoard:
    """``room``'s downs: who deals where since when, who pushes next and where."""
    moment = now or timezone.now()
    from tables.selectors.tables import tables_list

    tables = [t for t in tables_list().filter(room=room) if t.status != TableStatus.CLOSED or t.current_assignments]  # type: ignore[attr-defined]
    resting = _resting(room, moment)
    free = list(resting)
    rows: list[DownsRow] = []
    for table in tables:
        current = table.current_assignments[0] if table.current_assignments else None  # type: ignore[attr-defined]
        rows.append(
            DownsRow(
                table,
                current,
                push_due(current) if current else None,
                bool(current and is_overdue(current, moment)),
                bool(current and is_over_max(current, moment)),
                None,
            )
        )
    for row in sorted(rows, key=lambda r: (r.push_due_at or moment, r.table.number)):
        pick = next((r for r in free if row.table.game_id in r.games), None)
        if pick is not None:
            row.next_dealer = pick.dealer
            free.remove(pick)
    return RotationBoard(
        moment, settings.CARDROOM_DEALER_PUSH_MINUTES, settings.CARDROOM_DEALER_MAX_MINUTES, rows, resting
    )
