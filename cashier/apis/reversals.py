"""Reversals by two people: a cashier asks, a floor manager approves or declines."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers

from cashier.apis.base import money_api
from cashier.apis.serializers import ReversalRequestOut
from cashier.models import ReversalRequest
from cashier.selectors.reversals import READ_ALL, reversal_requests_for_user
from cashier.services.reversals import (
    APPROVE_ROLES,
    REQUEST_ROLES,
    reversal_approve,
    reversal_decline,
    reversal_request,
)
from config.api import StrictIntegerField
from config.idempotent import IdempotentPost
from config.numbers import MAX_ID
from config.permissions import roles_allowed

STATUS = OpenApiParameter("status", OpenApiTypes.STR, description="pending, approved or declined (default: all)")


@extend_schema(tags=["cashier"], parameters=[STATUS])
class ReversalListApi(generics.ListAPIView[ReversalRequest]):
    """Reversal requests, newest first: a cashier's own; every one for floor managers and accountants."""

    permission_classes = [roles_allowed(read=[*REQUEST_ROLES, *READ_ALL])]
    serializer_class = ReversalRequestOut

    def get_queryset(self) -> QuerySet[ReversalRequest]:
        return reversal_requests_for_user(self.request.user, status=self.request.query_params.get("status"))


class ReversalRequestIn(serializers.Serializer[Any]):
    entry = StrictIntegerField(min_value=1, max_value=MAX_ID)
    reason = serializers.CharField(max_length=200)


@money_api(
    request=ReversalRequestIn, response=ReversalRequestOut, summary="Ask for an entry's reversal (cashier)", status=201
)
class ReversalRequestApi(IdempotentPost):
    permission_classes = [roles_allowed(*REQUEST_ROLES)]
    input_serializer = ReversalRequestIn
    success_status = 201

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        request = reversal_request(actor=actor, entry_id=data["entry"], reason=data["reason"])
        return ReversalRequestOut(request).data


@money_api(request=None, response=ReversalRequestOut, summary="Approve a reversal: the entry is reversed")
class ReversalApproveApi(IdempotentPost):
    permission_classes = [roles_allowed(*APPROVE_ROLES)]

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return ReversalRequestOut(reversal_approve(actor=actor, request_id=kwargs["pk"])).data


class ReversalDeclineIn(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=200)


@money_api(request=ReversalDeclineIn, response=ReversalRequestOut, summary="Decline a reversal, saying why")
class ReversalDeclineApi(IdempotentPost):
    permission_classes = [roles_allowed(*APPROVE_ROLES)]
    input_serializer = ReversalDeclineIn

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        return ReversalRequestOut(reversal_decline(actor=actor, request_id=kwargs["pk"], reason=data["reason"])).data
