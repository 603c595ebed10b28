"""The one base of every API operation that moves money or posts to the ledger: run once per
``Idempotency-Key``, in one transaction, a retry answered with the first response.

The cage's sales and slips, the drop counts and the gaming-day close all take their key here, so a
client retrying after a lost answer never books twice and always gets the answer it missed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

from django.contrib.auth.models import User
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from config.models.idempotency import KEY_MAX_LENGTH
from config.permissions import acting_user
from config.services.idempotency import KEY_PATTERN, idempotent, request_fingerprint

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


def money_api(
    *, request: Any, response: Any, summary: str, tags: Sequence[str], status: int = 200
) -> Callable[[Any], Any]:
    """The schema of an idempotent operation: its body, its answer and the required key header."""
    return extend_schema(
        request=request, responses={status: response}, parameters=[IDEMPOTENCY_KEY], summary=summary, tags=list(tags)
    )


class IdempotentPost(APIView):
    """A POST that moves money: validated, then run once per ``Idempotency-Key`` in one transaction.

    Subclasses set ``input_serializer`` and implement ``perform`` (called inside
    the transaction), returning the payload; ``success_status`` is its status code.
    """

    input_serializer: ClassVar[type[serializers.Serializer[Any]] | None] = None
    success_status: ClassVar[int] = 200

    def perform(self, actor: User, data: dict[str, Any], **kwargs: Any) -> Any:
        raise NotImplementedError

    def post(self, request: Request, **kwargs: Any) -> HttpResponse:
        data: dict[str, Any] = {}
        if self.input_serializer is not None:
            data = dict(prototype(self.input_serializer).run_validation(request.data))
        user = acting_user(request)

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
