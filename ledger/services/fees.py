"""A collected fee into a table's drop box: the chips from the players (or the tray), change made from the tray.

Used by the fee records of rake (time charges) and of games (a hand's fee); the chips are made up
by ``change.fee_chips``, which the hand fee's fast path (``ledger.services.fee_sql``) takes too,
so both move the same chips.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError
from config.money import MAX_AMOUNT, format_money
from config.transactions import run_atomic
from ledger.models import AccountKind, Balance, JournalEntry, Reason
from ledger.services.accounts import singleton_accounts, table_account
from ledger.services.change import Available, FeeChips, fee_chips
from ledger.services.posting import LegSpec, chip_legs, denomination_values, post_entry
from rooms.models import Room


def fee_to_drop_box(
    *,
    actor: User,
    room: Room,
    table_id: int,
    amount: int,
    reason: Reason | str = Reason.FEE,
    ref: str,
    chips: Mapping[int, int] | None = None,
    from_tray: bool = False,
    change_from_tray: bool = False,
) -> JournalEntry:
    """Move a collected fee (minor units) into the drop box of a table of ``room``.

    The chips come from the pot, i.e. the players' chips (chips outstanding),
    or from the table's tray when ``from_tray``. ``chips`` is
    ``{denomination_id: count}``; without it the largest chips available make up
    the amount. With ``change_from_tray``, when the players' chips cannot make
    it up exactly the dealer makes change from the tray, in the same entry
    (``change.fee_chips``): the players' chips into the tray, the fee's exact
    chips from the tray into the drop box, the change back to the players.
    ``ref`` names the fee's document (e.g. ``"hand:123"``): a second
    call with the same reason and ref is refused (``Conflict``, code
    ``already_posted``), so a fee is never posted twice.
    """
    if reason not in (Reason.FEE, Reason.TIME_FEE, Reason.DROP):
        raise DomainError(
            _("A fee moves with reason fee, time_fee or drop, not %(r)r.") % {"r": reason}, code="bad_reason"
        )
    if not ref:
        raise DomainError(_("A fee needs the reference of what it was charged for."), code="ref_required")
    if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
        raise DomainError(_("A fee is a positive whole amount, not %(a)r.") % {"a": amount}, code="bad_money")

    def work() -> JournalEntry:
        if JournalEntry.objects.filter(reason=reason, ref=ref).exists():  # the unique index settles races
            message = _("A %(reason)s entry for %(ref)s is already posted.") % {"reason": reason, "ref": ref}
            raise Conflict(message, code="already_posted")
        box = table_account(table_id=table_id, kind=AccountKind.DROP_BOX)
        source = (
            table_account(table_id=table_id, kind=AccountKind.TRAY)
            if from_tray
            else singleton_accounts(AccountKind.OUTSTANDING, room_id=room.pk)[AccountKind.OUTSTANDING]
        )
        if change_from_tray and chips is None and not from_tray:
            legs = _fee_legs_with_change(players=source, box=box, table_id=table_id, amount=amount)
        else:
            amounts = _fee_chip_amounts(source=source, amount=amount, chips=chips)
            legs = chip_legs(source=source, target=box, amounts=amounts)
        return post_entry(actor=actor, room=room, reason=reason, legs=legs, memo=f"table {table_id}", ref=ref)

    return run_atomic(work)


def fee_legs(*, chips: FeeChips, players: int, box: int, tray: int | None) -> list[LegSpec]:
    """The legs of a fee made up as ``chips``: players -> drop box; with change, players -> tray,
    tray -> drop box and tray -> players (the change), in that order."""
    if not chips.paid:
        return chip_legs(source=players, target=box, amounts=chips.fee)
    if tray is None:
        raise ValueError("change is made from a tray")
    return [
        *chip_legs(source=players, target=tray, amounts=chips.paid),
        *chip_legs(source=tray, target=box, amounts=chips.fee),
        *chip_legs(source=tray, target=players, amounts=chips.change),
    ]


def chips_available(account_id: int) -> dict[int, tuple[int, int]]:
    """``{denomination_id: (value, amount)}`` of the chips an account holds (as committed or written here)."""
    return {
        d: (v, a)
        for d, v, a in Balance.objects.filter(account_id=account_id, denomination__isnull=False, amount__gt=0)
        .values_list("denomination_id", "denomination__value", "amount")
        .order_by()
        if d is not None
    }


def _fee_legs_with_change(*, players: int, box: int, table_id: int, amount: int) -> list[LegSpec]:
    """The players' chips exactly; else with change from the tray (read only then); else ``no_breakdown``."""
    available: Available = chips_available(players)
    tray = None
    made = fee_chips(amount, available)
    if made is None:
        tray = table_account(table_id=table_id, kind=AccountKind.TRAY)
        made = fee_chips(amount, available, chips_available(tray))
    if made is None:
        raise DomainError(
            _("The chips in play cannot make up %(amount)s exactly, nor can the table's tray make change for it.")
            % {"amount": format_money(amount)},
            code="no_breakdown",
        )
    return fee_legs(chips=made, players=players, box=box, tray=tray)


def _fee_chip_amounts(*, source: int, amount: int, chips: Mapping[int, int] | None) -> dict[int, int]:
    if chips is not None:
        values = denomination_values(chips)
        amounts = {d: values[d] * n for d, n in chips.items() if n}
    else:
        made = fee_chips(amount, chips_available(source))
        if made is None:
            raise DomainError(
                _("The chips available cannot make up %(amount)s exactly.") % {"amount": format_money(amount)},
                code="no_breakdown",
            )
        amounts = made.fee
    if sum(amounts.values()) != amount:
        raise DomainError(
            _("The chips (%(chips)s) do not add up to the fee (%(amount)s).")
            % {"chips": format_money(sum(amounts.values())), "amount": format_money(amount)},
            code="breakdown_mismatch",
        )
    return amounts
