"""REST API of the money flow and the accountants' reports: one view per operation.

Roles: floor managers start drop counts and explain variances; a count is
entered blind by two people (a floor manager and another floor manager or a
cashier); floor managers, cashiers and accountants read counts and the
reconciliation; only accountants close gaming days, read the reports and
export.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import StrictIntegerField, room_asked
from config.errors import NotFound
from config.files import send_file
from config.idempotent import IdempotentPost, money_api, prototype
from config.models import JobStatus
from config.numbers import MAX_ID
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from ledger.models import GamingDayClose
from rake import selectors, services
from rake.apis.money_serializers import (
    DayCloseInputSerializer,
    DayStatusSerializer,
    DropCountSerializer,
    DropCountStartInputSerializer,
    DropExplainInputSerializer,
    DropTallyInputSerializer,
    DropTallyResultSerializer,
    ExportCreateInputSerializer,
    ExportSerializer,
    FeeReportSerializer,
    GamingDayCloseSerializer,
    ReconciliationRowSerializer,
    ReportQuerySerializer,
    tally_chips,
)
from rake.models import DropCount, ReportExport
from rake.selectors.days import DayStatus
from rake.selectors.drops import ReconciliationRow, results_visible
from rake.selectors.reports import FeeReport, ReportFilters, ReportRow
from rake.services.exports import DOWNLOAD_TYPES, download_name, download_type, export_file
from rooms.selectors import room_for, rooms_read

START_DROPS = roles_allowed(*selectors.DROP_STARTER_ROLES)
COUNT_DROPS = roles_allowed(*selectors.DROP_COUNTER_ROLES)
EXPLAIN_DROPS = roles_allowed(*selectors.DROP_SUPERVISOR_ROLES)
READ_DROPS = roles_allowed(*selectors.DROP_READER_ROLES)
ACCOUNTANTS = roles_allowed(Role.ACCOUNTANT)
# Closing a gaming day: accountants, and nobody else (not even an admin).
DAY_CLOSERS = roles_allowed(Role.ACCOUNTANT, refusal=gettext_lazy("Only an accountant closes a gaming day."))


# --- presenters -----------------------------------------------------------------------------------


def drop_count_data(count: DropCount) -> dict[str, Any]:
    visible = results_visible(count)
    lines = list(count.lines.all())
    tallies = list(count.tallies.all())
    return {
        "id": count.pk,
        "table_id": count.table_id,
        "table_number": count.table.number,
        "gaming_day": count.gaming_day,
        "shift": count.shift,
        "status": count.status,
        "round": count.round,
        "started_by": count.created_by.username,
        "started_at": count.created_at,
        "tallies_this_round": sum(1 for t in tallies if t.round == count.round),
        "expected": count.expected if visible else None,
        "counted": count.counted if visible else None,
        "variance": count.variance if visible else None,
        "over_threshold": abs(count.variance or 0) > count.table.room.drop_variance_threshold if visible else None,
        "cash_expected": count.cash_expected if visible else None,
        "cash_counted": count.cash_counted if visible else None,
        "lines": [
            {"denomination_id": li.denomination_id, "denomination": li.denomination.value, "expected": li.expected}
            for li in lines
        ]
        if visible
        else [],
        "tallies": [
            {
                "round": t.round,
                "counter": t.counter.username,
                "total": t.total,
                "cash": t.cash,
                "lines": [
                    {"denomination_id": x.denomination_id, "pieces": x.pieces, "amount": x.amount}
                    for x in t.lines.all()
                ],
            }
            for t in tallies
        ]
        if visible
        else [],
        "shares": [
            {
                "dealer_id": s.dealer_id,
                "game_id": s.game_id,
                "kind": s.kind,
                "expected": s.expected,
                "counted": s.counted,
                "variance": s.variance,
            }
            for s in count.shares.all()
        ],
        "explanation": count.explanation,
        "explained_by": count.explained_by.username if count.explained_by else None,
        "explained_at": count.explained_at,
        "finalized_at": count.finalized_at,
        "journal_entry_id": count.journal_entry_id,
    }


def close_data(close: GamingDayClose) -> dict[str, Any]:
    return {
        "gaming_day": close.gaming_day,
        "closed_by": close.created_by.username,
        "closed_at": close.created_at,
        "note": close.note,
        "hands": close.hands,
        "fees": close.fees,
        "counted": close.counted,
        "variance": close.variance,
    }


def day_data(day: DayStatus) -> dict[str, Any]:
    return {
        "gaming_day": day.gaming_day,
        "closed": close_data(day.closed) if day.closed else None,
        "counts_open": day.counts_open,
        "tables_uncounted": day.tables_uncounted,
        "may_close": day.may_close,
    }


def row_data(row: ReportRow) -> dict[str, Any]:
    return {
        "key": None if row.key is None else str(row.key),
        "room": row.room.pk if row.room else None,
        "room_name": row.room.name if row.room else "",
        "currency": row.currency,
        "exponent": row.exponent,
        "name": row.label,
        "hands": row.hands,
        "pots": row.pots,
        "fees": row.fees,
        "percentage_fees": row.percentage_fees,
        "rate_percent": row.rate_percent,
        "hours": row.hours,
        "time_charges": row.time_charges,
        "expected": row.expected,
        "counted": row.counted,
        "variance": row.variance,
    }


def report_data(report: FeeReport) -> dict[str, Any]:
    return {
        "day_from": report.filters.day_from,
        "day_to": report.filters.day_to,
        "group_by": report.filters.group_by,
        "rooms": [{"id": r.pk, "code": r.code, "name": r.name, "currency": r.currency} for r in report.rooms],
        "rows": [row_data(r) for r in report.rows],
        "totals": [row_data(r) for r in report.totals],
        "fees_per_day": [
            {"currency": chart.currency, "exponent": chart.exponent, "gaming_day": d, "fees": f}
            for chart in report.fees_per_day
            for d, f in chart.bars
        ],
        "fees_per_table": [
            {"currency": chart.currency, "exponent": chart.exponent, "table": t, "fees": f}
            for chart in report.fees_per_table
            for t, f in chart.bars
        ],
    }


def export_data(request: Request, export: ReportExport) -> dict[str, Any]:
    completion = getattr(export, "completion", None)
    done = export.status == JobStatus.DONE and completion is not None
    download = request.build_absolute_uri(reverse("api:fee_export_download", args=[export.pk])) if done else None
    return {
        "id": export.pk,
        "format": export.format,
        "content": export.content,
        "language": export.language,
        "filters": export.filters,
        "status": export.status,
        "attempts": export.attempts,
        "total": export.total,
        "done": export.done,
        "percent": export.percent,
        "error": export.error,
        "created_at": export.created_at,
        "rows": completion.rows if done and completion else None,
        "sha256": completion.sha256 if done and completion else None,
        "download_url": download,
    }


def reconciliation_data(row: ReconciliationRow) -> dict[str, Any]:
    return {
        "room": row.room.pk,
        "currency": row.room.currency,
        "exponent": row.room.currency_exponent,
        "table_id": row.table_id,
        "table_number": row.table_number,
        "fees_posted": row.fees_posted,
        "expected": row.expected,
        "counted": row.counted,
        "variance": row.variance,
        "pending": row.pending,
        "count_ids": [c.pk for c in row.counts],
    }


def _many(serializer: type[serializers.Serializer[dict[str, Any]]], rows: list[dict[str, Any]]) -> Any:
    # The stubs type a serializer's instance as one item, even with many=True.
    return serializer(rows, many=True).data  # type: ignore[arg-type]


def _query(serializer: type[serializers.Serializer[dict[str, Any]]], request: Request) -> dict[str, Any]:
    form = serializer(data=request.query_params)
    form.is_valid(raise_exception=True)
    return dict(form.validated_data)


def _filters(request: Request, data: dict[str, Any]) -> ReportFilters:
    return services.check_filters(
        reader=request.user,
        day_from=data["day_from"],
        day_to=data["day_to"],
        group_by=data["group_by"],
        room_id=data.get("room"),
        table_id=data.get("table_id"),
    )


# --- drop counts ------------------------------------------------------------------------------------

_DAY = OpenApiParameter("gaming_day", OpenApiTypes.DATE, description="Only this gaming day.")
_TABLE = OpenApiParameter("table_id", OpenApiTypes.INT, description="Only this table.")
_ROOM = OpenApiParameter("room", OpenApiTypes.INT, description="Only this room; default: every room you work in.")
_ONE_ROOM = OpenApiParameter(
    "room", OpenApiTypes.INT, description="The room; required of a user who works in several rooms."
)


class _DropFilters(serializers.Serializer[dict[str, Any]]):
    gaming_day = serializers.DateField(required=False)
    room = StrictIntegerField(text=True, required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)
    table_id = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)


def _room_ids(request: Request, room_id: int | None) -> list[int]:
    """The room named (one the user works in, else 403) or every room the user works in."""
    return [room.pk for room in rooms_read(request.user, room_id=room_id)]


class DropCountListApi(APIView):
    """Drop counts, newest first. While a count is in progress its figures are withheld."""

    permission_classes = [READ_DROPS]

    @extend_schema(tags=["drops"], parameters=[_DAY, _ROOM, _TABLE], responses=DropCountSerializer(many=True))
    def get(self, request: Request) -> Response:
        filters = _query(_DropFilters, request)
        rows = (
            selectors.drop_counts_list(
                room_ids=_room_ids(request, filters["room"]),
                gaming_day=filters.get("gaming_day"),
                table_id=filters.get("table_id"),
            )
            .prefetch_related("lines__denomination", "tallies__counter", "tallies__lines", "shares")
            .select_related("created_by", "explained_by")[:200]
        )
        return Response(_many(DropCountSerializer, [drop_count_data(c) for c in rows]))


class DropCountStartApi(APIView):
    """Take a table's drop box for counting; the ledger's expected amount is recorded, not shown."""

    permission_classes = [START_DROPS]

    @extend_schema(tags=["drops"], request=DropCountStartInputSerializer, responses={201: DropCountSerializer})
    def post(self, request: Request) -> Response:
        form = DropCountStartInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        count = services.drop_count_start(actor=request.user, **form.validated_data)  # type: ignore[arg-type]
        count = selectors.drop_count_get_for_user(count_id=count.pk, user=request.user)
        return Response(DropCountSerializer(drop_count_data(count)).data, status=status.HTTP_201_CREATED)


class DropCountDetailApi(APIView):
    permission_classes = [READ_DROPS]

    @extend_schema(tags=["drops"], responses=DropCountSerializer)
    def get(self, request: Request, count_id: int) -> Response:
        count = selectors.drop_count_get_for_user(count_id=count_id, user=request.user)
        return Response(DropCountSerializer(drop_count_data(count)).data)


@money_api(
    request=DropTallyInputSerializer,
    response=DropTallyResultSerializer,
    summary="Record one counter's blind count",
    tags=["drops"],
    status=201,
)
class DropTallyApi(IdempotentPost):
    """One counter's blind count, by denomination; the answer says only whether the two agreed.

    The second agreeing count posts the drop to the ledger, so a retry must get the first answer.
    """

    permission_classes = [COUNT_DROPS]
    input_serializer = DropTallyInputSerializer
    success_status = status.HTTP_201_CREATED

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        result = services.drop_tally_record(
            actor=actor, count_id=kwargs["count_id"], chips=tally_chips(data), cash=data["cash"]
        )
        count = selectors.drop_count_get_for_user(count_id=result.count.pk, user=actor)
        payload = {"agreed": result.agreed, "count": drop_count_data(count)}
        return prototype(DropTallyResultSerializer).to_representation(payload)


@money_api(
    request=DropExplainInputSerializer,
    response=DropCountSerializer,
    summary="Explain a drop variance; the count becomes final",
    tags=["drops"],
)
class DropExplainApi(IdempotentPost):
    """A floor manager who did not count explains a variance over the threshold; the count becomes final."""

    permission_classes = [EXPLAIN_DROPS]
    input_serializer = DropExplainInputSerializer

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        count_id = kwargs["count_id"]
        services.drop_count_explain(actor=actor, count_id=count_id, explanation=data["explanation"])
        count = selectors.drop_count_get_for_user(count_id=count_id, user=actor)
        return prototype(DropCountSerializer).to_representation(drop_count_data(count))


class _DayQuery(serializers.Serializer[dict[str, Any]]):
    gaming_day = serializers.DateField()
    room = StrictIntegerField(text=True, required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)


class ReconciliationApi(APIView):
    """Per table for one gaming day: fees posted (ledger), drop expected, counted and variance."""

    permission_classes = [READ_DROPS]

    @extend_schema(
        tags=["drops"],
        parameters=[OpenApiParameter("gaming_day", OpenApiTypes.DATE, required=True), _ROOM],
        responses=ReconciliationRowSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        query = _query(_DayQuery, request)
        reconciliation = selectors.drop_reconciliation(
            gaming_day=query["gaming_day"], room_ids=_room_ids(request, query["room"])
        )
        rows = [reconciliation_data(r) for r in reconciliation]
        return Response(_many(ReconciliationRowSerializer, rows))


# --- gaming days ---------------------------------------------------------------------------------------


class GamingDayListApi(APIView):
    """The last two weeks of gaming days: closed or not, and what stands between each and its close."""

    permission_classes = [ACCOUNTANTS]

    @extend_schema(tags=["gaming days"], parameters=[_ONE_ROOM], responses=DayStatusSerializer(many=True))
    def get(self, request: Request) -> Response:
        room = room_for(user=request.user, room_id=room_asked(request.query_params))
        return Response(_many(DayStatusSerializer, [day_data(d) for d in selectors.gaming_days_list(room=room)]))


@money_api(
    request=DayCloseInputSerializer,
    response=GamingDayCloseSerializer,
    summary="Close a past gaming day",
    tags=["gaming days"],
    status=201,
)
class GamingDayCloseApi(IdempotentPost):
    """Close a past gaming day once its drops are counted; it then accepts no new records."""

    permission_classes = [DAY_CLOSERS]
    input_serializer = DayCloseInputSerializer
    success_status = status.HTTP_201_CREATED

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        room = room_for(user=actor, room_id=data.get("room_id"))
        close = services.gaming_day_close(
            actor=actor, room=room, gaming_day=data["gaming_day"], note=data.get("note", "")
        )
        return prototype(GamingDayCloseSerializer).to_representation(close_data(close))


# --- reports and exports ------------------------------------------------------------------------------


class FeeReportApi(APIView):
    """Fee revenue for a period, grouped by gaming day, shift, table, game, dealer or fee kind."""

    permission_classes = [ACCOUNTANTS]

    @extend_schema(tags=["reports"], parameters=[ReportQuerySerializer], responses=FeeReportSerializer)
    def get(self, request: Request) -> Response:
        report = selectors.fee_report(_filters(request, _query(ReportQuerySerializer, request)))
        return Response(FeeReportSerializer(report_data(report)).data)


class ExportCreateApi(APIView):
    """Start an export (CSV, XLSX, or the signed-off PDF); a background task writes it."""

    permission_classes = [ACCOUNTANTS]

    @extend_schema(tags=["reports"], request=ExportCreateInputSerializer, responses={202: ExportSerializer})
    def post(self, request: Request) -> Response:
        form = ExportCreateInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        export = services.export_create(
            actor=acting_user(request),
            format=data["format"],
            content=data["content"],
            filters=_filters(request, data),
        )
        export = _export_for(request, export.pk)
        return Response(ExportSerializer(export_data(request, export)).data, status=status.HTTP_202_ACCEPTED)


def _export_for(request: Request, export_id: int) -> ReportExport:
    return selectors.export_get_for(user=request.user, export_id=export_id)


class ExportDetailApi(APIView):
    """An export's progress; ``download_url`` once it is done."""

    permission_classes = [ACCOUNTANTS]

    @extend_schema(tags=["reports"], responses=ExportSerializer)
    def get(self, request: Request, export_id: int) -> Response:
        return Response(ExportSerializer(export_data(request, _export_for(request, export_id))).data)


class ExportDownloadApi(APIView):
    """The exported file."""

    permission_classes = [ACCOUNTANTS]

    @extend_schema(
        tags=["reports"],
        responses={
            (200, media_type.split(";")[0]): OpenApiResponse(OpenApiTypes.BINARY, description="The file.")
            for media_type in DOWNLOAD_TYPES.values()
        },
    )
    def get(self, request: Request, export_id: int) -> HttpResponse:
        export = _export_for(request, export_id)
        completion = getattr(export, "completion", None)
        if completion is None:
            raise NotFound(
                _("Export %(id)s is not finished yet.") % {"id": export_id}, export_id=export_id, code="not_ready"
            )
        return send_file(export_file(completion), filename=download_name(export), content_type=download_type(export))
