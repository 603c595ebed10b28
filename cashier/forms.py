"""Strict parsing of the cashier's page forms (the API has its serializers)."""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext as _

from cashier.models import Denomination
from config.errors import DomainError
from config.money import parse_amount


def chip_counts(data: QueryDict, prefix: str = "chip-") -> dict[int, int]:
    """``chip-<denomination id>`` fields -> ``{denomination_id: count}``; blanks are zero."""
    known = set(Denomination.objects.values_list("pk", flat=True))
    counts: dict[int, int] = {}
    for name, raw in data.items():
        if not name.startswith(prefix):
            continue
        value = str(raw).strip()
        if not value:
            continue
        ident = name[len(prefix) :]
        if not ident.isdigit() or int(ident) not in known:
            raise DomainError(_("Unknown chip denomination %(id)s.") % {"id": ident}, code="unknown_denomination")
        if not value.isdigit():
            raise DomainError(_("%(v)r is not a chip count.") % {"v": value}, code="bad_chips")
        counts[int(ident)] = int(value)
    return counts


def amount(data: QueryDict, field: str = "amount", *, allow_zero: bool = False) -> int:
    return parse_amount(data.get(field, ""), field=field, allow_zero=allow_zero)


def optional_id(data: QueryDict, field: str) -> int | None:
    raw = str(data.get(field, "")).strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise DomainError(_("%(f)s: %(v)r is not a number.") % {"f": field, "v": raw}, code="invalid")
    return int(raw)
