"""API plumbing for the cashier: chip breakdowns, and the cage's tag on its idempotent operations."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from config.api import MoneyField, StrictIntegerField
from config.errors import DomainError
from config.idempotent import money_api as idempotent_api
from config.numbers import MAX_ID
from ledger.services.chips import MAX_CHIPS


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


def money_api(*, request: Any, response: Any, summary: str, status: int = 200) -> Any:
    return idempotent_api(request=request, response=response, summary=summary, tags=["cashier"], status=status)
