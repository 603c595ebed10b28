"""How stakes and games read on signs and boards, and a table's changes in its history (text only, no
database). How a fee reads is the fee app's (``rake.selectors.words``).

Every function reads the active translation, so a caller that wants the
room's language wraps the call in ``translation.override``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.money import currency_code, format_money
from tables.models import Game, GameKind, TableEvent


def stakes_text(game: Game) -> str:
    if game.kind == GameKind.CLUB_POKER:
        return _("Ante %(ante)s %(cur)s") % {"ante": format_money(game.ante), "cur": currency_code()}
    text = _("Blinds %(sb)s/%(bb)s %(cur)s") % {
        "sb": format_money(game.small_blind),
        "bb": format_money(game.big_blind),
        "cur": currency_code(),
    }
    if game.ante:
        text += ", " + _("ante %(ante)s") % {"ante": format_money(game.ante)}
    return text


def game_title(game: Game) -> str:
    parts = [str(game.get_kind_display()), str(game.get_structure_display())]
    if game.ring:
        parts.append(str(game.get_ring_display()))
    return " · ".join(parts)


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
