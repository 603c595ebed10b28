"""Closing a room's gaming day: an accountant's act, once every fee of the day is posted and counted.

From then on the day accepts no new records (``ledger.selectors.days.check_gaming_day_open``);
a correction of one of its records is dated in an open day and references it.
"""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import Conflict, DomainError, Forbidden
from config.gaming_day import current_gaming_day
from config.money import format_money
from config.roles import Role, user_roles
from config.triggers import day_close_lock
from ledger.models import GamingDayClose
from rake.models import DropCount, DropCountStatus
from rake.selectors.days import tables_uncounted
from rake.selectors.pending import unposted_total
from rake.selectors.summaries import check_summaries_proven, summaries_compute, summary_digest
from rooms.models import Room
from rooms.selectors import check_works_in

# Only accountants: not even an admin (segregation of duties: whoever runs the
# system does not sign off the books).
CLOSER_ROLE = Role.ACCOUNTANT


def check_may_close_days(actor: User) -> None:
    if CLOSER_ROLE not in user_roles(actor):
        raise Forbidden(_("Only an accountant closes a gaming day."), code="accountant_only")


def gaming_day_close(*, actor: User, room: Room, gaming_day: date, note: str = "") -> GamingDayClose:
    """Close ``room``'s ``gaming_day``: it must be over, with no fee of the room's tables pending, every drop
    count final and every fee counted. An accountant of the room (or of the group) closes it."""
    check_may_close_days(actor)
    check_works_in(actor, room_id=room.pk)
    if gaming_day >= current_gaming_day(room=room):
        raise DomainError(
            _("The gaming day %(day)s is not over yet: only a past day is closed.") % {"day": gaming_day.isoformat()},
            code="day_not_over",
        )
    with transaction.atomic():
        # The records a close must not race (hands, journal entries, fee records, pending fees, drop
        # counts) take the room's day lock shared as they are written (``config.triggers``): this waits
        # for those of the room in flight and holds back the next ones; another room's are not touched.
        day_close_lock(room.pk)
        if GamingDayClose.objects.filter(room=room, gaming_day=gaming_day).exists():
            raise Conflict(_("The gaming day %(day)s is already closed.") % {"day": gaming_day}, code="day_closed")
        _check_no_pending_fees(gaming_day, room)
        _check_counted(gaming_day, room)
        raw = summaries_compute(day_from=gaming_day, day_to=gaming_day, room_ids=[room.pk])
        check_summaries_proven(day_from=gaming_day, day_to=gaming_day, room_ids=[room.pk])
        figures = {name: sum(row[name] for row in raw.values()) for name in ("hands", "fees", "counted", "variance")}
        try:
            with transaction.atomic():
                return GamingDayClose.objects.create(
                    room=room,
                    gaming_day=gaming_day,
                    note=(note or "").strip()[:300],
                    created_at=timezone.now(),
                    created_by=actor,
                    summary_digest=summary_digest(raw),
                    **figures,
                )
        except IntegrityError as exc:
            raise Conflict(
                _("The gaming day %(day)s is already closed.") % {"day": gaming_day}, code="day_closed"
            ) from exc


def _check_no_pending_fees(day: date, room: Room) -> None:
    pending = unposted_total(day, room_id=room.pk)
    if pending.count:
        raise DomainError(
            ngettext(
                "%(n)s fee of %(day)s is pending (%(amount)s): post it before the day is closed.",
                "%(n)s fees of %(day)s are pending (%(amount)s): post them before the day is closed.",
                pending.count,
            )
            % {
                "n": pending.count,
                "day": day.isoformat(),
                "amount": format_money(pending.amount, places=room.currency_exponent),
            },
            code="fees_pending",
            count=pending.count,
            amount=pending.amount,
        )


def _check_counted(day: date, room: Room) -> None:
    pending = sorted(
        DropCount.objects.filter(gaming_day=day, table__room=room)
        .exclude(status=DropCountStatus.FINAL)
        .values_list("table__number", flat=True)
    )
    if pending:
        raise DomainError(
            _("Drop counts of %(day)s are not final yet (tables %(tables)s).")
            % {"day": day.isoformat(), "tables": ", ".join(map(str, pending))},
            code="counts_pending",
            tables=pending,
        )
    uncounted = tables_uncounted(day, room_id=room.pk)
    if uncounted:
        raise DomainError(
            _("Fees posted on %(day)s have not been counted in a drop yet (table ids %(tables)s).")
            % {"day": day.isoformat(), "tables": ", ".join(map(str, uncounted))},
            code="drop_not_counted",
            tables=uncounted,
        )
