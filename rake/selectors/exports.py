"""Reads of the accountants' exports."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from config.errors import NotFound
from rake.models import ReportExport
from rake.selectors.reports import ReportFilters
from rooms.selectors import room_ids_of

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


def export_get_for(*, user: Any, export_id: int) -> ReportExport:
    """An export with its completion, for a reader who works in every room it covers: another room's
    figures are not read through its file. Unknown to others (404), as a missing export."""
    export = ReportExport.objects.select_related("completion").filter(pk=export_id).first()
    if export is None or not set(ReportFilters.from_json(export.filters).room_ids) <= room_ids_of(user):
        raise NotFound(_("Export %(id)s does not exist.") % {"id": export_id}, export_id=export_id)
    return export
