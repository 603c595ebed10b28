"""How a fee reads on a table's sign and on the fee pages (text only, no database).

Reads the active translation, so a caller that wants the room's language wraps the call in
``translation.override`` (the sign does: ``tables.services.signs``).
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from config.money import format_money
from rake.engine.policies import HourlyFee, PercentageFee


def money(amount: int) -> str:
    """An amount of minor units as the room writes it, with the currency: "2,000 AMD"."""
    return format_money(amount, currency=True)


def _percent(rate: Decimal) -> str:
    # normalize() drops trailing zeros ("5.00" -> "5"); ":f" keeps "10" from reading "1E+1".
    return f"{(rate * 100).normalize():f}"


def fee_text(policy: PercentageFee | HourlyFee | None, *, has_flop: bool = True) -> str:
    """The fee as a player reads it on the sign, in the active language.

    A percentage of each pot with its caps (the regulation's ceiling is 5%), or
    an amount per player per hour; ``has_flop=False`` (Club Poker) leaves out
    "no flop, no drop", which means nothing in a game without a flop.
    """
    if policy is None:
        return _("posted by the room")
    if isinstance(policy, HourlyFee):
        parts = [_("%(amount)s per player per hour") % {"amount": money(policy.amount_per_hour)}]
        if policy.unit == "half_hour":
            parts.append(_("charged per started half hour"))
        elif policy.unit == "minute":
            parts.append(_("charged by the minute"))
        if policy.charge_away:
            parts.append(_("time away from the table is charged"))
        return ", ".join(parts)
    if policy.cap_per_hand is not None:
        head = _("%(rate)s%% of each pot, up to %(cap)s") % {
            "rate": _percent(policy.rate),
            "cap": money(policy.cap_per_hand),
        }
    else:
        head = _("%(rate)s%% of each pot") % {"rate": _percent(policy.rate)}
    parts = [head]
    for players, cap in sorted(policy.caps_by_players):
        parts.append(_("up to %(cap)s with %(players)d or more players") % {"cap": money(cap), "players": players})
    if policy.min_pot > 0:
        parts.append(_("no fee on pots under %(amount)s") % {"amount": money(policy.min_pot)})
    if policy.no_flop_no_drop and has_flop:
        parts.append(_("no flop, no drop"))
    return ", ".join(parts)
