"""Money-moving endpoints: drawers, sales, redemptions. Each takes an Idempotency-Key."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cashier.apis.base import ChipCountSerializer, chips_dict, money_api
from cashier.apis.serializers import DrawerShiftOut, TransactionOut
from cashier.models import PaymentMethod
from cashier.selectors.reports import open_shift_of
from cashier.services.drawers import drawer_shift_approve, drawer_shift_close, drawer_shift_open
from cashier.services.sales import breakdown_propose, chip_redemption_create, chip_sale_create
from config.api import EnumField, MoneyField, StrictIntegerField
from config.errors import DomainError
from config.idempotent import IdempotentPost, prototype
from config.numbers import MAX_ID
from config.permissions import roles_allowed
from config.roles import Role

CASHIER_ONLY = [roles_allowed(Role.CASHIER)]


class BankIn(serializers.Serializer[Any]):
    cash = MoneyField(allow_zero=True)
    chips = ChipCountSerializer(many=True)


class ShiftOpenIn(BankIn):
    drawer = StrictIntegerField(min_value=1, max_value=MAX_ID)


@money_api(request=ShiftOpenIn, response=DrawerShiftOut, summary="Open my drawer with a counted bank", status=201)
class ShiftOpenApi(IdempotentPost):
    permission_classes = CASHIER_ONLY
    input_serializer = ShiftOpenIn
    success_status = 201

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        shift = drawer_shift_open(
            actor=actor, drawer_id=data["drawer"], cash=data["cash"], chips=chips_dict(data["chips"])
        )
        return DrawerShiftOut(shift).data


@money_api(request=BankIn, response=DrawerShiftOut, summary="Close my drawer with the counted bank")
class ShiftCloseApi(IdempotentPost):
    permission_classes = CASHIER_ONLY
    input_serializer = BankIn

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        shift = drawer_shift_close(
            actor=actor, shift_id=kwargs["pk"], cash=data["cash"], chips=chips_dict(data["chips"])
        )
        return DrawerShiftOut(shift).data


@money_api(request=None, response=DrawerShiftOut, summary="Sign off a drawer variance (supervisor)")
class ShiftApproveApi(IdempotentPost):
    permission_classes = [roles_allowed(Role.FLOOR_MANAGER)]

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return DrawerShiftOut(drawer_shift_approve(actor=actor, shift_id=kwargs["pk"])).data


class SaleIn(serializers.Serializer[Any]):
    amount = MoneyField()
    method = EnumField(PaymentMethod)
    player = StrictIntegerField(min_value=1, max_value=MAX_ID, required=False, allow_null=True)
    chips = ChipCountSerializer(many=True)


@money_api(request=SaleIn, response=TransactionOut, summary="Sell chips", status=201)
class SaleCreateApi(IdempotentPost):
    permission_classes = CASHIER_ONLY
    input_serializer = SaleIn
    success_status = 201

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        txn = chip_sale_create(
            actor=actor,
            amount=data["amount"],
            method=data["method"],
            chips=chips_dict(data["chips"]),
            player_id=data.get("player"),
        )
        return prototype(TransactionOut).to_representation(txn)


class RedemptionIn(serializers.Serializer[Any]):
    amount = MoneyField(required=False)
    player = StrictIntegerField(min_value=1, max_value=MAX_ID, required=False, allow_null=True)
    chips = ChipCountSerializer(many=True)


@money_api(request=RedemptionIn, response=TransactionOut, summary="Redeem chips for cash", status=201)
class RedemptionCreateApi(IdempotentPost):
    permission_classes = CASHIER_ONLY
    input_serializer = RedemptionIn
    success_status = 201

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        txn = chip_redemption_create(
            actor=actor, chips=chips_dict(data["chips"]), amount=data.get("amount"), player_id=data.get("player")
        )
        return prototype(TransactionOut).to_representation(txn)


class BreakdownIn(serializers.Serializer[Any]):
    amount = MoneyField()


class BreakdownOut(serializers.Serializer[Any]):
    amount = MoneyField()
    remainder = MoneyField(allow_zero=True)
    chips = ChipCountSerializer(many=True)


class BreakdownApi(APIView):
    """Propose chips for an amount from my drawer, largest first (moves nothing)."""

    permission_classes = CASHIER_ONLY

    @extend_schema(request=BreakdownIn, responses={200: BreakdownOut}, tags=["cashier"])
    def post(self, request: Request) -> Response:
        serializer = BreakdownIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        shift = open_shift_of(request.user)
        if shift is None:
            raise DomainError(_("You have no open drawer: open one first."), code="no_open_drawer")
        amount = serializer.validated_data["amount"]
        counts, left = breakdown_propose(shift=shift, amount=amount)
        chips = [{"denomination": d, "count": n} for d, n in counts.items()]
        return Response(BreakdownOut({"amount": amount, "remainder": left, "chips": chips}).data)
