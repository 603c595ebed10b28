"""How stakes, games and fees read on signs and boards, and a table's changes in its history (text only, no
database).

Every function reads the active translation, so a caller that wants the
room's language wraps the call in ``translation.override``.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.money import format_money
from rake.engine.policies import HourlyFee, PercentageFee
from tables.models import Game, GameKind, TableEvent


def money(amount: int) -> str:
    """An amount of minor units as the room writes it, with the currency: "2,000 AMD"."""
    return format_money(amount, currency=True)


def stakes_text(game: Game) -> str:
    if game.kind == GameKind.CLUB_POKER:
        return _("Ante %(ante)s %(cur)s") % {"ante": format_money(game.ante), "cur": settings.CARDROOM_CURRENCY}
    text = _("Blinds %(sb)s/%(bb)s %(cur)s") % {
        "sb": format_money(game.small_blind),
        "bb": format_money(game.big_blind),
        "cur": settings.CARDROOM_CURRENCY,
    }
    if game.ante:
        text += ", " + _("ante %(ante)s") % {"ante": format_money(game.ante)}
    return text


def game_title(game: Game) -> str:
    parts = [str(game.get_kind_display()), str(game.get_structure_display())]
    if game.ring:
        parts.append(str(game.get_ring_display()))
    return " · ".join(parts)


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


def table_event_text(event: TableEvent) -> str:
    """A row of a table's history: "created: Club Poker 1,000, 6 seats", "paused (open → paused)".

    A creation or a new configuration says the game and seats it set (a new table's status only "goes" from
    closed to closed); a change of status says the statuses it went between. Reads ``event.game``: select it
    with the events.
    """
    action = event.get_action_display()
    if event.action in (TableEvent.Action.CREATE, TableEvent.Action.CONFIGURE):
        seats = ngettext("%(seats)s seat", "%(seats)s seats", event.seats) % {"seats": event.seats}
        game = event.game.name if event.game is not None else _("no game")
        return _("%(action)s: %(game)s, %(seats)s") % {"action": action, "game": game, "seats": seats}
    return _("%(action)s (%(before)s → %(after)s)") % {
        "action": action,
        "before": event.get_from_status_display(),
        "after": event.get_to_status_display(),
    }
