"""Reading endpoints: the hand log, one hand, its live state, the floor's summary, dealer statistics, PHH."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import (
    EnumField,
    GamingDayField,
    JSONParser,
    MoneyField,
    Pagination,
    StrictBooleanField,
    StrictIntegerField,
)
from config.errors import DomainError
from config.files import send_file
from config.gaming_day import current_gaming_day
from config.models import JobStatus
from config.openapi import error_response
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from config.room_context import use_records_room
from games.apis import serializers as s
from games.apis.recording import ERRORS, detail_data, list_row, state_for
from games.models import HandStatus, PhhExport
from games.selectors import (
    HandFilters,
    check_may_read_table,
    current_hand_summary,
    dealer_stats,
    hand_get_for_user,
    hands_list,
)
from games.selectors.access import check_may_record
from games.selectors.hands import phh_export_get_for
from games.services.phh import export_path, hand_phh, phh_export_create, phh_import
from tables.selectors.tables import table_room

READERS = roles_allowed(read=[Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT])
OFFICE = roles_allowed(read=[Role.FLOOR_MANAGER, Role.ACCOUNTANT])
EXPORTERS = roles_allowed(Role.FLOOR_MANAGER, Role.ACCOUNTANT, read=[Role.FLOOR_MANAGER, Role.ACCOUNTANT])
FLOOR = roles_allowed(Role.FLOOR_MANAGER)


class HandListFilters(serializers.Serializer[dict[str, Any]]):
    table_id = StrictIntegerField(text=True, required=False)
    gaming_day = serializers.DateField(required=False)
    gaming_day_from = serializers.DateField(required=False)
    gaming_day_to = serializers.DateField(required=False)
    dealer_id = StrictIntegerField(text=True, required=False)
    player_id = StrictIntegerField(text=True, required=False)
    game_id = StrictIntegerField(text=True, required=False)
    min_pot = MoneyField(required=False, allow_zero=True)
    max_pot = MoneyField(required=False, allow_zero=True)
    status = EnumField(HandStatus, required=False)
    in_force = StrictBooleanField(text=True, required=False, default=False)


def filters_from(data: Any) -> HandFilters:
    """The hand log's filters (the API's query string, the page's); refused as a ``ValidationError``."""
    form = HandListFilters(data=data)
    try:
        form.is_valid(raise_exception=True)
    except DomainError as exc:  # a malformed amount (``MoneyField``)
        raise serializers.ValidationError(exc.message, code=exc.code) from None
    return HandFilters(**form.validated_data)


class HandListApi(APIView):
    permission_classes = [READERS]
    # Read by the schema, which documents the page object the view answers.
    pagination_class = Pagination

    @extend_schema(
        operation_id="games_hand_list",
        parameters=[HandListFilters],
        responses={200: s.HandListOutput(many=True)},
        summary="The hand log, newest first, filtered (a dealer sees the table they deal now)",
    )
    def get(self, request: Request) -> Response:
        rows = hands_list(user=request.user, filters=filters_from(request.query_params))
        paginator = Pagination()
        page = paginator.paginate_queryset(rows, request, view=self)
        assert page is not None
        return paginator.get_paginated_response(s.HandListOutput([list_row(h) for h in page], many=True).data)


class HandDetailApi(APIView):
    permission_classes = [READERS]

    @extend_schema(
        operation_id="games_hand_detail",
        responses={200: s.HandDetailOutput, 404: ERRORS[404]},
        summary="One hand: seats, the event log street by street, pots, winners, fee, sign in force, dealer",
    )
    def get(self, request: Request, hand_id: int) -> Response:
        return Response(detail_data(request, hand_id))


class HandStateApi(APIView):
    permission_classes = [READERS]

    @extend_schema(
        operation_id="games_hand_state",
        responses={200: s.HandStateOutput, 404: ERRORS[404]},
        summary="The engine's state of a hand: whose turn, the legal actions with amounts, pots, stacks",
    )
    def get(self, request: Request, hand_id: int) -> Response:
        return Response(state_for(request, hand_id))


class TableCurrentHandApi(APIView):
    permission_classes = [READERS]

    @extend_schema(
        operation_id="games_table_current_hand",
        responses={200: s.CurrentHandOutput, 204: OpenApiResponse(description="No hand open at the table.")},
        summary="The hand being dealt at a table now, for the floor map",
    )
    def get(self, request: Request, table_id: int) -> Response:
        check_may_read_table(request.user, table_id=table_id)
        use_records_room(table_room(table_id=table_id))
        summary = current_hand_summary(table_id=table_id)
        if summary is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(s.CurrentHandOutput(summary).data)


class StatsFilters(serializers.Serializer[dict[str, Any]]):
    day_from = GamingDayField(required=False)
    day_to = GamingDayField(required=False)


