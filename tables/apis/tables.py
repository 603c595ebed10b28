"""API: the game catalogue, tables and their lifecycle, signs and seating."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import EnumField, MoneyField, Pagination, StrictBooleanField, StrictIntegerField
from config.errors import NotFound
from config.money import Currency, using
from config.numbers import MAX_ID
from config.permissions import acting_user, roles_allowed
from config.roles import Role
from rooms.selectors import room_for, room_ids_of
from tables import selectors, services
from tables.apis.common import FM, paginate, seat_entry_field
from tables.apis.out import GameOut, SeatOut, SignOut, TableEventOut, TableOut
from tables.models import GameKind, Ring, Structure, TableStatus
from tables.selectors.tables import (
    check_seat_session_in_users_rooms,
    check_table_in_users_rooms,
    game_get,
    games_list,
    seat_sessions,
    table_events,
    table_get_for_user,
    tables_for_user,
)

TAG = ["floor: tables"]
TABLE_READERS = [Role.ACCOUNTANT, Role.DEALER]


class GameListApi(APIView):
    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT, Role.DEALER, Role.CASHIER])]
    pagination_class = Pagination

    class GameListFilter(serializers.Serializer[Any]):
        active = StrictBooleanField(text=True, required=False, allow_null=True, default=None)

    @extend_schema(tags=TAG, parameters=[GameListFilter], responses=GameOut(many=True))
    def get(self, request: Request) -> Response:
        """The games of the rooms you work in, each in its room's money."""
        query = self.GameListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        games = games_list(room_ids=room_ids_of(request.user), active=query.validated_data["active"])
        return paginate(self, request, games.select_related("room"), GameOut)


class GameCreateApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class RoomInput(serializers.Serializer[Any]):
        # Required of a user who works in several rooms; the amounts are in that room's money.
        room_id = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)

    class GameCreateInput(RoomInput):
        name = serializers.CharField(max_length=120)
        kind = EnumField(GameKind)
        structure = EnumField(Structure)
        ring = EnumField(Ring, required=False, default="", allow_blank=True)
        seat_limit = StrictIntegerField(min_value=0, max_value=100)
        ante = MoneyField(allow_zero=True, required=False, default=0)
        small_blind = MoneyField(allow_zero=True, required=False, default=0)
        big_blind = MoneyField(allow_zero=True, required=False, default=0)
        min_buy_in = MoneyField(allow_zero=True)
        max_buy_in = MoneyField(allow_zero=True)

    @extend_schema(tags=TAG, request=GameCreateInput, responses={201: GameOut})
    def post(self, request: Request) -> Response:
        named = self.RoomInput(
            data={"room_id": request.data.get("room_id") if isinstance(request.data, dict) else None}
        )
        named.is_valid(raise_exception=True)
        room = room_for(user=request.user, room_id=named.validated_data["room_id"])
        with using(Currency.of(room)):
            data = self.GameCreateInput(data=request.data)
            data.is_valid(raise_exception=True)
        fields = {k: v for k, v in data.validated_data.items() if k != "room_id"}
        game = services.game_create(actor=acting_user(request), room=room, **fields)
        return Response(GameOut(game).data, status=201)


class GameUpdateApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class GameUpdateInput(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=120, required=False)
        structure = EnumField(Structure, required=False)
        ante = MoneyField(allow_zero=True, required=False)
        small_blind = MoneyField(allow_zero=True, required=False)
        big_blind = MoneyField(allow_zero=True, required=False)
        min_buy_in = MoneyField(allow_zero=True, required=False)
        max_buy_in = MoneyField(allow_zero=True, required=False)
        is_active = StrictBooleanField(required=False)

    @extend_schema(tags=TAG, request=GameUpdateInput, responses=GameOut)
    def post(self, request: Request, game_id: int) -> Response:
        with using(Currency.of(game_get(game_id=game_id).room)):  # its amounts are in its room's money
            data = self.GameUpdateInput(data=request.data)
            data.is_valid(raise_exception=True)
        game = services.game_update(actor=acting_user(request), game_id=game_id, **data.validated_data)
        return Response(GameOut(game).data)


class TableListApi(APIView):
    """Every table for the floor and accounts; a dealer sees the table they deal."""

    permission_classes = [roles_allowed(FM, read=TABLE_READERS)]
    pagination_class = Pagination

    class TableListFilter(serializers.Serializer[Any]):
        status = EnumField(TableStatus, required=False)

    @extend_schema(tags=TAG, parameters=[TableListFilter], responses=TableOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.TableListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = tables_for_user(user=request.user, status=query.validated_data.get("status"))
        return paginate(self, request, rows, TableOut)


class TableDetailApi(APIView):
    permission_classes = [roles_allowed(FM, read=TABLE_READERS)]

    @extend_schema(tags=TAG, responses=TableOut)
    def get(self, request: Request, table_id: int) -> Response:
        return Response(TableOut(table_get_for_user(user=request.user, table_id=table_id)).data)


class TableCreateApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class TableCreateInput(serializers.Serializer[Any]):
        number = StrictIntegerField(min_value=1, max_value=999)
        name = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
        seats = StrictIntegerField(min_value=0, max_value=100)
        game_id = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)
        # Required of a user who works in several rooms.
        room_id = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)

    @extend_schema(tags=TAG, request=TableCreateInput, responses={201: TableOut})
    def post(self, request: Request) -> Response:
        data = self.TableCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        room = room_for(user=request.user, room_id=fields.pop("room_id"))
        table = services.table_create(actor=acting_user(request), room=room, **fields)
        return Response(TableOut(selectors.table_get(table_id=table.pk)).data, status=201)


class TableConfigureApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class TableConfigureInput(serializers.Serializer[Any]):
        game_id = StrictIntegerField(allow_null=True, min_value=1, max_value=MAX_ID)
        seats = StrictIntegerField(min_value=0, max_value=100)
        name = serializers.CharField(max_length=80, required=False, allow_blank=True)

    @extend_schema(tags=TAG, request=TableConfigureInput, responses=TableOut)
    def post(self, request: Request, table_id: int) -> Response:
        data = self.TableConfigureInput(data=request.data)
        data.is_valid(raise_exception=True)
        check_table_in_users_rooms(request.user, table_id=table_id)
        services.table_configure(actor=acting_user(request), table_id=table_id, **data.validated_data)
        return Response(TableOut(selectors.table_get(table_id=table_id)).data)


class _TransitionApi(APIView):
    permission_classes = [roles_allowed(FM)]

    def transition(self, request: Request, table_id: int) -> None:
        raise NotImplementedError

    @extend_schema(tags=TAG, request=None, responses=TableOut)
    def post(self, request: Request, table_id: int) -> Response:
        check_table_in_users_rooms(request.user, table_id=table_id)
        self.transition(request, table_id)
        return Response(TableOut(selectors.table_get(table_id=table_id)).data)


class TablePauseApi(_TransitionApi):
    def transition(self, request: Request, table_id: int) -> None:
        services.table_pause(actor=acting_user(request), table_id=table_id)


class TableResumeApi(_TransitionApi):
    def transition(self, request: Request, table_id: int) -> None:
        services.table_resume(actor=acting_user(request), table_id=table_id)


class TableCloseApi(_TransitionApi):
    def transition(self, request: Request, table_id: int) -> None:
        services.table_close(actor=acting_user(request), table_id=table_id)


class TableEventListApi(APIView):
    permission_classes = [roles_allowed(FM, read=TABLE_READERS)]
    pagination_class = Pagination

    @extend_schema(tags=TAG, responses=TableEventOut(many=True))
    def get(self, request: Request, table_id: int) -> Response:
        table_get_for_user(user=request.user, table_id=table_id)
        return paginate(self, request, table_events(table_id=table_id), TableEventOut)


class SignCurrentApi(APIView):
    """The sign the table shows now; 404 for a closed table (it shows none)."""

    permission_classes = [roles_allowed(FM, read=TABLE_READERS)]

    @extend_schema(tags=TAG, responses=SignOut)
    def get(self, request: Request, table_id: int) -> Response:
        table = table_get_for_user(user=request.user, table_id=table_id)
        sign = selectors.sign_current(table_id=table_id)
        if sign is None:
            raise NotFound(
                _("Table %(number)s is closed and shows no sign.") % {"number": table.number}, code="no_sign"
            )
        return Response(SignOut(sign).data)


class SignHistoryApi(APIView):
    permission_classes = [roles_allowed(FM, read=TABLE_READERS)]
    pagination_class = Pagination

    @extend_schema(tags=TAG, responses=SignOut(many=True))
    def get(self, request: Request, table_id: int) -> Response:
        table_get_for_user(user=request.user, table_id=table_id)
        return paginate(self, request, selectors.sign_history(table_id=table_id), SignOut)


class SeatPlayerApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class SeatPlayerInput(serializers.Serializer[Any]):
        player_id = StrictIntegerField(min_value=1, max_value=MAX_ID)
        seat_number = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)
        entry = seat_entry_field()

    @extend_schema(tags=TAG, request=SeatPlayerInput, responses={201: SeatOut})
    def post(self, request: Request, table_id: int) -> Response:
        data = self.SeatPlayerInput(data=request.data)
        data.is_valid(raise_exception=True)
        check_table_in_users_rooms(request.user, table_id=table_id)
        session = services.seat_player(actor=acting_user(request), table_id=table_id, **data.validated_data)
        return Response(SeatOut(session).data, status=201)


class SeatSessionListApi(APIView):
    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT])]
    pagination_class = Pagination

    class SeatSessionListFilter(serializers.Serializer[Any]):
        table = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)
        player = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)
        open = StrictBooleanField(text=True, required=False, default=False)

    @extend_schema(tags=TAG, parameters=[SeatSessionListFilter], responses=SeatOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.SeatSessionListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        q = query.validated_data
        rows = seat_sessions(table_id=q.get("table"), player_id=q.get("player"), open_only=q["open"])
        rows = rows.filter(table__room_id__in=room_ids_of(request.user))
        return paginate(self, request, rows, SeatOut)


class SeatMoveApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class SeatMoveInput(serializers.Serializer[Any]):
        table_id = StrictIntegerField(min_value=1, max_value=MAX_ID)
        seat_number = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)

    @extend_schema(tags=TAG, request=SeatMoveInput, responses={201: SeatOut})
    def post(self, request: Request, session_id: int) -> Response:
        data = self.SeatMoveInput(data=request.data)
        data.is_valid(raise_exception=True)
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        session = services.seat_move(actor=acting_user(request), session_id=session_id, **data.validated_data)
        return Response(SeatOut(session).data, status=201)


class SeatStandUpApi(APIView):
    permission_classes = [roles_allowed(FM)]

    @extend_schema(tags=TAG, request=None, responses=SeatOut)
    def post(self, request: Request, session_id: int) -> Response:
        check_seat_session_in_users_rooms(request.user, session_id=session_id)
        session = services.seat_stand_up(actor=acting_user(request), session_id=session_id)
        return Response(SeatOut(session).data)
