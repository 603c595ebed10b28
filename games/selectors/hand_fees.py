"""Hand fees still pending: recorded as refused by the ledger, not posted since, their hand still in force.

A ``PendingFee`` row (rake's) is never edited; whether it is still pending is read
here: its hand is complete and has no fee record (``FeeCharge``) in force.
One query per list, whatever the number of rows. rake's pages, its day close and
its list of gaming days read them through ``rake.selectors.pending``, as ``games.apps`` registers.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Exists, OuterRef, QuerySet, Sum
from django.utils.translation import gettext_lazy as _

from config.roles import has_any_role
from games.models import Hand, HandStatus
from rake.models import FeeCharge, PendingFee
from rake.selectors.pending import PENDING_POSTER_ROLES, PendingList, PendingRow, PendingTotal

REASON_LABELS = {
    "no_breakdown": _("neither the chips in play nor the tray make up the amount"),
    "insufficient_balance": _("not enough chips in play or in the tray"),
    "gaming_day_closed": _("its gaming day is closed"),
    "already_posted": _("a ledger entry for the hand already exists"),
}


def pending_fees(
    *, day_from: date | None = None, day_to: date | None = None, table_id: int | None = None
) -> QuerySet[PendingFee]:
    """The pending fees, oldest first, optionally of a period of gaming days and one table."""
    posted = FeeCharge.objects.filter(hand_id=OuterRef("hand_id"), reverses__isnull=True)
    rows = PendingFee.objects.filter(hand__status=HandStatus.COMPLETE).exclude(Exists(posted))
    if day_from is not None:
        rows = rows.filter(gaming_day__gte=day_from)
    if day_to is not None:
        rows = rows.filter(gaming_day__lte=day_to)
    if table_id is not None:
        rows = rows.filter(table_id=table_id)
    return rows.order_by("gaming_day", "pk")


def pending_totals(days: Iterable[date], *, room_id: int) -> dict[date, PendingTotal]:
    """How many fees of the tables of ``room_id``, and how much, are pending in each of ``days`` (one query)."""
    wanted = sorted(set(days))
    if not wanted:
        return {}
    rows = (
        pending_fees(day_from=wanted[0], day_to=wanted[-1])
        .filter(table__room_id=room_id)
        .values("gaming_day")
        .annotate(n=Count("pk"), total=Sum("amount"))
        .values_list("gaming_day", "n", "total")
        .order_by()
    )
    return {day: PendingTotal(n, total or 0) for day, n, total in rows}


def unposted_total(day: date, *, room_id: int) -> PendingTotal:
    """Every completed hand of ``day`` at a table of ``room_id`` with a fee and no fee record in force: the
    pending fees, and any the sweep has not looked at yet (a hand recorded before pending fees were kept).
    The room's day close reads this."""
    posted = FeeCharge.objects.filter(hand_id=OuterRef("pk"), reverses__isnull=True)
    hands = Hand.objects.filter(gaming_day=day, table__room_id=room_id, status=HandStatus.COMPLETE, fee__gt=0).exclude(
        Exists(posted)
    )
    found = hands.aggregate(n=Count("pk"), total=Sum("fee"))
    return PendingTotal(found["n"], found["total"] or 0)


def pending_fee_list(
    *,
    user: User | AnonymousUser,
    day_from: date | None = None,
    day_to: date | None = None,
    table_id: int | None = None,
) -> PendingList:
    """The pending fees as the pages show them (one query), and whether ``user`` may post them."""
    values = pending_fees(day_from=day_from, day_to=day_to, table_id=table_id).values_list(
        "pk", "gaming_day", "table__number", "hand__number", "amount", "reason", "message"
    )
    rows = [
        PendingRow(pk, day, table, hand, amount, str(REASON_LABELS.get(reason, message or reason)))
        for pk, day, table, hand, amount, reason, message in values
    ]
    return PendingList(rows=rows, may_post=has_any_role(user, PENDING_POSTER_ROLES))