class DealerStatsApi(APIView):
    permission_classes = [OFFICE]

    @extend_schema(
        operation_id="games_dealer_stats",
        parameters=[StatsFilters],
        responses={200: s.DealerStatsOutput(many=True)},
        summary="Hands per hour per dealer and table, average pot, fee per hour (default: the last 7 gaming days)",
    )
    def get(self, request: Request) -> Response:
        form = StatsFilters(data=request.query_params)
        form.is_valid(raise_exception=True)
        today = current_gaming_day()
        day_to: date = form.validated_data.get("day_to", today)
        day_from: date = form.validated_data.get("day_from", day_to - timedelta(days=6))
        rows = dealer_stats(day_from=day_from, day_to=day_to, user=request.user)
        return Response(s.DealerStatsOutput(rows, many=True).data)


class HandPhhApi(APIView):
    permission_classes = [READERS]

    @extend_schema(
        operation_id="games_hand_phh",
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: ERRORS[404]},
        summary="One hand as a PHH file",
    )
    def get(self, request: Request, hand_id: int) -> HttpResponse:
        hand = hand_get_for_user(user=request.user, hand_id=hand_id)
        response = HttpResponse(hand_phh(hand), content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="hand-{hand.pk}.phh"'
        return response


def export_data(request: Request, export: PhhExport) -> Any:
    done = export.status == JobStatus.DONE
    download = request.build_absolute_uri(reverse("api:games-export-download", args=[export.pk])) if done else None
    return s.ExportOutput(
        {
            "id": export.pk,
            "status": export.status,
            "filters": export.filters,
            "total": export.total,
            "done": export.done,
            "percent": export.percent,
            "error": export.error,
            "download_url": download,
            "created_at": export.created_at,
            "finished_at": export.finished_at,
        }
    ).data


class ExportCreateApi(APIView):
    permission_classes = [EXPORTERS]

    @extend_schema(
        operation_id="games_export_create",
        request=s.ExportInput,
        responses={202: s.ExportOutput},
        summary="Export the hands matching the filters as one PHH file (a Celery task; poll the export)",
    )
    def post(self, request: Request) -> Response:
        form = s.ExportInput(data=request.data)
        form.is_valid(raise_exception=True)
        export = phh_export_create(actor=acting_user(request), filters=HandFilters(**form.validated_data))
        export.refresh_from_db()
        return Response(export_data(request, export), status=status.HTTP_202_ACCEPTED)


def _export(request: Request, export_id: int) -> PhhExport:
    return phh_export_get_for(user=request.user, export_id=export_id)


class ExportDetailApi(APIView):
    permission_classes = [EXPORTERS]

    @extend_schema(operation_id="games_export_detail", responses={200: s.ExportOutput})
    def get(self, request: Request, export_id: int) -> Response:
        return Response(export_data(request, _export(request, export_id)))


class ExportDownloadApi(APIView):
    permission_classes = [EXPORTERS]

    @extend_schema(
        operation_id="games_export_download",
        responses={
            (200, "text/plain"): OpenApiTypes.BINARY,
            409: error_response("The export is not done yet (`export_not_done`): poll the export."),
        },
        summary="The export's .phhs file, once done",
    )
    def get(self, request: Request, export_id: int) -> HttpResponse:
        export = _export(request, export_id)
        if export.status != JobStatus.DONE:
            raise DomainError(
                _("Export %(pk)s is %(status)s.") % {"pk": export.pk, "status": export.status},
                code="export_not_done",
                status=409,
            )
        path = export_path(export)
        return send_file(path, filename=path.name, content_type="text/plain; charset=utf-8")


class ImportApi(APIView):
    permission_classes = [FLOOR]
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(
        operation_id="games_phh_import",
        request={"multipart/form-data": s.ImportInput, "application/json": s.ImportInput},
        responses={200: s.ImportOutput, **ERRORS},
        summary="Import the hands of a .phh/.phhs file into a table's history, each validated by the engine",
    )
    def post(self, request: Request) -> Response:
        form = s.ImportInput(data=request.data)
        form.is_valid(raise_exception=True)
        upload = form.validated_data.get("file")
        text = form.validated_data.get("text")
        if upload is not None:
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise DomainError(_("The file is not UTF-8 text."), code="bad_phh") from None
        if not text:
            raise DomainError(_("Send a .phh/.phhs file or its text."), code="bad_phh")
        actor = acting_user(request)
        check_may_record(actor, table_id=form.validated_data["table_id"])
        report = phh_import(actor=actor, table_id=form.validated_data["table_id"], text=text)
        hands = [
            {"number": r.number, "name": r.name, "ok": r.ok, "error": r.error, "hand_id": r.hand_id} for r in report
        ]
        ok = sum(1 for r in report if r.ok)
        return Response(s.ImportOutput({"imported": ok, "failed": len(report) - ok, "hands": hands}).data)
