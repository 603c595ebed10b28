"""Chip counts by denomination: validated and turned into amounts."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from config.errors import DomainError
from config.money import MAX_AMOUNT, format_money
from ledger.models import Account, Denomination
from ledger.services.accounts import balance_rows_create
from ledger.services.posting import denomination_values

# Far more chips of one denomination than any tray or drawer holds.
MAX_CHIPS = 1_000_000


def chip_amounts(counts: Mapping[int, int], *, allow_empty: bool = False) -> dict[int, int]:
    """``{denomination_id: count}`` -> ``{denomination_id: amount in minor units}``.

    Counts are whole positive numbers (zero lines are dropped); unknown
    denominations, floats, booleans and absurd counts are refused.
    """
    for denomination_id, count in counts.items():
        if type(denomination_id) is not int or type(count) is not int:
            raise DomainError(_("Chip counts are whole numbers by denomination id."), code="bad_chips")
        if count < 0 or count > MAX_CHIPS:
            raise DomainError(
                _("%(count)s is not a chip count (0 to %(max)s).") % {"count": count, "max": MAX_CHIPS},
                code="bad_chips",
            )
    counts = {d: n for d, n in counts.items() if n}
    if not counts and not allow_empty:
        raise DomainError(_("Give at least one chip."), code="bad_chips")
    values = denomination_values(counts)
    amounts = {d: values[d] * n for d, n in counts.items()}
    if sum(amounts.values()) > MAX_AMOUNT:
        raise DomainError(_("Those chips are worth more than any amount this room handles."), code="bad_money")
    return amounts


def check_total(amounts: Mapping[int, int], total: int) -> None:
    chips = sum(amounts.values())
    if chips != total:
        raise DomainError(
            _("The chips add up to %(chips)s, not %(total)s.")
            % {"chips": format_money(chips), "total": format_money(total)},
            code="breakdown_mismatch",
            chips=chips,
            total=total,
        )


@transaction.atomic
def denomination_create(*, room_id: int, value: int, colour: str, label: str) -> Denomination:
    """A new chip of a room (``value`` in its minor units), with a zero balance row in every place of the
    room that holds chips."""
    if type(value) is not int or not 0 < value <= MAX_AMOUNT:
        raise DomainError(_("A chip is worth a positive whole amount."), code="bad_money")
    if Denomination.objects.filter(room_id=room_id, value=value).exists():
        raise DomainError(_("There is already a %(v)s chip.") % {"v": format_money(value)}, code="duplicate")
    denomination = Denomination.objects.create(room_id=room_id, value=value, colour=colour, label=label)
    balance_rows_create(
        account_ids=Account.objects.filter(room_id=room_id, tracked=True).values_list("pk", flat=True),
        denomination_ids=[denomination.pk],
    )
    return denomination
