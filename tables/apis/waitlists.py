"""API: waitlists, calls, seating from the list, analytics."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import EnumField, Pagination, StrictBooleanField, StrictIntegerField
from config.errors import DomainError
from config.gaming_day import current_gaming_day
from config.numbers import MAX_ID
from config.permissions import acting_user, roles_allowed
from config.roles import Role, has_any_role
from rooms.models import Room
from rooms.selectors import room_for
from tables import selectors, services
from tables.apis.common import FM, paginate, room_field, seat_entry_field
from tables.apis.out import WaitlistEntryOut, WaitlistGameOut, WaitStatsOut
from tables.models import WaitlistEndReason, WaitlistSource
from tables.selectors.waitlists import waitlist_entry_get, waitlist_entry_get_for_user
from tables.services.waitlists import REMOVE_REASONS

TAG = ["floor: waitlists"]
READERS = [Role.ACCOUNTANT, Role.DEALER]
# Who reads the players' full names; every other reader (a dealer) gets the room board's masked names.
FULL_NAME_READERS = (FM, Role.ACCOUNTANT)


def _room(request: Request, room_id: int | None) -> Room:
    return room_for(user=request.user, room_id=room_id)


def _entry(request: Request, entry_id: int) -> int:
    """``entry_id``, once the entry is found on a list of a room the user works in (else 403 not_your_room)."""
    return waitlist_entry_get_for_user(user=request.user, entry_id=entry_id).pk


class WaitlistBoardApi(APIView):
    """Every game's open list in the room, in fair order (an interest list while no table of the room deals
    the game).

    Floor managers and accountants read full names; dealers read the names as the room board
    shows them (``Player.masked_name``: first name and last initial), ``full_name`` null.
    """

    permission_classes = [roles_allowed(FM, read=READERS)]

    class WaitlistBoardFilter(serializers.Serializer[Any]):
        room = room_field()

    @extend_schema(tags=TAG, parameters=[WaitlistBoardFilter], responses=WaitlistGameOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.WaitlistBoardFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        room = _room(request, query.validated_data["room"])
        context = {"full_names": has_any_role(request.user, FULL_NAME_READERS)}
        return Response(WaitlistGameOut(selectors.waitlists_by_game(room=room), many=True, context=context).data)


class WaitlistEntryListApi(APIView):
    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT])]
    pagination_class = Pagination

    class WaitlistEntryListFilter(serializers.Serializer[Any]):
        room = room_field()
        game = StrictIntegerField(text=True, required=False, min_value=1, max_value=MAX_ID)
        open = StrictBooleanField(text=True, required=False, default=True)

    @extend_schema(tags=TAG, parameters=[WaitlistEntryListFilter], responses=WaitlistEntryOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.WaitlistEntryListFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        q = query.validated_data
        rows = selectors.waitlist_entries(room=_room(request, q["room"]), game_id=q.get("game"), open_only=q["open"])
        return paginate(self, request, rows, WaitlistEntryOut)


class WaitlistAddApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class WaitlistAddInput(serializers.Serializer[Any]):
        game_id = StrictIntegerField(min_value=1, max_value=MAX_ID)
        player_id = StrictIntegerField(min_value=1, max_value=MAX_ID)
        source = EnumField(WaitlistSource, required=False, default=WaitlistSource.DESK)  # type: ignore[assignment]
        check_in_minutes = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1)
        # Required of a user who works in several rooms.
        room_id = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)

    @extend_schema(tags=TAG, request=WaitlistAddInput, responses={201: WaitlistEntryOut})
    def post(self, request: Request) -> Response:
        data = self.WaitlistAddInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        room = _room(request, fields.pop("room_id"))
        entry = services.waitlist_add(actor=acting_user(request), room=room, **fields)
        return Response(WaitlistEntryOut(entry).data, status=201)


class WaitlistCheckInApi(APIView):
    permission_classes = [roles_allowed(FM)]

    @extend_schema(tags=TAG, request=None, responses=WaitlistEntryOut)
    def post(self, request: Request, entry_id: int) -> Response:
        services.waitlist_check_in(actor=acting_user(request), entry_id=_entry(request, entry_id))
        return Response(WaitlistEntryOut(waitlist_entry_get(entry_id=entry_id)).data)


class WaitlistCallApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class WaitlistCallInput(serializers.Serializer[Any]):
        minutes = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=60)

    @extend_schema(tags=TAG, request=WaitlistCallInput, responses=WaitlistEntryOut)
    def post(self, request: Request, entry_id: int) -> Response:
        data = self.WaitlistCallInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.waitlist_call(actor=acting_user(request), entry_id=_entry(request, entry_id), **data.validated_data)
        return Response(WaitlistEntryOut(waitlist_entry_get(entry_id=entry_id)).data)


class WaitlistSeatApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class WaitlistSeatInput(serializers.Serializer[Any]):
        table_id = StrictIntegerField(min_value=1, max_value=MAX_ID)
        seat_number = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)
        entry = seat_entry_field()

    @extend_schema(tags=TAG, request=WaitlistSeatInput, responses=WaitlistEntryOut)
    def post(self, request: Request, entry_id: int) -> Response:
        data = self.WaitlistSeatInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        services.waitlist_seat(
            actor=acting_user(request),
            entry_id=_entry(request, entry_id),
            table_id=v["table_id"],
            seat_number=v["seat_number"],
            seat_entry=v["entry"],
        )
        return Response(WaitlistEntryOut(waitlist_entry_get(entry_id=entry_id)).data)


class WaitlistRemoveApi(APIView):
    permission_classes = [roles_allowed(FM)]

    class WaitlistRemoveInput(serializers.Serializer[Any]):
        reason = EnumField(WaitlistEndReason, only=REMOVE_REASONS)

    @extend_schema(tags=TAG, request=WaitlistRemoveInput, responses=WaitlistEntryOut)
    def post(self, request: Request, entry_id: int) -> Response:
        data = self.WaitlistRemoveInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.waitlist_remove(
            actor=acting_user(request), entry_id=_entry(request, entry_id), reason=data.validated_data["reason"]
        )
        return Response(WaitlistEntryOut(waitlist_entry_get(entry_id=entry_id)).data)


class WaitlistAnalyticsApi(APIView):
    """Average and longest wait per game in the room, per gaming day of the room (default: today)."""

    permission_classes = [roles_allowed(FM, read=[Role.ACCOUNTANT])]

    class WaitlistAnalyticsFilter(serializers.Serializer[Any]):
        room = room_field()
        start = serializers.DateField(required=False)
        end = serializers.DateField(required=False)

    @extend_schema(tags=TAG, parameters=[WaitlistAnalyticsFilter], responses=WaitStatsOut(many=True))
    def get(self, request: Request) -> Response:
        query = self.WaitlistAnalyticsFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        room = _room(request, query.validated_data["room"])
        start = query.validated_data.get("start") or current_gaming_day(room=room)
        end = query.validated_data.get("end") or start
        if end < start or (end - start).days > 366:
            raise DomainError(_("Give a range of at most a year with start ≤ end."), code="bad_range")
        return Response(WaitStatsOut(selectors.waitlist_analytics(room=room, start=start, end=end), many=True).data)
