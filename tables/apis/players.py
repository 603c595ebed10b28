"""API: the player registry and expulsions."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import EnumField, JSONParser, Pagination, StrictBooleanField, StrictIntegerField
from config.numbers import MAX_ID
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from rooms.selectors import room_for
from tables import selectors, services
from tables.apis.common import FM, paginate, room_field
from tables.apis.out import ExpulsionOut, PlayerOut
from tables.models import DocumentType, ExpulsionDuration, ExpulsionScope
from tables.selectors.players import expulsion_get_for_user, player_get_for_user

TAG = ["floor: players"]
READERS = [Role.CASHIER, Role.ACCOUNTANT]
PARSERS = [JSONParser, MultiPartParser, FormParser]


class PlayerListApi(APIView):
    permission_classes = [roles_allowed(FM, read=READERS)]
    pagination_class = Pagination

    class PlayerListFilter(serializers.Serializer[Any]):
        q = serializers.CharField(required=False, default="", allow_blank=True, max_length=100)

    @extend_schema(tags=TAG, parameters=[PlayerListFilter], responses=PlayerOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.PlayerListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        players = selectors.players_search(user=request.user, query=query.validated_data["q"])
        return paginate(self, request, players, PlayerOut)


class PlayerDetailApi(APIView):
    permission_classes = [roles_allowed(FM, read=READERS)]

    @extend_schema(tags=TAG, responses=PlayerOut)
    def get(self, request: Request, player_id: int) -> Response:
        player = player_get_for_user(user=request.user, player_id=player_id)
        return Response(PlayerOut(player, context={"request": request}).data)


class PlayerCreateApi(APIView):
    """Register a player in a room the user works in (``room_id``, required of a user of several rooms); a
    likely duplicate answers 409 unless ``allow_duplicate`` is true."""

    permission_classes = [roles_allowed(FM)]
    parser_classes = PARSERS

    class PlayerCreateInput(serializers.Serializer[Any]):
        first_name = serializers.CharField(max_length=80)
        last_name = serializers.CharField(max_length=80)
        alias = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
        date_of_birth = serializers.DateField(required=False, allow_null=True, default=None)
        id_document_type = EnumField(DocumentType, required=False, default="", allow_blank=True)
        id_document_number = serializers.CharField(max_length=40, required=False, default="", allow_blank=True)
        photo = serializers.FileField(required=False, allow_null=True, default=None)
        description = serializers.CharField(required=False, default="", allow_blank=True, max_length=2000)
        notes = serializers.CharField(required=False, default="", allow_blank=True, max_length=2000)
        allow_duplicate = StrictBooleanField(text=True, required=False, default=False)
        room_id = room_field()

    @extend_schema(tags=TAG, request=PlayerCreateInput, responses={201: PlayerOut})
    def post(self, request: Request) -> Response:
        data = self.PlayerCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        room = room_for(user=request.user, room_id=fields.pop("room_id"))
        player = services.player_create(actor=acting_user(request), room=room, **fields)
        return Response(PlayerOut(player, context={"request": request}).data, status=201)


class PlayerUpdateApi(APIView):
    permission_classes = [roles_allowed(FM)]
    parser_classes = PARSERS

    class PlayerUpdateInput(serializers.Serializer[Any]):
        alias = serializers.CharField(max_length=80, required=False, allow_blank=True)
        date_of_birth = serializers.DateField(required=False, allow_null=True)
        id_document_type = EnumField(DocumentType, required=False, allow_blank=True)
        id_document_number = serializers.CharField(max_length=40, required=False, allow_blank=True)
        photo = serializers.FileField(required=False)
        description = serializers.CharField(required=False, allow_blank=True, max_length=2000)
        notes = serializers.CharField(required=False, allow_blank=True, max_length=2000)

    @extend_schema(tags=TAG, request=PlayerUpdateInput, responses=PlayerOut)
    def post(self, request: Request, player_id: int) -> Response:
        data = self.PlayerUpdateInput(data=request.data)
        data.is_valid(raise_exception=True)
        player = services.player_update(actor=acting_user(request), player_id=player_id, **data.validated_data)
        return Response(PlayerOut(player, context={"request": request}).data)


class ExpulsionListApi(APIView):
    """The barred-player report as JSON: ``current=true`` in force, ``false`` past, none for all."""

    permission_classes = [roles_allowed(FM, read=READERS)]
    pagination_class = Pagination

    class ExpulsionListFilter(serializers.Serializer[Any]):
        current = StrictBooleanField(text=True, required=False, allow_null=True, default=None)
        player = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)

    @extend_schema(tags=TAG, parameters=[ExpulsionListFilter], responses=ExpulsionOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.ExpulsionListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = selectors.expulsions_report(user=request.user, current=query.validated_data["current"])
        if "player" in query.validated_data:
            rows = rows.filter(player_id=query.validated_data["player"])
        return paginate(self, request, rows, ExpulsionOut)


class ExpulsionDetailApi(APIView):
    permission_classes = [roles_allowed(FM, read=READERS)]

    @extend_schema(tags=TAG, responses=ExpulsionOut)
    def get(self, request: Request, expulsion_id: int) -> Response:
        expulsion = expulsion_get_for_user(user=request.user, expulsion_id=expulsion_id)
        return Response(ExpulsionOut(expulsion, context={"request": request}).data)


class ExpulsionCreateApi(APIView):
    """Expel a player, decided in a room the user works in (``room_id``, required of a user of several
    rooms): from its tables (``room``, ``premises``) or, for a user of the whole group, from every room's
    (``group``); the open seats and waitlist entries it bars end at once."""

    permission_classes = [roles_allowed(FM)]
    parser_classes = PARSERS

    class ExpulsionCreateInput(serializers.Serializer[Any]):
        # A form with the evidence attached sends every field as text.
        player_id = StrictIntegerField(text=True, min_value=1, max_value=MAX_ID)
        rule = serializers.CharField(max_length=200)
        reason = serializers.CharField(max_length=4000)
        duration = EnumField(ExpulsionDuration)
        until = serializers.DateTimeField(required=False, allow_null=True, default=None)
        scope = EnumField(ExpulsionScope, required=False, default=ExpulsionScope.ROOM)
        evidence = serializers.FileField(required=False, allow_null=True, default=None)
        room_id = room_field()

    @extend_schema(tags=TAG, request=ExpulsionCreateInput, responses={201: ExpulsionOut})
    def post(self, request: Request) -> Response:
        data = self.ExpulsionCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        room = room_for(user=request.user, room_id=fields.pop("room_id"))
        expulsion = services.expulsion_create(actor=acting_user(request), room=room, **fields)
        return Response(ExpulsionOut(expulsion, context={"request": request}).data, status=201)


class ExpulsionLiftApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class ExpulsionLiftInput(serializers.Serializer[Any]):
        reason = serializers.CharField(max_length=4000)

    @extend_schema(tags=TAG, request=ExpulsionLiftInput, responses=ExpulsionOut)
    def post(self, request: Request, expulsion_id: int) -> Response:
        data = self.ExpulsionLiftInput(data=request.data)
        data.is_valid(raise_exception=True)
        expulsion = services.expulsion_lift(
            actor=acting_user(request), expulsion_id=expulsion_id, **data.validated_data
        )
        return Response(ExpulsionOut(expulsion, context={"request": request}).data)
