"""Reads of the accountants' exports."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from rake.models import ReportExport
from rake.selectors.reports import ReportFilters

# The report page lists a user's latest exports of its period; older files are still in the records.
RECENT_EXPORTS = 10


def exports_recent(*, user: AbstractBaseUser | AnonymousUser, filters: ReportFilters) -> QuerySet[ReportExport]:
    """The exports ``user`` asked for of the period ``filters`` covers (whatever the grouping or table),
    newest first, each with its completion (the file, when there is one): the report page shows them again
    after a reload, still polling those not finished."""
    return (
        ReportExport.objects.filter(
            created_by_id=user.pk,
            filters__day_from=filters.day_from.isoformat(),
            filters__day_to=filters.day_to.isoformat(),
        )
        .select_related("completion")
        .order_by("-created_at", "-pk")[:RECENT_EXPORTS]
    )
