"""Output serializers of the cashier API (inputs live next to their views)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cashier.apis.base import ChipAmountSerializer
from cashier.models import (
    ChipTransaction,
    DrawerShift,
    PaymentMethod,
    ReversalRequest,
    ReversalStatus,
    ShiftStatus,
    Slip,
    SlipKind,
    SlipStatus,
    TransactionKind,
    TrayCount,
    TrayCountKind,
)
from config.api import EnumField, MoneyField, money_out
from config.idempotent import prototype
from ledger.models import Denomination, JournalEntry, Leg, Reason
from ledger.selectors.balances import PlaceBalance


class DenominationOut(serializers.ModelSerializer[Denomination]):
    value = MoneyField()

    class Meta:
        model = Denomination
        fields = ["id", "value", "colour", "label", "active"]


class TransactionOut(serializers.ModelSerializer[ChipTransaction]):
    kind = EnumField(TransactionKind)
    method = EnumField(PaymentMethod)
    receipt = serializers.CharField(source="receipt_label")
    amount = MoneyField()
    chips = serializers.SerializerMethodField()
    reversed = serializers.SerializerMethodField()

    class Meta:
        model = ChipTransaction
        fields = [
            "id",
            "receipt",
            "kind",
            "method",
            "amount",
            "player",
            "shift",
            "entry",
            "gaming_day",
            "created_at",
            "chips",
            "reversed",
        ]

    def get_chips(self, obj: ChipTransaction) -> list[dict[str, Any]]:
        fresh: list[tuple[int, int, int]] | None = getattr(obj, "fresh_chips", None)
        rows = (
            fresh
            if fresh is not None
            else [
                (leg.denomination_id, leg.denomination.value if leg.denomination else 0, abs(leg.amount))
                for leg in _legs(obj.entry)
                if leg.account_id == obj.shift.account_id and leg.denomination_id is not None
            ]
        )
        data = [
            {"denomination": d, "value": v, "count": a // v, "amount": a}
            for d, v, a in sorted(rows, key=lambda r: -r[1])
            if d is not None
        ]
        chip = prototype(ChipAmountSerializer)
        return [chip.to_representation(row) for row in data]

    def get_reversed(self, obj: ChipTransaction) -> bool:
        if hasattr(obj, "fresh_chips"):
            return False
        return hasattr(obj.entry, "reversed_by")


def _legs(entry: JournalEntry) -> list[Leg]:
    """The entry's legs: prefetched by list views (``entry__legs__denomination``), else one query."""
    return list(entry.legs.all())


class BalanceOut(serializers.Serializer[PlaceBalance]):
    cash = MoneyField()
    chips = serializers.SerializerMethodField()
    total = MoneyField()

    def get_chips(self, obj: PlaceBalance) -> dict[str, str]:
        return {str(d): money_out(a) for d, a in sorted(obj.chips.items())}


class DrawerShiftOut(serializers.ModelSerializer[DrawerShift]):
    status = EnumField(ShiftStatus)
    variance = MoneyField(signed=True, allow_null=True)
    net_variance = MoneyField(signed=True, allow_null=True)
    drawer_name = serializers.CharField(source="drawer.name")

    class Meta:
        model = DrawerShift
        fields = [
            "id",
            "drawer",
            "drawer_name",
            "cashier",
            "status",
            "gaming_day",
            "opened_at",
            "closed_at",
            "variance",
            "net_variance",
            "supervisor",
            "supervisor_at",
            "opening_entry",
            "closing_entry",
        ]


class SlipOut(serializers.ModelSerializer[Slip]):
    kind = EnumField(SlipKind)
    status = EnumField(SlipStatus)
    slip_number = serializers.CharField(source="label")
    amount = MoneyField()
    lines = serializers.SerializerMethodField()

    class Meta:
        model = Slip
        fields = [
            "id",
            "kind",
            "slip_number",
            "year",
            "number",
            "table",
            "amount",
            "status",
            "created_by",
            "created_at",
            "issued_by",
            "issued_at",
            "received_by",
            "received_at",
            "void_reason",
            "void_requested_by",
            "void_confirmed_by",
            "lines",
        ]

    def get_lines(self, obj: Slip) -> list[dict[str, Any]]:
        return [{"denomination": line.denomination_id, "amount": money_out(line.amount)} for line in obj.lines.all()]


class TrayCountOut(serializers.ModelSerializer[TrayCount]):
    kind = EnumField(TrayCountKind)
    total = MoneyField()
    expected = MoneyField()
    difference = serializers.SerializerMethodField()
    lines = serializers.SerializerMethodField()

    class Meta:
        model = TrayCount
        fields = [
            "id",
            "table",
            "kind",
            "gaming_day",
            "total",
            "expected",
            "difference",
            "created_by",
            "created_at",
            "signed_by",
            "signed_at",
            "lines",
        ]

    def get_difference(self, obj: TrayCount) -> str:
        return f"{obj.difference:+d}" if obj.difference else "0"

    def get_lines(self, obj: TrayCount) -> list[dict[str, int]]:
        return [
            {"denomination": line.denomination_id, "counted": line.counted, "expected": line.expected}
            for line in obj.lines.all()
        ]


class LegOut(serializers.ModelSerializer[Leg]):
    class Meta:
        model = Leg
        fields = ["account", "denomination", "currency", "amount"]


class EntryOut(serializers.ModelSerializer[JournalEntry]):
    reason = EnumField(Reason)
    legs = LegOut(many=True)
    reversed_by = serializers.SerializerMethodField()

    class Meta:
        model = JournalEntry
        fields = [
            "id",
            "reason",
            "gaming_day",
            "memo",
            "ref",
            "reverses",
            "reversed_by",
            "created_at",
            "created_by",
            "legs",
        ]

    def get_reversed_by(self, obj: JournalEntry) -> int | None:
        reversal = getattr(obj, "reversed_by", None)
        return reversal.pk if reversal is not None else None


class ReversalRequestOut(serializers.ModelSerializer[ReversalRequest]):
    """Who asked and when (``created_by``, ``created_at``), who decided and when, and the reversing entry."""

    status = EnumField(ReversalStatus)

    class Meta:
        model = ReversalRequest
        fields = [
            "id",
            "entry",
            "reason",
            "status",
            "created_by",
            "created_at",
            "decided_by",
            "decided_at",
            "decline_reason",
            "reversal",
        ]
