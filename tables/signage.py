"""How stakes and games read on signs and boards (text only, no database)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from config.money import format_money
from tables.models import Game, GameKind


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
