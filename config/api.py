"""API plumbing shared by every app: the JSON parser, errors, pagination, input serializers that refuse unknown
fields, and the one field of each kind (money, integer, enum)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Choices
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import exceptions, parsers, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.utils.json import strict_constant

from config import unavailable
from config.errors import DomainError
from config.gaming_day import check_gaming_day
from config.money import amount_pattern, currency_code, exponent, parse_amount, to_major
from config.numbers import MAX_ID, whole_number

# No request of the room nests deeper than a few levels (a whole hand: its events, each event's hole cards).
MAX_JSON_DEPTH = 16
# A JSON string (its brackets are text), then everything but brackets, then an innermost pair of brackets.
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


def json_too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """``text`` holds arrays or objects nested more than ``limit`` deep.

    Read before the parser, which recurses once per level: a body of ten thousand ``[`` ends in a
    RecursionError, and a few hundred levels pass the parser but not the code that walks the data after it
    (validation, the error's details), each a 500. Each pass removes the innermost pairs in one regular
    expression, so a hostile body costs ``limit`` linear passes, not a Python step per character. Brackets
    that do not pair are left to the parser, which names the syntax error.
    """
    brackets = _NOT_BRACKETS.sub("", _JSON_STRING.sub("", text))
    for _level in range(limit):
        if not brackets:
            return False
        brackets, removed = _EMPTY_PAIR.subn("", brackets)
        if not removed:
            return False
    return bool(brackets)


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing with a 400 a body nested deeper than ``MAX_JSON_DEPTH`` before parsing it
    (the default parser of every view: ``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``)."""

    def parse(self, stream: IO[Any], media_type: str | None = None, parser_context: Any = None) -> Any:
        encoding = parsers.get_encoding(parser_context or {})  # type: ignore[attr-defined]
        try:
            text = stream.read().decode(encoding)
        except UnicodeDecodeError as exc:
            raise exceptions.ParseError(_("JSON parse error - %(error)s") % {"error": exc}) from None
        if json_too_deep(text):
            message = _("The JSON body is nested deeper than %(limit)s levels.") % {"limit": MAX_JSON_DEPTH}
            raise exceptions.ParseError(message)
        try:
            return json.loads(text, parse_constant=strict_constant if self.strict else None)
        except (ValueError, RecursionError) as exc:  # RecursionError: unpaired brackets past the limit
            raise exceptions.ParseError(_("JSON parse error - %(error)s") % {"error": exc}) from None


class InputSerializer(serializers.Serializer[dict[str, Any]]):
    """A request's input: a key that names none of its fields is refused with a 400 naming it.

    DRF drops unknown keys in silence, so a mistyped field (``rate`` where the field is ``percent``) was as
    if unsent, and the request went on to the service's refusal, worded in the service's terms, or to a
    default the sender never chose. A nested serializer of this class refuses its own unknown keys.
    """

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if isinstance(data, Mapping):
            unknown = [key for key in data if key not in self.fields or self.fields[key].read_only]
            if unknown:
                # The first few only: a hostile body of many keys gets a short answer.
                message = _("No field of this name is read here.")
                raise serializers.ValidationError({str(key): [message] for key in unknown[:5]})
        return dict(super().to_internal_value(data))


class Pagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 500


def error_body(code: str, message: str, details: Any) -> dict[str, Any]:
    """Every refusal's body (``config.openapi.ErrorOut``)."""
    return {"error": {"code": code, "message": message, "details": details}}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error leaves as ``{"error": {"code", "message", "details"}}``."""
    # Imported here: DRF's views read the default parser, this module's, as they are first imported.
    from rest_framework import views

    if isinstance(exc, unavailable.DATABASE_ERRORS):
        unavailable.log(context["request"], exc)
        body = error_body(unavailable.CODE, str(unavailable.MESSAGE), {})
        return Response(body, status=503, headers={"Retry-After": str(unavailable.RETRY_AFTER_SECONDS)})
    if isinstance(exc, DomainError):
        return Response(error_body(exc.code, exc.message, exc.details), status=exc.status)
    if isinstance(exc, DjangoValidationError):
        return Response(error_body("invalid", "; ".join(exc.messages), exc.messages), status=400)
    if isinstance(exc, RequestDataTooBig):
        # Raised by Django as DRF reads the body; left to Django it would answer an HTML page.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        message = _("The request body is larger than %(limit)s bytes.") % {"limit": limit}
        return Response(error_body("too_large", message, {"limit": limit}), status=413)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = views.exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    details = response.data
    if isinstance(exc, exceptions.ValidationError):
        message = _first_message(details)
        response.data = error_body("invalid", message, details)
    else:
        codes = exc.get_codes()
        response.data = error_body(codes if isinstance(codes, str) else "error", str(exc.detail), {})
    return response


def _first_message(details: Any, prefix: str = "") -> str:
    if isinstance(details, dict):
        for key, value in details.items():
            label = key if key != "non_field_errors" else ""
            return _first_message(value, f"{prefix}{label}: " if label else prefix)
    if isinstance(details, list) and details:
        return _first_message(details[0], prefix)
    return f"{prefix}{details}"


class StrictIntegerField(serializers.IntegerField):
    """A whole number as a JSON integer: not ``true``, ``5.0`` or ``"5"``.

    With ``text=True`` (a query string, a multipart form, where everything is
    text) ASCII digits are read too, through ``config.numbers``: DRF's
    ``IntegerField`` reads text with ``int()``, which takes ``1_000``,
    full-width digits and ``5.0``. Bounds default to those of an id (1 to
    ``MAX_ID``), which a bigint column holds.
    """

    def __init__(self, *, text: bool = False, **kwargs: Any) -> None:
        self.text = text
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        if type(data) is int:  # not a bool, not a float
            number: int | None = data
        else:
            number = whole_number(data) if self.text and isinstance(data, str) else None
        if number is None:
            self.fail("invalid")
        return int(super().to_internal_value(number))


class RoomQuery(serializers.Serializer[dict[str, Any]]):
    """``?room=<id>``: the room a read is for, required of a user who works in several rooms
    (``rooms.selectors.room_for`` resolves it)."""

    room = StrictIntegerField(text=True, required=False, allow_null=True, default=None)


def room_asked(query_params: Mapping[str, Any]) -> int | None:
    """The room a request's query names, or None; a malformed one is refused (400)."""
    query = RoomQuery(data=query_params)
    query.is_valid(raise_exception=True)
    room_id: int | None = query.validated_data["room"]
    return room_id


class StrictBooleanField(serializers.BooleanField):
    """A yes or no, as ``true`` or ``false``: the one boolean field of every input.

    DRF's ``BooleanField`` reads some twenty spellings (``1``, ``"1"``, ``"yes"``, ``"on"``, ``"t"``,
    ``"True"``, ...), so a client's ``"yes"`` or ``1`` passed for whatever the server guessed. In a JSON
    body this field reads only JSON's ``true`` and ``false`` (and ``null`` with ``allow_null``). With
    ``text=True`` (a query string, a form or multipart body, where every value is text) it reads
    the words ``true`` and ``false`` too, in lower case, as JSON writes them and as the pages'
    checkboxes send them (``value="true"``), and nothing else. A parameter that is absent, or empty
    (``?open=``: DRF reads an empty value of a query string or a form as not sent, for every field),
    takes the field's default. Anything else is a 400 naming the field.
    """

    TEXT = {"true": True, "false": False}

    def __init__(self, *, text: bool = False, **kwargs: Any) -> None:
        self.text = text
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> bool:
        if isinstance(data, bool):
            return data
        if self.text and isinstance(data, str) and data in self.TEXT:
            return self.TEXT[data]
        raise serializers.ValidationError(_("send true or false"), code="invalid")


class MoneyField(serializers.Field[int, Any, str, Any]):
    """An amount of the room's currency: major units at the API, integer minor units inside.

    In: text of ``config.money``'s one grammar (``"1000"``, ``"12.50"`` in EUR),
    or a JSON integer of major units; a float, a sign, an exponent or extra
    decimals are refused with a 400 whose code is ``bad_money``. Out: a decimal
    string of major units (``"12.50"``), below zero only for a ``signed`` amount
    shown (a variance). Every amount of every API goes through this field.
    """

    def __init__(self, *, allow_zero: bool = False, signed: bool = False, **kwargs: Any) -> None:
        self.allow_zero = allow_zero
        self.signed = signed
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        # The DomainError goes to the exception handler as it is: a 400 coded ``bad_money``, naming the field.
        return parse_amount(data, field=self.field_name or "amount", allow_zero=self.allow_zero)

    def to_representation(self, value: int) -> str:
        return money_out(value)


def money_out(amount: int) -> str:
    """Minor units -> the API's decimal string of major units (``1250`` -> ``"12.50"`` in EUR)."""
    return str(to_major(amount))


def money_schema(*, signed: bool = False) -> dict[str, Any]:
    """``MoneyField`` in the OpenAPI schema: a decimal string of the grammar."""
    exp = exponent()
    example = "1000" if exp == 0 else f"12.{'5'.ljust(exp, '0')}"
    decimals = "no decimals" if exp == 0 else f"at most {exp} decimals"
    return {
        "type": "string",
        "pattern": amount_pattern(signed=signed),
        "example": example,
        "description": (
            f"Amount in major units of {currency_code()} as a decimal string ({decimals}); a JSON "
            "integer of major units is read too, a float is refused" + ("; negative below zero." if signed else ".")
        ),
    }


class EnumField(serializers.ChoiceField):
    """One of a ``TextChoices``/``IntegerChoices`` class's values; in the schema, a component named after it.

    A plain ``ChoiceField`` becomes an enum named after the *field* (``kind``,
    ``status``), which collides across apps; naming it after the choices class
    gives every choice set one component, shared by every field that takes it.
    """

    def __init__(self, choices: type[Choices], *, only: Iterable[Choices] | None = None, **kwargs: Any) -> None:
        self.choices_class = choices
        # ``only``: the members a rule allows here (a waitlist's removal takes two of its end reasons).
        self.members = list(choices) if only is None else list(only)
        super().__init__(choices=[(m.value, m.label) for m in self.members], **kwargs)


class MoneyFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    target_class = MoneyField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return money_schema(signed=self.target.signed)


class EnumFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    target_class = EnumField

    def get_name(self) -> str:
        field = self.target
        name = str(field.choices_class.__name__)
        if len(field.members) < len(field.choices_class):
            name += "".join(str(m.value).title().replace("_", "") for m in field.members)
        return f"{name}OrBlank" if field.allow_blank and "" not in field.choices_class.values else name

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        values: list[Any] = [m.value for m in self.target.members]
        kind = "integer" if all(type(v) is int for v in values) else "string"
        if self.target.allow_blank and "" not in values:
            values.append("")
        return {"type": kind, "enum": values}


class GamingDayField(serializers.DateField):
    """A gaming day the room can hold records of (``config.gaming_day``): no date arithmetic overflows on it."""

    def to_internal_value(self, value: Any) -> date:
        day = super().to_internal_value(value)
        try:
            return check_gaming_day(day, field=self.field_name or "day")
        except DomainError as exc:
            raise serializers.ValidationError(exc.message, code=exc.code) from None
