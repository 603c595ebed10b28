"""API: dealer profiles, clock-in/out, assignments, the rotation board and the room board."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import Pagination, StrictBooleanField, StrictIntegerField
from config.numbers import MAX_ID
from config.permissions import acting_user, roles_allowed
from config.roles import Role, has_any_role
from rooms.selectors import room_for, room_ids_of
from tables import selectors, services
from tables.apis.common import FM, paginate
from tables.apis.out import AssignmentOut, BoardOut, DealerProfileOut, RotationOut, ShiftOut
from tables.selectors.board import room_board
from tables.selectors.dealers import dealer_assignments, dealer_profiles, dealer_shifts
from tables.selectors.tables import check_table_in_users_rooms


class RoomInput(serializers.Serializer[Any]):
    # Required of a user who works in several rooms.
    room_id = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)


class RoomFilter(serializers.Serializer[Any]):
    # Required of a user who works in several rooms.
    room = StrictIntegerField(text=True, required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)


TAG = ["floor: dealers"]


class DealerProfileListApi(APIView):
    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT])]
    pagination_class = Pagination

    @extend_schema(tags=TAG, responses=DealerProfileOut(many=True))
    def get(self, request: Request) -> Response:
        return paginate(self, request, dealer_profiles(user=request.user), DealerProfileOut)


class DealerProfileSetApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class DealerProfileSetInput(serializers.Serializer[Any]):
        game_ids = serializers.ListField(child=StrictIntegerField(min_value=1, max_value=MAX_ID), max_length=100)
        is_active = StrictBooleanField(required=False, default=True)

    @extend_schema(tags=TAG, request=DealerProfileSetInput, responses=DealerProfileOut)
    def post(self, request: Request, user_id: int) -> Response:
        data = self.DealerProfileSetInput(data=request.data)
        data.is_valid(raise_exception=True)
        profile = services.dealer_profile_set(actor=acting_user(request), user_id=user_id, **data.validated_data)
        return Response(DealerProfileOut(profile).data)


class DealerClockInApi(APIView):
    """Clock a dealer in in the room (one they work in, as the floor manager does)."""

    permission_classes = [roles_allowed(FM)]

    @extend_schema(tags=TAG, request=RoomInput, responses={201: ShiftOut})
    def post(self, request: Request, user_id: int) -> Response:
        data = RoomInput(data=request.data)
        data.is_valid(raise_exception=True)
        room = room_for(user=request.user, room_id=data.validated_data["room_id"])
        shift = services.dealer_clock_in(actor=acting_user(request), room=room, dealer_id=user_id)
        return Response(ShiftOut(shift).data, status=201)


class DealerClockOutApi(APIView):
    permission_classes = [roles_allowed(FM)]

    @extend_schema(tags=TAG, request=RoomInput, responses=ShiftOut)
    def post(self, request: Request, user_id: int) -> Response:
        data = RoomInput(data=request.data)
        data.is_valid(raise_exception=True)
        room = room_for(user=request.user, room_id=data.validated_data["room_id"])
        shift = services.dealer_clock_out(actor=acting_user(request), room=room, dealer_id=user_id)
        return Response(ShiftOut(shift).data)


class DealerShiftListApi(APIView):
    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT])]
    pagination_class = Pagination

    class DealerShiftListFilter(RoomFilter):
        open = StrictBooleanField(text=True, required=False, default=False)

    @extend_schema(tags=TAG, parameters=[DealerShiftListFilter], responses=ShiftOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.DealerShiftListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        room = room_for(user=request.user, room_id=query.validated_data["room"])
        return paginate(self, request, dealer_shifts(room=room, open_only=query.validated_data["open"]), ShiftOut)


class AssignmentListApi(APIView):
    """Who dealt where and when; a dealer sees their own history."""

    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT, Role.DEALER])]
    pagination_class = Pagination

    class AssignmentListFilter(serializers.Serializer[Any]):
        table = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)
        dealer = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)

    @extend_schema(tags=TAG, parameters=[AssignmentListFilter], responses=AssignmentOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.AssignmentListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        dealer = query.validated_data.get("dealer")
        if not has_any_role(request.user, (FM, Role.ACCOUNTANT)):
            dealer = request.user.pk
        rows = dealer_assignments(table_id=query.validated_data.get("table"), dealer_id=dealer)
        # The tables of the rooms the user works in: another room's downs are that room's staff's to read.
        rows = rows.filter(table__room_id__in=room_ids_of(request.user))
        return paginate(self, request, rows, AssignmentOut)


class DealerAssignApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class DealerAssignInput(serializers.Serializer[Any]):
        dealer_id = StrictIntegerField(min_value=1, max_value=MAX_ID)

    @extend_schema(tags=TAG, request=DealerAssignInput, responses={201: AssignmentOut})
    def post(self, request: Request, table_id: int) -> Response:
        data = self.DealerAssignInput(data=request.data)
        data.is_valid(raise_exception=True)
        check_table_in_users_rooms(request.user, table_id=table_id)
        assignment = services.dealer_assign(actor=acting_user(request), table_id=table_id, **data.validated_data)
        return Response(AssignmentOut(assignment).data, status=201)


class DealerReleaseApi(APIView):
    permission_classes = [roles_allowed(FM)]

    @extend_schema(tags=TAG, request=None, responses=AssignmentOut)
    def post(self, request: Request, table_id: int) -> Response:
        check_table_in_users_rooms(request.user, table_id=table_id)
        return Response(AssignmentOut(services.dealer_release(actor=acting_user(request), table_id=table_id)).data)


class RotationBoardApi(APIView):
    """The room's downs: who deals where since when, push due/overdue, who pushes next."""

    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT, Role.DEALER])]

    @extend_schema(tags=TAG, parameters=[RoomFilter], responses=RotationOut)
    def get(self, request: Request) -> Response:
        query = RoomFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        room = room_for(user=request.user, room_id=query.validated_data["room"])
        return Response(RotationOut(selectors.rotation_board(room=room)).data)


class RoomBoardApi(APIView):
    """What the room's wall TV shows: its running tables and waitlists, names masked."""

    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT, Role.DEALER, Role.CASHIER])]

    @extend_schema(tags=["floor: board"], parameters=[RoomFilter], responses=BoardOut)
    def get(self, request: Request) -> Response:
        query = RoomFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        room = room_for(user=request.user, room_id=query.validated_data["room"])
        return Response(BoardOut(room_board(room=room)).data)
