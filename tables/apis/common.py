"""Plumbing the floor's API views share: the acting user, pagination, money input, a new player's entry."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.db.models import Model, QuerySet
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import Pagination
from config.money import amount_pattern, parse_amount
from config.roles import Role
from tables.models import SeatEntry

FM = Role.FLOOR_MANAGER
READ_ALL = [Role.ACCOUNTANT]


def actor(request: Request) -> User:
    """The authenticated user (the permission classes have refused anonymous callers)."""
    return cast(User, request.user)


def paginate(
    view: APIView, request: Request, rows: QuerySet[Any] | list[Any], out: type[serializers.BaseSerializer[Any]]
) -> Response:
    paginator = Pagination()
    page = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response(out(page, many=True, context={"request": request}).data)


def seat_entry_field() -> serializers.ChoiceField:
    """How a player seated at a running Hold'em game enters it (``SeatSession.entry``); blank waits."""
    return serializers.ChoiceField(
        choices=SeatEntry.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text=gettext_lazy(
            "Hold'em with hands being dealt: post (big blind live, small blind dead) to be dealt in at once, "
            "or wait for the big blind (the default)."
        ),
    )


@extend_schema_field({"type": "string", "pattern": amount_pattern(), "example": "1000"})
class MoneyField(serializers.CharField):
    """Money in major units as a string or integer ("1000", "12.50") -> integer minor units."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", 'Amount in major units, as a string ("1000", "12.50")')
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:  # type: ignore[override]
        return parse_amount(data, field=self.field_name or "amount", allow_zero=True)


def model_id(instance: Model | None) -> int | None:
    return instance.pk if instance is not None else None
