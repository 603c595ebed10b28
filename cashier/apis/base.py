"""API plumbing for the cashier: strict money fields and idempotent money-moving POSTs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from cashier.models.idempotency import KEY_MAX_LENGTH
from cashier.services.chips import MAX_CHIPS
from cashier.services.idempotency import KEY_PATTERN, idempotent, request_fingerprint
from config.errors import DomainError
from config.money import amount_pattern, parse_amount, to_major
from config.numbers import MAX_ID

IDEMPOTENCY_KEY = OpenApiParameter(
    name="Idempotency-Key",
    # What ``check_key`` accepts, so that a key the schema allows is never refused as malformed.
    type={"type": "string", "minLength": 1, "maxLength": KEY_MAX_LENGTH, "pattern": KEY_PATTERN},
    location=OpenApiParameter.HEADER,
    required=True,
    description=(
        "A unique string per operation (e.g. a UUID): visible ASCII characters, no spaces or commas. The same "
        "key and body again returns the first response with the header `Idempotent-Replayed: true` and moves "
        "nothing; the same key with another body is refused with 422; a missing or malformed key, or the header "
        "sent twice, with 400."
    ),
)


MONEY_SCHEMA = {
    "type": "string",
    "pattern": amount_pattern(),
    "example": "10000",
    "description": "Amount in major units as a decimal string (an integer is accepted on input; floats are not).",
}


@extend_schema_field(MONEY_SCHEMA)
class MoneyField(serializers.Field[int, Any, str, Any]):
    """Major units in, as a decimal string or an integer; minor units inside; a decimal string out."""

    def __init__(self, *, allow_zero: bool = False, **kwargs: Any) -> None:
        self.allow_zero = allow_zero
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        try:
            return parse_amount(data, field=self.field_name or "amount", allow_zero=self.allow_zero)
        except DomainError as exc:
            raise serializers.ValidationError(exc.message, code="bad_money") from exc

    def to_representation(self, value: int) -> str:
        return str(to_major(value))


@extend_schema_field(
    {
        **MONEY_SCHEMA,
        "pattern": amount_pattern(signed=True),
        "description": "Amount in major units as a decimal string, negative below zero.",
    }
)
class SignedMoneyField(MoneyField):
    """An amount shown that may be below zero: a drawer's variance."""


class StrictIntegerField(serializers.IntegerField):
    """An integer in JSON, not ``3.0``, ``"3"`` or ``true``."""

    def to_internal_value(self, data: Any) -> int:
        if type(data) is not int:
            self.fail("invalid")
        return int(super().to_internal_value(data))


class ChipCountSerializer(serializers.Serializer[dict[str, int]]):
    denomination = StrictIntegerField(
        min_value=1, max_value=MAX_ID, help_text=gettext_lazy("Denomination id (see /cashier/denominations/).")
    )
    count = StrictIntegerField(min_value=0, max_value=MAX_CHIPS)


def chips_dict(rows: list[dict[str, int]]) -> dict[int, int]:
    out: dict[int, int] = {}
    for row in rows:
        if row["denomination"] in out:
            raise DomainError(_("Give each denomination once."), code="bad_chips")
        out[row["denomination"]] = row["count"]
    return out


class ChipAmountSerializer(serializers.Serializer[Any]):
    denomination = serializers.IntegerField()
    value = MoneyField()
    count = serializers.IntegerField()
    amount = MoneyField()


_PROTOTYPES: dict[type[Any], Any] = {}


def prototype[S: serializers.BaseSerializer[Any]](cls: type[S]) -> S:
    """One instance of a serializer class, its fields built once, shared by every request.

    DRF builds a serializer's fields (deep copies of the declared fields, a
    ModelSerializer's model introspection) for every instance, which on the
    money-moving paths costs more than their SQL. ``run_validation`` and
    ``to_representation`` keep nothing on the instance, so one built instance
    serves every request and thread; error messages are translated when raised.
    """
    found = _PROTOTYPES.get(cls)
    if found is None:
        found = _PROTOTYPES[cls] = cls()
    return cast(S, found)


def render_json(payload: Any) -> bytes:
    return bytes(JSONRenderer().render(payload))


def money_api(*, request: Any, response: Any, summary: str, status: int = 200) -> Any:
    return extend_schema(
        request=request, responses={status: response}, parameters=[IDEMPOTENCY_KEY], summary=summary, tags=["cashier"]
    )


class IdempotentPost(APIView):
    """A POST that moves money: validated, then run once per ``Idempotency-Key`` in one transaction.

    Subclasses set ``input_serializer`` and implement ``perform`` (called inside
    the transaction), returning the payload and the status code.
    """

    input_serializer: ClassVar[type[serializers.Serializer[Any]] | None] = None
    success_status: ClassVar[int] = 200

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        raise NotImplementedError

    def post(self, request: Request, **kwargs: Any) -> HttpResponse:
        data: dict[str, Any] = {}
        if self.input_serializer is not None:
            data = dict(prototype(self.input_serializer).run_validation(request.data))
        user = request.user
        assert isinstance(user, User)

        def run() -> tuple[int, bytes, str]:
            return self.success_status, render_json(self.perform(user, data, **kwargs)), "application/json"

        stored = idempotent(
            user=user,
            key=request.headers.get("Idempotency-Key"),
            scope=type(self).__name__,
            fingerprint=request_fingerprint(method="POST", path=request.path, data=request.data),
            run=run,
        )
        response = HttpResponse(stored.body, status=stored.status, content_type=stored.content_type)
        if stored.replayed:
            response["Idempotent-Replayed"] = "true"
        return response


def inline_enum(choices: type[Any]) -> Callable[..., serializers.ChoiceField]:
    """A ChoiceField documented by a pattern rather than an enum component, so
    that equally named fields of other apps (``kind``, ``status``) never collide
    in the schema's enum naming."""

    values = "|".join(choices.values)

    @extend_schema_field({"type": "string", "pattern": f"^({values})$", "description": f"One of: {values}."})
    class InlineChoiceField(serializers.ChoiceField):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(choices=choices.choices, **kwargs)

    InlineChoiceField.__name__ = f"{choices.__name__}Field"
    return InlineChoiceField
