"""Read endpoints: lists limited to what the caller may see, and the cage's reports."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cashier.apis.serializers import DenominationOut, DrawerShiftOut, EntryOut, SlipOut, TransactionOut, TrayCountOut
from cashier.models import ChipTransaction, DrawerShift, Slip, TrayCount
from cashier.selectors.compliance import large_cash_log
from cashier.selectors.counts import shift_balance
from cashier.selectors.reports import (
    cage_summary,
    open_shift_of,
    shift_get_for_user,
    shifts_for_user,
    slips_log,
    transactions_for_user,
    tray_counts_log,
)
from config.api import MoneyField, money_out, room_asked
from config.errors import DomainError, NotFound
from config.gaming_day import current_gaming_day
from config.openapi import ERRORS
from config.permissions import roles_allowed
from config.roles import Role
from ledger.models import Denomination, JournalEntry
from ledger.selectors.balances import chips_outstanding, ledger_check
from rooms.models import Room
from rooms.selectors import room_for, room_ids_of

STAFF = (Role.CASHIER, Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT)
DAY = OpenApiParameter("day", OpenApiTypes.DATE, description="Gaming day (default: today's)")
ROOM = OpenApiParameter("room", OpenApiTypes.INT, description="The room (required of a user of several rooms)")


def _day(request: Request, room: Room) -> date:
    raw = request.query_params.get("day")
    if not raw:
        return current_gaming_day(room=room)
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise DomainError(_("day: %(raw)r is not a date (YYYY-MM-DD)") % {"raw": raw}, code="bad_date") from None


@extend_schema(tags=["cashier"])
class DenominationListApi(generics.ListAPIView[Denomination]):
    """A room's chips (``?room=``, required of a user of several rooms), smallest first."""

    permission_classes = [roles_allowed(read=STAFF)]
    serializer_class = DenominationOut
    pagination_class = None

    @extend_schema(parameters=[ROOM])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[Denomination]:
        room = room_for(user=self.request.user, room_id=room_asked(self.request.query_params))
        return Denomination.objects.filter(room=room).order_by("value")


@extend_schema(tags=["cashier"])
class TransactionListApi(generics.ListAPIView[ChipTransaction]):
    """Receipts: a cashier sees their own shifts' only; accountants see all."""

    permission_classes = [roles_allowed(read=[Role.CASHIER, Role.ACCOUNTANT])]
    serializer_class = TransactionOut

    def get_queryset(self) -> QuerySet[ChipTransaction]:
        return transactions_for_user(self.request.user).prefetch_related("entry__legs__denomination")


@extend_schema(tags=["cashier"])
class TransactionDetailApi(generics.RetrieveAPIView[ChipTransaction]):
    permission_classes = [roles_allowed(read=[Role.CASHIER, Role.ACCOUNTANT])]
    serializer_class = TransactionOut

    def get_queryset(self) -> QuerySet[ChipTransaction]:
        return transactions_for_user(self.request.user)


@extend_schema(tags=["cashier"])
class ShiftListApi(generics.ListAPIView[DrawerShift]):
    permission_classes = [roles_allowed(read=[Role.CASHIER, Role.ACCOUNTANT, Role.FLOOR_MANAGER])]
    serializer_class = DrawerShiftOut

    def get_queryset(self) -> QuerySet[DrawerShift]:
        return shifts_for_user(self.request.user)


class ShiftBalanceOut(serializers.Serializer[Any]):
    shift = DrawerShiftOut()
    cash = MoneyField(allow_zero=True)
    chips = serializers.DictField(child=MoneyField(allow_zero=True))
    total = MoneyField(allow_zero=True)


def _shift_balance(shift: DrawerShift) -> dict[str, Any]:
    place = shift_balance(shift)
    return {
        "shift": DrawerShiftOut(shift).data,
        "cash": money_out(place.cash),
        "chips": {str(d): money_out(a) for d, a in sorted(place.chips.items())},
        "total": money_out(place.total),
    }


class ShiftCurrentApi(APIView):
    """My open drawer and what the ledger says it holds."""

    permission_classes = [roles_allowed(read=[Role.CASHIER])]

    @extend_schema(responses={200: ShiftBalanceOut, 404: ERRORS[404]}, tags=["cashier"])
    def get(self, request: Request) -> Response:
        shift = open_shift_of(request.user)
        if shift is None:
            raise NotFound(_("You have no open drawer."), code="no_open_drawer")
        return Response(_shift_balance(shift))


class ShiftDetailApi(APIView):
    permission_classes = [roles_allowed(read=[Role.CASHIER, Role.ACCOUNTANT, Role.FLOOR_MANAGER])]

    @extend_schema(responses={200: ShiftBalanceOut}, tags=["cashier"])
    def get(self, request: Request, pk: int) -> Response:
        return Response(_shift_balance(shift_get_for_user(request.user, pk)))


@extend_schema(tags=["cashier"])
class SlipListApi(generics.ListAPIView[Slip]):
    permission_classes = [roles_allowed(read=STAFF)]
    serializer_class = SlipOut

    def get_queryset(self) -> QuerySet[Slip]:
        return slips_log(room_ids=room_ids_of(self.request.user)).prefetch_related("lines")


