"""Plumbing the floor's API views share: pagination, a new player's entry, the room a request is for."""

from __future__ import annotations

from typing import Any

from django.db.models import Model, QuerySet
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import EnumField, Pagination, StrictIntegerField
from config.numbers import MAX_ID
from config.roles import Role
from tables.models import SeatEntry

FM = Role.FLOOR_MANAGER
READ_ALL = [Role.ACCOUNTANT]


def paginate(
    view: APIView, request: Request, rows: QuerySet[Any] | list[Any], out: type[serializers.BaseSerializer[Any]]
) -> Response:
    paginator = Pagination()
    page = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response(out(page, many=True, context={"request": request}).data)


def seat_entry_field() -> EnumField:
    """How a player seated at a running Hold'em game enters it (``SeatSession.entry``); blank waits."""
    return EnumField(
        SeatEntry,
        required=False,
        allow_blank=True,
        default="",
        help_text=gettext_lazy(
            "Hold'em with hands being dealt: post (big blind live, small blind dead) to be dealt in at once, "
            "or wait for the big blind (the default)."
        ),
    )


def room_field() -> StrictIntegerField:
    """The room a request reads or writes in: required of a user who works in several rooms."""
    return StrictIntegerField(text=True, required=False, allow_null=True, default=None, min_value=1, max_value=MAX_ID)


def model_id(instance: Model | None) -> int | None:
    return instance.pk if instance is not None else None
