"""Strict input fields and the serializers of the fee API.

Money travels as a string (or an integer) of major units and is parsed by
``config.money.parse_amount``; a percentage travels as a string ("5.00").
Floats, NaN, Infinity and extra decimals are refused with a 400.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api import EnumField, InputSerializer, MoneyField, StrictBooleanField, StrictIntegerField
from config.errors import DomainError, quoted
from config.money import to_major
from config.numbers import MAX_ID, decimal_parts
from rake.models import Allocation, FeeKind, FeePolicyVersion, TimeCharge, TimeChargeStatus, TimeUnit
from rake.selectors import fee_line
from rake.services import check_rate_setting

PERCENT_DECIMALS = 2
# "100.00" or "0.0001": text longer can only be refused by the range or the steps, so it is refused by its length.
_MAX_PERCENT_TEXT = 6


def percent_to_rate(value: object) -> Decimal:
    """ "5.00" (percent) -> ``Decimal("0.0500")`` (fraction); refuses what the regulation or the column refuse.

    Text is read by the grammar of amounts (``config.numbers.decimal_parts``), so ``5e0``, ``05``, full-width
    digits and ``1e999999`` are refused before any Decimal is built; a JSON integer is a whole percent.
    """
    if type(value) is int:
        percent = Decimal(value)
    elif isinstance(value, str):
        parts = decimal_parts(value, max_length=_MAX_PERCENT_TEXT)
        if parts is None:
            raise DomainError(_("percent: %(value)r is not a number") % {"value": quoted(value)}, code="bad_percent")
        whole, fraction = parts
        percent = Decimal(f"{whole}.{fraction or 0}")
    else:
        raise DomainError(
            _('percent: send a percentage as a string such as "5.00", not %(name)s') % {"name": type(value).__name__},
            code="bad_percent",
        )
    # The range (0 < p <= 5) and the steps of 0.01% are the service's.
    return check_rate_setting(percent / 100)


@extend_schema_field(
    {
        "type": "string",
        "pattern": r"^(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?$",
        "example": "5.00",
        "description": "Percent, 0 < p ≤ 5, at most two decimals.",
    }
)
class PercentField(serializers.Field[Decimal, Decimal, str, Any]):
    """A percentage in, a fraction out to the service; the fraction shown back as percent."""

    def to_internal_value(self, data: Any) -> Decimal:
        try:
            return percent_to_rate(data)
        except DomainError as exc:
            raise serializers.ValidationError(exc.message) from None

    def to_representation(self, value: Decimal) -> str:
        return f"{value * 100:.{PERCENT_DECIMALS}f}"


class CapByPlayersSerializer(InputSerializer):
    min_players = StrictIntegerField(min_value=1, max_value=10)
    cap = MoneyField()


class FeePolicySetInputSerializer(InputSerializer):
    table_id = StrictIntegerField(required=False, min_value=1, max_value=MAX_ID)
    game_id = StrictIntegerField(required=False, min_value=1, max_value=MAX_ID)
    kind = EnumField(FeeKind)
    reason = serializers.CharField(max_length=200)
    effective_from = serializers.DateTimeField(
        required=False, help_text=gettext_lazy("Default: now. Never in the past.")
    )
    percent = PercentField(required=False)
    cap_per_hand = MoneyField(required=False, allow_null=True)
    caps_by_players = CapByPlayersSerializer(many=True, required=False)
    min_pot = MoneyField(required=False, allow_zero=True)
    no_flop_no_drop = StrictBooleanField(required=False)
    allocation = EnumField(Allocation, required=False)
    amount_per_hour = MoneyField(required=False)
    unit = EnumField(TimeUnit, required=False)
    collect_every_minutes = StrictIntegerField(required=False, min_value=1, max_value=1440)
    charge_away = StrictBooleanField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("table_id" in attrs) == ("game_id" in attrs):
            raise serializers.ValidationError(_("Name a table_id or a game_id (a game's default), not both."))
        return attrs

    def service_kwargs(self) -> dict[str, Any]:
        data = dict(self.validated_data)
        if "percent" in data:
            data["rate"] = data.pop("percent")
        if "caps_by_players" in data:
            data["caps_by_players"] = [(c["min_players"], c["cap"]) for c in data["caps_by_players"]]
        return data


class FeePolicyVersionSerializer(serializers.ModelSerializer[FeePolicyVersion]):
    percent = PercentField(source="rate", allow_null=True, read_only=True)
    cap_per_hand = MoneyField(allow_null=True, read_only=True)
    caps_by_players = serializers.SerializerMethodField()
    min_pot = MoneyField(allow_null=True, read_only=True)
    amount_per_hour = MoneyField(allow_null=True, read_only=True)
    created_by = serializers.CharField(source="created_by.username", read_only=True)
    kind = EnumField(FeeKind, read_only=True)
    allocation = EnumField(Allocation, read_only=True, allow_null=True)
    unit = EnumField(TimeUnit, read_only=True, allow_null=True)
    fee_line = serializers.SerializerMethodField()

    class Meta:
        model = FeePolicyVersion
        fields = [
            "id",
            "table",
            "game",
            "kind",
            "effective_from",
            "reason",
            "created_by",
            "created_at",
            "percent",
            "cap_per_hand",
            "caps_by_players",
            "min_pot",
            "no_flop_no_drop",
            "allocation",
            "amount_per_hour",
            "unit",
            "collect_every_minutes",
            "charge_away",
            "fee_line",
        ]
        read_only_fields = fields

    def to_representation(self, instance: FeePolicyVersion) -> dict[str, Any]:
        data = super().to_representation(instance)
        # The other kind's choices are blank in the row: null in the API.
        for name in ("allocation", "unit"):
            data[name] = data[name] or None
        return data

    @extend_schema_field(CapByPlayersSerializer(many=True, allow_null=True))
    def get_caps_by_players(self, obj: FeePolicyVersion) -> list[dict[str, Any]] | None:
        if obj.caps_by_players is None:
            return None
        return [{"min_players": p, "cap": f"{to_major(c)}"} for p, c in obj.caps_by_players]

    @extend_schema_field(serializers.CharField())
    def get_fee_line(self, obj: FeePolicyVersion) -> str:
        return fee_line(obj)


class FeePolicyInForceSerializer(serializers.Serializer[dict[str, Any]]):
    table_id = serializers.IntegerField()
    at = serializers.DateTimeField()
    fee_line = serializers.CharField(allow_null=True)
    version = FeePolicyVersionSerializer(allow_null=True)


class TimeChargeSerializer(serializers.ModelSerializer[TimeCharge]):
    table_number = serializers.IntegerField(source="table.number", read_only=True)
    player_name = serializers.CharField(source="player.__str__", read_only=True)
    amount = MoneyField(read_only=True)
    status = EnumField(TimeChargeStatus, read_only=True)
    marked_by = serializers.CharField(source="marked_by.username", allow_null=True, read_only=True, default=None)

    class Meta:
        model = TimeCharge
        fields = [
            "id",
            "seat_session",
            "table",
            "table_number",
            "player",
            "player_name",
            "policy",
            "period_start",
            "period_end",
            "gaming_day",
            "amount",
            "status",
            "marked_by",
            "marked_at",
            "not_collected_reason",
        ]
        read_only_fields = fields


class TimeChargeNotCollectedInputSerializer(InputSerializer):
    reason = serializers.CharField(max_length=200)


class TimeChargesCreatedSerializer(serializers.Serializer[dict[str, Any]]):
    created = serializers.IntegerField()
