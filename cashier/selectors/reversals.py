"""Reads of reversal requests: a cashier sees the ones they asked for; floor managers and accountants see all."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from cashier.models import ReversalRequest, ReversalStatus
from config.errors import DomainError
from config.roles import Role, has_any_role
from rooms.selectors import room_ids_of

READ_ALL = (Role.FLOOR_MANAGER, Role.ACCOUNTANT)


def reversal_requests_for_user(
    user: AbstractBaseUser | AnonymousUser, *, status: str | None = None
) -> QuerySet[ReversalRequest]:
    """The requests of the rooms ``user`` works in, newest first, with the entry, its receipt and the people,
    for lists without a query per row."""
    if status and status not in ReversalStatus.values:
        raise DomainError(
            _("status: %(s)r is not one of %(all)s.") % {"s": status, "all": ", ".join(ReversalStatus.values)},
            code="bad_status",
        )
    rows = (
        ReversalRequest.objects.filter(entry__room_id__in=room_ids_of(user))
        .select_related("entry__chip_transaction", "created_by", "decided_by")
        .order_by("-pk")
    )
    if status:
        rows = rows.filter(status=status)
    return rows if has_any_role(user, READ_ALL) else rows.filter(created_by_id=user.pk)


def reversal_request_pending_for(*, entry_id: int) -> ReversalRequest | None:
    return (
        ReversalRequest.objects.select_related("created_by")
        .filter(entry_id=entry_id, status=ReversalStatus.PENDING)
        .first()
    )
