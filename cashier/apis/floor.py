"""Slips (fills and credits) and tray counts: prepared and signed by two different people."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from rest_framework import serializers

from cashier.apis.base import ChipCountSerializer, chips_dict, money_api
from cashier.apis.serializers import SlipOut, TrayCountOut
from cashier.models import SlipKind, TrayCountKind
from cashier.services.slips import slip_issue, slip_receive, slip_request, slip_void_confirm, slip_void_request
from cashier.services.trays import tray_count_record, tray_count_sign
from config.api import EnumField, StrictIntegerField
from config.idempotent import IdempotentPost
from config.numbers import MAX_ID
from config.permissions import roles_allowed
from config.roles import Role

SLIP_ROLES = [roles_allowed(Role.CASHIER, Role.FLOOR_MANAGER, Role.DEALER)]


class SlipIn(serializers.Serializer[Any]):
    kind = EnumField(SlipKind)
    table = StrictIntegerField(min_value=1, max_value=MAX_ID)
    chips = ChipCountSerializer(many=True)


@money_api(request=SlipIn, response=SlipOut, summary="Prepare a fill or credit slip", status=201)
class SlipCreateApi(IdempotentPost):
    permission_classes = SLIP_ROLES
    input_serializer = SlipIn
    success_status = 201

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        slip = slip_request(actor=actor, kind=data["kind"], table_id=data["table"], chips=chips_dict(data["chips"]))
        return SlipOut(slip).data


@money_api(request=None, response=SlipOut, summary="Issue a slip (first signature; chips leave)")
class SlipIssueApi(IdempotentPost):
    permission_classes = SLIP_ROLES

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return SlipOut(slip_issue(actor=actor, slip_id=kwargs["pk"])).data


@money_api(request=None, response=SlipOut, summary="Receive a slip (second signature; chips arrive)")
class SlipReceiveApi(IdempotentPost):
    permission_classes = SLIP_ROLES

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return SlipOut(slip_receive(actor=actor, slip_id=kwargs["pk"])).data


class VoidIn(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=200)


@money_api(request=VoidIn, response=SlipOut, summary="Ask to void a slip (cage)")
class SlipVoidApi(IdempotentPost):
    permission_classes = [roles_allowed(Role.CASHIER)]
    input_serializer = VoidIn

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return SlipOut(slip_void_request(actor=actor, slip_id=kwargs["pk"], reason=data["reason"])).data


@money_api(request=None, response=SlipOut, summary="Confirm a void (independent second person)")
class SlipVoidConfirmApi(IdempotentPost):
    permission_classes = [roles_allowed(Role.FLOOR_MANAGER)]

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return SlipOut(slip_void_confirm(actor=actor, slip_id=kwargs["pk"])).data


class TrayCountIn(serializers.Serializer[Any]):
    kind = EnumField(TrayCountKind)
    table = StrictIntegerField(min_value=1, max_value=MAX_ID)
    chips = ChipCountSerializer(many=True)


@money_api(request=TrayCountIn, response=TrayCountOut, summary="Record a tray opener or closer", status=201)
class TrayCountCreateApi(IdempotentPost):
    permission_classes = [roles_allowed(Role.DEALER, Role.FLOOR_MANAGER)]
    input_serializer = TrayCountIn
    success_status = 201

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        count = tray_count_record(
            actor=actor, table_id=data["table"], kind=data["kind"], chips=chips_dict(data["chips"])
        )
        return TrayCountOut(count).data


@money_api(request=None, response=TrayCountOut, summary="Sign a tray count (floor manager)")
class TrayCountSignApi(IdempotentPost):
    permission_classes = [roles_allowed(Role.FLOOR_MANAGER)]

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return TrayCountOut(tray_count_sign(actor=actor, count_id=kwargs["pk"])).data
