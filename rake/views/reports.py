"""The accountants' report page: filters, the grouped table, two charts, exports with a progress bar."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from config.context_processors import NAV_ROLES
from config.errors import DomainError, NotFound
from config.exports import CsvWriter
from config.files import send_file
from config.gaming_day import current_gaming_day
from config.permissions import acting_user, roles_allowed
from rake import selectors, services
from rake.models import ExportContent, ExportFormat, ReportExport
from rake.selectors.reports import GROUP_LABELS, GROUPS, FeeReport, ReportFilters
from rake.services import exporters
from rake.services.exports import download_name, download_type, export_file
from rake.views.charts import bar_chart, days_between
from rooms.models import Room
from tables.models import Table

REPORT_ROLES = NAV_ROLES["reports"]


class ReportForm(forms.Form):
    day_from = forms.DateField(label=gettext_lazy("From gaming day"), widget=forms.DateInput(attrs={"type": "date"}))
    day_to = forms.DateField(label=gettext_lazy("To gaming day"), widget=forms.DateInput(attrs={"type": "date"}))
    group_by = forms.ChoiceField(
        label=gettext_lazy("Group by"), choices=[(k, GROUP_LABELS[k]) for k in GROUPS], initial="gaming_day"
    )
    room = forms.TypedChoiceField(label=gettext_lazy("Room"), coerce=int, required=False, empty_value=None)
    table_id = forms.TypedChoiceField(
        label=gettext_lazy("Table"), coerce=int, required=False, empty_value=None, choices=()
    )

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        rooms: list[Room] = request.rooms  # type: ignore[attr-defined]
        several = len(rooms) > 1
        room = self.fields["room"]
        assert isinstance(room, forms.TypedChoiceField)
        # A user of several rooms reads one of them, or all of them side by side (the group's report).
        room.choices = [*([("", _("every room"))] if several else []), *((r.pk, r.name) for r in rooms)]
        tables = (
            Table.objects.filter(room_id__in=[r.pk for r in rooms])
            .select_related("room")
            .order_by("room__name", "number")
        )
        field = self.fields["table_id"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", _("all tables")), *((t.pk, _table_name(t, several=several)) for t in tables)]

    def filters(self) -> ReportFilters:
        data = self.cleaned_data
        return services.check_filters(
            reader=self.request.user,
            day_from=data["day_from"],
            day_to=data["day_to"],
            group_by=data["group_by"],
            room_id=data.get("room"),
            table_id=data.get("table_id"),
        )


def _table_name(table: Table, *, several: bool) -> str:
    if several:
        return _("%(room)s, table %(n)s") % {"room": table.room.code, "n": table.number}
    return _("Table %(n)s") % {"n": table.number}


def _default_period(request: HttpRequest) -> dict[str, Any]:
    room = getattr(request, "room", None) or None
    today = current_gaming_day(room=room)
    return {
        "day_from": today.replace(day=1).isoformat(),
        "day_to": today.isoformat(),
        "group_by": "gaming_day",
        # The room picked in the top bar, until the form asks for another or for every room.
        "room": str(room.pk) if room is not None else "",
    }


def _form(request: HttpRequest, data: Any) -> tuple[ReportForm, ReportFilters | None]:
    asked = {k: v for k, v in data.items() if v or k == "room"}
    form = ReportForm({**_default_period(request), **asked}, request=request)
    if not form.is_valid():
        return form, None
    try:
        return form, form.filters()
    except DomainError as exc:
        form.add_error(None, exc.message)
        return form, None


def _day_label(day: date) -> str:
    return day.strftime("%d.%m")


@roles_allowed(*REPORT_ROLES).page
def reports(request: HttpRequest) -> HttpResponse:
    """Fee revenue for a period: hands, pots, fees, effective rate, hours, drop counted, variance."""
    form, filters = _form(request, request.GET)
    report: FeeReport | None = selectors.fee_report(filters) if filters else None
    context: dict[str, Any] = {"form": form, "report": report, "filters": filters, "query": request.GET.urlencode()}
    if report is not None:
        days = days_between(report.filters.day_from, report.filters.day_to)
        context["charts"] = []
        for per_day, per_table in zip(report.fees_per_day, report.fees_per_table, strict=True):
            # One pair of charts per currency: bars of two currencies are not drawn on one scale.
            named = {"currency": per_day.currency}
            fees_on = dict(per_day.bars)
            context["charts"] += [
                bar_chart(
                    _("Fees per gaming day (%(currency)s)") % named,
                    [(_day_label(d), fees_on.get(d, 0)) for d in days],
                    places=per_day.exponent,
                ),
                bar_chart(_("Fees per table (%(currency)s)") % named, per_table.bars, places=per_table.exponent),
            ]
        context["formats"] = ExportFormat.choices
        context["contents"] = ExportContent.choices
        context["group_label"] = GROUP_LABELS[report.filters.group_by]
        context["exports"] = selectors.exports_recent(user=request.user, filters=report.filters)
    return render(request, "rake/reports.html", context, status=200 if filters else 400)


@roles_allowed(*REPORT_ROLES).page
def report_csv(request: HttpRequest) -> HttpResponse:
    """The report on the screen as CSV, straight away (a large export goes through the task)."""
    form, filters = _form(request, request.GET)
    if filters is None:
        return render(request, "rake/reports.html", {"form": form, "report": None}, status=400)
    report = selectors.fee_report(filters)
    rooms, period = exporters.rooms_label(filters.room_ids), exporters.period_label(filters.day_from, filters.day_to)
    name = f"fees-{rooms}-{period}-{filters.group_by}.csv"
    response = HttpResponse(
        content_type="text/csv; charset=utf-8", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )
    writer = CsvWriter(response, lineterminator="\n")
    writer.writerow(exporters.summary_columns(filters))
    writer.writerows(exporters.summary_rows(report))
    return response


@require_POST
@roles_allowed(*REPORT_ROLES).page
def export_start(request: HttpRequest) -> HttpResponse:
    _form_shown, filters = _form(request, request.POST)
    fmt, content = request.POST.get("format", ""), request.POST.get("content", ExportContent.SUMMARY)
    if filters is None:
        return render(request, "rake/_export.html", {"error": _("Fix the report's filters first.")}, status=400)
    user = acting_user(request)
    try:
        export = services.export_create(actor=user, format=fmt, content=content, filters=filters)
    except DomainError as exc:
        return render(request, "rake/_export.html", {"error": exc.message}, status=exc.status)
    return render(request, "rake/_export.html", {"export": _export(request, export.pk)})


@require_POST
@roles_allowed(*REPORT_ROLES).page
def export_retry(request: HttpRequest, export_id: int) -> HttpResponse:
    """A failed export's "Try again": queued again under its number; the card shows it from there."""
    try:
        services.export_retry(actor=acting_user(request), export_id=export_id)
    except NotFound:
        return render(request, "rake/not_found.html", {"what": _("Export %(id)s") % {"id": export_id}}, status=404)
    except DomainError as exc:
        # 200: htmx swaps no 4xx answer into the page, and the refusal must be read.
        return render(request, "rake/_export.html", {"error": exc.message})
    return render(request, "rake/_export.html", {"export": _export(request, export_id)})


def _export(request: HttpRequest, export_id: int) -> ReportExport | None:
    try:
        return selectors.export_get_for(user=request.user, export_id=export_id)
    except NotFound:
        return None


@roles_allowed(*REPORT_ROLES).page
def export_progress(request: HttpRequest, export_id: int) -> HttpResponse:
    export = _export(request, export_id)
    if export is None:
        return render(request, "rake/not_found.html", {"what": _("Export %(id)s") % {"id": export_id}}, status=404)
    return render(request, "rake/_export.html", {"export": export})


@roles_allowed(*REPORT_ROLES).page
def export_download(request: HttpRequest, export_id: int) -> HttpResponse:
    export = _export(request, export_id)
    completion = getattr(export, "completion", None) if export else None
    if export is None or completion is None:
        return render(request, "rake/not_found.html", {"what": _("Export %(id)s") % {"id": export_id}}, status=404)
    return send_file(export_file(completion), filename=download_name(export), content_type=download_type(export))
