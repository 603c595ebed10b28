"""REST API of the rake app: one view per operation.

Floor managers set fee policies; dealers and floor managers mark
time charges (a dealer only at the table they deal now); accountants read.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import EnumField, StrictIntegerField
from config.errors import NotFound
from config.idempotent import IdempotentPost, money_api, prototype
from config.numbers import MAX_ID
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from rake import selectors, services
from rake.apis.serializers import (
    FeePolicyInForceSerializer,
    FeePolicySetInputSerializer,
    FeePolicyVersionSerializer,
    TimeChargeNotCollectedInputSerializer,
    TimeChargesCreatedSerializer,
    TimeChargeSerializer,
)
from rake.models import FeePolicyVersion, TimeCharge, TimeChargeStatus
from rooms.selectors import check_works_in
from tables.models import Table

SET_POLICIES = roles_allowed(Role.FLOOR_MANAGER)
READ_POLICIES = roles_allowed(Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT)
MARK_CHARGES = roles_allowed(Role.FLOOR_MANAGER, Role.DEALER)
READ_CHARGES = roles_allowed(Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT)


class _Filters(serializers.Serializer[dict[str, Any]]):
    table_id = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)
    game_id = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)
    status = EnumField(TimeChargeStatus, required=False)
    gaming_day = serializers.DateField(required=False)
    at = serializers.DateTimeField(required=False)


def _filters(request: Request) -> dict[str, Any]:
    form = _Filters(data=request.query_params)
    form.is_valid(raise_exception=True)
    return dict(form.validated_data)


_TABLE = OpenApiParameter("table_id", OpenApiTypes.INT, description="Only this table.")
_GAME = OpenApiParameter("game_id", OpenApiTypes.INT, description="Only this game's defaults.")


@extend_schema(tags=["fees"], parameters=[_TABLE, _GAME])
class FeePolicyListApi(generics.ListAPIView[FeePolicyVersion]):
    """Every version of the fee policies, newest first (a table's own, or a game's defaults)."""

    permission_classes = [READ_POLICIES]
    serializer_class = FeePolicyVersionSerializer

    def get_queryset(self) -> QuerySet[FeePolicyVersion]:
        filters = _filters(self.request)
        return selectors.fee_policy_history(
            table_id=filters.get("table_id"), game_id=filters.get("game_id"), user=self.request.user
        )


@extend_schema(tags=["fees"], responses=FeePolicyVersionSerializer)
class FeePolicyDetailApi(APIView):
    """One fee policy version."""

    permission_classes = [READ_POLICIES]

    def get(self, request: Request, version_id: int) -> Response:
        version = selectors.fee_policy_get(version_id=version_id, user=request.user)
        return Response(FeePolicyVersionSerializer(version).data)


class FeePolicySetApi(APIView):
    """Set a new fee version for a table, or a game's default, from now or a later moment.

    A percentage is at most 5.00% (5.01% is refused with a 400); a table
    charges one kind of fee at a time, and switching kind needs a closed or
    idle table.
    """

    permission_classes = [SET_POLICIES]

    @extend_schema(tags=["fees"], request=FeePolicySetInputSerializer, responses={201: FeePolicyVersionSerializer})
    def post(self, request: Request) -> Response:
        form = FeePolicySetInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        version = services.fee_policy_set(actor=request.user, **form.service_kwargs())  # type: ignore[arg-type]
        return Response(FeePolicyVersionSerializer(version).data, status=status.HTTP_201_CREATED)


class FeePolicyInForceApi(APIView):
    """The version a table charges under at a moment (default now), and the sign's fee line."""

    permission_classes = [READ_POLICIES]

    @extend_schema(
        tags=["fees"],
        parameters=[
            OpenApiParameter("table_id", OpenApiTypes.INT, required=True),
            OpenApiParameter("at", OpenApiTypes.DATETIME, description="Default: now."),
        ],
        responses=FeePolicyInForceSerializer,
    )
    def get(self, request: Request) -> Response:
        filters = _filters(request)
        table_id = filters.get("table_id")
        if table_id is None:
            raise serializers.ValidationError({"table_id": _("Name the table.")})
        room_id = Table.objects.filter(pk=table_id).values_list("room_id", flat=True).first()
        if room_id is None:
            raise NotFound(_("Table %(table_id)s does not exist.") % {"table_id": table_id}, table_id=table_id)
        check_works_in(request.user, room_id=room_id)
        at = filters.get("at") or timezone.now()
        version = selectors.fee_policy_in_force(table_id=table_id, at=at)
        line = selectors.table_fee_line(table_id, at=at)
        data = {"table_id": table_id, "at": at, "fee_line": line, "version": version}
        return Response(FeePolicyInForceSerializer(data).data)


@extend_schema(
    tags=["fees"],
    parameters=[
        _TABLE,
        OpenApiParameter("status", OpenApiTypes.STR, enum=TimeChargeStatus.values),
        OpenApiParameter("gaming_day", OpenApiTypes.DATE),
    ],
)
class TimeChargeListApi(generics.ListAPIView[TimeCharge]):
    """Hourly time charges, newest first; a dealer sees only the table they deal now."""

    permission_classes = [READ_CHARGES]
    serializer_class = TimeChargeSerializer

    def get_queryset(self) -> QuerySet[TimeCharge]:
        filters = _filters(self.request)
        visible = selectors.visible_table_ids(self.request.user)
        table_ids: list[int] | None = visible
        if "table_id" in filters:
            wanted = filters["table_id"]
            table_ids = [wanted] if visible is None or wanted in visible else []
        return selectors.time_charges_list(
            table_ids=table_ids, status=filters.get("status"), gaming_day=filters.get("gaming_day")
        )


def _reloaded(charge_id: int, request: Request) -> TimeCharge:
    return selectors.time_charge_get_for_user(charge_id=charge_id, user=request.user)


@money_api(request=None, response=TimeChargeSerializer, summary="Mark a time charge collected", tags=["fees"])
class TimeChargeCollectApi(IdempotentPost):
    """The dealer or floor took the time charge from the player: the fee is posted to the ledger."""

    permission_classes = [MARK_CHARGES]

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        charge_id = kwargs["charge_id"]
        selectors.time_charge_get_for_user(charge_id=charge_id, user=actor)
        charge = services.time_charge_collect(actor=actor, charge_id=charge_id)
        reloaded = selectors.time_charge_get_for_user(charge_id=charge.pk, user=actor)
        return prototype(TimeChargeSerializer).to_representation(reloaded)


class TimeChargeNotCollectedApi(APIView):
    """The time charge was not taken; the reason is recorded."""

    permission_classes = [MARK_CHARGES]

    @extend_schema(tags=["fees"], request=TimeChargeNotCollectedInputSerializer, responses=TimeChargeSerializer)
    def post(self, request: Request, charge_id: int) -> Response:
        form = TimeChargeNotCollectedInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        selectors.time_charge_get_for_user(charge_id=charge_id, user=request.user)
        charge = services.time_charge_not_collected(
            actor=acting_user(request),
            charge_id=charge_id,
            reason=form.validated_data["reason"],
        )
        return Response(TimeChargeSerializer(_reloaded(charge.pk, request)).data)


class TimeChargesCreateApi(APIView):
    """Create the time charges due now (the beat task does the same every minute)."""

    permission_classes = [SET_POLICIES]

    @extend_schema(tags=["fees"], request=None, responses=TimeChargesCreatedSerializer)
    def post(self, request: Request) -> Response:
        created = services.time_charges_create(actor=request.user)  # type: ignore[arg-type]
        return Response(TimeChargesCreatedSerializer({"created": created}).data)
