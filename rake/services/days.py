"""Closing a gaming day: an accountant's act, once every fee of the day is posted and counted.

From then on the day accepts no new records (``ledger.selectors.days.check_gaming_day_open``);
a correction of one of its records is dated in an open day and references it.
"""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.db import on_postgresql
from config.errors import Conflict, DomainError, Forbidden
from config.gaming_day import current_gaming_day
from config.money import format_money
from config.roles import Role, user_roles
from ledger.models import GamingDayClose, JournalEntry
from rake.models import DropCount, DropCountStatus, FeeCharge, PendingFee
from rake.selectors.days import tables_uncounted
from rake.selectors.pending import hands_table, unposted_total
from rake.selectors.summaries import check_summaries_proven, summaries_compute, summary_digest

# Only accountants: not even an admin (segregation of duties: whoever runs the
# system does not sign off the books).
CLOSER_ROLE = Role.ACCOUNTANT
# The records a close must not race (see ledger.selectors.days): fee records, pending fees and drop
# counts here, and the hands and journal entries whose services check the day after inserting. Listed
# in the order a hand completion writes them (hand, journal entry, fee record, or a pending fee when
# the ledger refuses): a close and a posting wait for each other in that one order only. The hands'
# table is named by the app that posts hand fees (``rake.selectors.pending``): rake does not read hands.
LOCKED_TABLES = (
    JournalEntry._meta.db_table,
    FeeCharge._meta.db_table,
    PendingFee._meta.db_table,
    DropCount._meta.db_table,
)


def check_may_close_days(actor: User) -> None:
    if CLOSER_ROLE not in user_roles(actor):
        raise Forbidden(_("Only an accountant closes a gaming day."), code="accountant_only")


def gaming_day_close(*, actor: User, gaming_day: date, note: str = "") -> GamingDayClose:
    """Close ``gaming_day``: it must be over, with no fee pending, every drop count final and every fee counted."""
    check_may_close_days(actor)
    if gaming_day >= current_gaming_day():
        raise DomainError(
            _("The gaming day %(day)s is not over yet: only a past day is closed.") % {"day": gaming_day.isoformat()},
            code="day_not_over",
        )
    with transaction.atomic():
        if on_postgresql():
            with connection.cursor() as cursor:
                tables = (hands_table(), *LOCKED_TABLES)
                cursor.execute(f"LOCK TABLE {', '.join(connection.ops.quote_name(t) for t in tables)} IN SHARE MODE")
        if GamingDayClose.objects.filter(gaming_day=gaming_day).exists():
            raise Conflict(_("The gaming day %(day)s is already closed.") % {"day": gaming_day}, code="day_closed")
        _check_no_pending_fees(gaming_day)
        _check_counted(gaming_day)
        raw = summaries_compute(day_from=gaming_day, day_to=gaming_day)
        check_summaries_proven(day_from=gaming_day, day_to=gaming_day)
        figures = {name: sum(row[name] for row in raw.values()) for name in ("hands", "fees", "counted", "variance")}
        try:
            with transaction.atomic():
                return GamingDayClose.objects.create(
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


def _check_no_pending_fees(day: date) -> None:
    pending = unposted_total(day)
    if pending.count:
        raise DomainError(
            ngettext(
                "%(n)s fee of %(day)s is pending (%(amount)s): post it before the day is closed.",
                "%(n)s fees of %(day)s are pending (%(amount)s): post them before the day is closed.",
                pending.count,
            )
            % {"n": pending.count, "day": day.isoformat(), "amount": format_money(pending.amount)},
            code="fees_pending",
            count=pending.count,
            amount=pending.amount,
        )


def _check_counted(day: date) -> None:
    pending = sorted(
        DropCount.objects.filter(gaming_day=day)
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
    uncounted = tables_uncounted(day)
    if uncounted:
        raise DomainError(
            _("Fees posted on %(day)s have not been counted in a drop yet (table ids %(tables)s).")
            % {"day": day.isoformat(), "tables": ", ".join(map(str, uncounted))},
            code="drop_not_counted",
            tables=uncounted,
        )
