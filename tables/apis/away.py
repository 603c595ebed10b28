"""API: a seated player away from the table and back ("sitting out")."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import EnumField, Pagination
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from tables import selectors, services
from tables.apis.common import FM, paginate
from tables.apis.out import SeatAwayOut
from tables.models import AwayReturn
from tables.selectors.tables import check_seat_session_in_users_rooms

TAG = ["floor: tables"]


class SeatAwayApi(APIView):
    """Mark a seated player away: the seat is kept, the player is not dealt in and the hourly fee stops
    (unless the policy charges time away). A dealer marks only at the table they deal now."""

    permission_classes = [roles_allowed(FM, Role.DEALER)]

    @extend_schema(tags=TAG, request=None, responses={201: SeatAwayOut})
    def post(self, request: Request, session_id: int) -> Response:
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        away = services.seat_away_start(actor=acting_user(request), session_id=session_id)
        return Response(SeatAwayOut(away).data, status=201)


class SeatBackApi(APIView):
    """The player is back. At Hold'em ``choice`` says whether they post the blinds they missed or wait for
    the big blind (R12); default: post."""

    permission_classes = [roles_allowed(FM, Role.DEALER)]

    class SeatBackInput(serializers.Serializer[Any]):
        choice = EnumField(AwayReturn, required=False, default=AwayReturn.POST)

    @extend_schema(tags=TAG, request=SeatBackInput, responses=SeatAwayOut)
    def post(self, request: Request, session_id: int) -> Response:
        data = self.SeatBackInput(data=request.data)
        data.is_valid(raise_exception=True)
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        away = services.seat_away_end(actor=acting_user(request), session_id=session_id, **data.validated_data)
        return Response(SeatAwayOut(away).data)


class SeatAwayListApi(APIView):
    """A seat session's time away, latest first."""

    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT])]
    pagination_class = Pagination

    @extend_schema(tags=TAG, responses=SeatAwayOut(many=True))
    def get(self, request: Request, session_id: int) -> Response:
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        return paginate(self, request, selectors.seat_aways(session_id=session_id), SeatAwayOut)
