"""Strict parsing of the cashier's page forms (the API has its serializers)."""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext as _

from config.errors import DomainError, quoted
from config.money import parse_typed_amount
from config.numbers import whole_number
from ledger.selectors.chips import chip_counts as chip_counts  # the cage's pages read chips from here


def amount(data: QueryDict, field: str = "amount", *, allow_zero: bool = False) -> int:
    # Blanks around a typed amount are dropped, as Django's form fields drop them; the rest is the grammar.
    return parse_typed_amount(str(data.get(field, "")), field=field, allow_zero=allow_zero)


def optional_id(data: QueryDict, field: str) -> int | None:
    raw = str(data.get(field, "")).strip()
    if not raw:
        return None
    number = whole_number(raw)
    if number is None:
        raise DomainError(_("%(f)s: %(v)r is not a number.") % {"f": field, "v": quoted(raw)}, code="invalid")
    return number
