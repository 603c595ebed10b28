"""Strict parsing of the cashier's page forms (the API has its serializers)."""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext as _

from cashier.models import Denomination
from config.errors import DomainError, quoted
from config.money import parse_typed_amount
from config.numbers import whole_number


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
        ident_text = name[len(prefix) :]
        ident, count = whole_number(ident_text), whole_number(value)
        if ident is None or ident not in known:
            raise DomainError(
                _("Unknown chip denomination %(id)s.") % {"id": quoted(ident_text)}, code="unknown_denomination"
            )
        if count is None:
            raise DomainError(_("%(v)r is not a chip count.") % {"v": quoted(value)}, code="bad_chips")
        counts[ident] = count
    return counts


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