@extend_schema(tags=["cashier"])
class TrayCountListApi(generics.ListAPIView[TrayCount]):
    permission_classes = [roles_allowed(read=[Role.FLOOR_MANAGER, Role.DEALER, Role.ACCOUNTANT])]
    serializer_class = TrayCountOut

    def get_queryset(self) -> QuerySet[TrayCount]:
        return tray_counts_log(room_ids=room_ids_of(self.request.user)).prefetch_related("lines")


@extend_schema(tags=["cashier"])
class EntryListApi(generics.ListAPIView[JournalEntry]):
    """The journal of the rooms the accountant works in, newest first."""

    permission_classes = [roles_allowed(read=[Role.ACCOUNTANT])]
    serializer_class = EntryOut

    def get_queryset(self) -> QuerySet[JournalEntry]:
        entries = JournalEntry.objects.filter(room_id__in=room_ids_of(self.request.user))
        return entries.select_related("reversed_by").prefetch_related("legs").order_by("-pk")


class OutstandingRowOut(serializers.Serializer[Any]):
    denomination = serializers.IntegerField()
    value = MoneyField()
    amount = MoneyField(allow_zero=True)


class OutstandingOut(serializers.Serializer[Any]):
    total = MoneyField(allow_zero=True)
    chips = OutstandingRowOut(many=True)


class OutstandingApi(APIView):
    """Chips outstanding: the room's liability to players, by denomination."""

    permission_classes = [roles_allowed(read=[Role.ACCOUNTANT, Role.CASHIER])]

    @extend_schema(parameters=[ROOM], responses={200: OutstandingOut}, tags=["cashier"])
    def get(self, request: Request) -> Response:
        room = room_for(user=request.user, room_id=room_asked(request.query_params))
        rows = chips_outstanding(room_id=room.pk)
        data = {
            "total": sum(a for _d, a in rows),
            "chips": [{"denomination": d.pk, "value": d.value, "amount": a} for d, a in rows],
        }
        return Response(OutstandingOut(data).data)


class CageSummaryOut(serializers.Serializer[Any]):
    day = serializers.DateField()
    sales_cash = MoneyField(allow_zero=True)
    sales_card = MoneyField(allow_zero=True)
    redemptions = MoneyField(allow_zero=True)
    receipts = serializers.IntegerField()
    fills = MoneyField(allow_zero=True)
    credits = MoneyField(allow_zero=True)
    vault_cash = MoneyField(allow_zero=True)
    vault_chips = MoneyField(allow_zero=True)
    outstanding = MoneyField(allow_zero=True)


class CageSummaryApi(APIView):
    permission_classes = [roles_allowed(read=[Role.ACCOUNTANT])]

    @extend_schema(parameters=[DAY, ROOM], responses={200: CageSummaryOut}, tags=["cashier"])
    def get(self, request: Request) -> Response:
        room = room_for(user=request.user, room_id=room_asked(request.query_params))
        return Response(CageSummaryOut(cage_summary(_day(request, room), room_id=room.pk)).data)


class LargeCashOut(serializers.Serializer[Any]):
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    gaming_day = serializers.DateField()
    cash_in = MoneyField(allow_zero=True)
    cash_out = MoneyField(allow_zero=True)
    transactions = serializers.IntegerField()


class LargeCashApi(APIView):
    """A room's large cash log: its threshold, its cage's receipts."""

    permission_classes = [roles_allowed(read=[Role.ACCOUNTANT])]

    @extend_schema(parameters=[DAY, ROOM], responses={200: LargeCashOut(many=True)}, tags=["cashier"])
    def get(self, request: Request) -> Response:
        room = room_for(user=request.user, room_id=room_asked(request.query_params))
        return Response(LargeCashOut(large_cash_log(day=_day(request, room), room=room), many=True).data)


class StaleBalanceOut(serializers.Serializer[Any]):
    balance_id = serializers.IntegerField(allow_null=True, help_text="The balance row; null when the legs have none.")
    account_id = serializers.IntegerField()
    denomination_id = serializers.IntegerField(allow_null=True, help_text="Null for cash.")
    recorded = serializers.IntegerField(help_text="What the balance row says (minor units or pieces' value).")
    from_legs = serializers.IntegerField(help_text="What the account's legs add up to.")


class LedgerCheckOut(serializers.Serializer[Any]):
    ok = serializers.BooleanField()
    unbalanced_entries = serializers.ListField(child=serializers.IntegerField())
    negative_balances = serializers.ListField(child=serializers.IntegerField())
    stale_balances = StaleBalanceOut(many=True, help_text="Every balance row that disagrees with its legs.")
    chips_in_room = serializers.IntegerField()
    chips_issued = serializers.IntegerField()
    chip_over_short = serializers.IntegerField()


class LedgerCheckApi(APIView):
    """The room's invariants, checked now."""

    permission_classes = [roles_allowed(read=[Role.ACCOUNTANT])]

    @extend_schema(parameters=[ROOM], responses={200: LedgerCheckOut}, tags=["cashier"])
    def get(self, request: Request) -> Response:
        room = room_for(user=request.user, room_id=room_asked(request.query_params))
        return Response(LedgerCheckOut(ledger_check(room_id=room.pk)).data)
