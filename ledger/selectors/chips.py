"""Chip counts as a page's form sends them, read against the room's denominations.

The cage's pages (drawer counts, slips) and the drop count's page take chips the same way:
one ``chip-<denomination id>`` field per chip.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from config.errors import DomainError, quoted
from config.numbers import whole_number
from ledger.models import Denomination


def chip_counts(data: Mapping[str, Any], prefix: str = "chip-") -> dict[int, int]:
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
