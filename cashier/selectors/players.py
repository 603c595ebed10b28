"""Finding a player at the cage window: a search by name, alias or registry number, never a list of everyone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.db.models import F

from config.numbers import whole_number
from tables.models import Expulsion, Player
from tables.selectors import expulsions_active, players_search
from tables.selectors.players import search_text

# Shorter text matches too much of the registry to help; a registry number of any length is exact.
MIN_QUERY = 2
LIMIT = 10
_NUMBER = re.compile(r"#?\s*([0-9]+)")


@dataclass(frozen=True)
class PlayerMatch:
    player: Player
    # The expulsion in force, if any: the cage shows it; a sale to the player is refused by the service.
    expulsion: Expulsion | None

    @property
    def barred(self) -> bool:
        return self.expulsion is not None


@dataclass(frozen=True)
class PlayerSearch:
    query: str
    matches: list[PlayerMatch]
    more: bool  # more players match than are shown: the cashier types more
    too_short: bool


def players_find(*, user: Any, query: str, limit: int = LIMIT) -> PlayerSearch:
    """The players the floor's search finds for ``user`` (``tables.selectors.players_search``: the players
    of the register the user reads, by the registry number ``12`` or ``#12``, or every word in the name,
    alias or ID document number), the exact registry number first; each with the expulsion that bars them
    now from any room's tables, as a chip sale refuses them (``cashier.services.sales``). Two queries."""
    text = search_text(query)
    digits = match.group(1) if (match := _NUMBER.fullmatch(text)) else ""
    number = whole_number(digits) if digits else None
    if number is None and len(text) < MIN_QUERY:
        return PlayerSearch(query=text, matches=[], more=False, too_short=bool(text))
    players = list(players_search(user=user, query=digits if number is not None else text)[: limit + 1])
    if number is not None:
        # The exact registry number first: it is what the player's card shows.
        players.sort(key=lambda p: p.pk != number)
    shown = players[:limit]
    barring: dict[int, Expulsion] = {}
    active = expulsions_active().filter(player_id__in=[p.pk for p in shown]).select_related("player")
    for expulsion in active.order_by(F("until").asc(nulls_last=True), "-pk"):
        # The longest-lasting expulsion names the refusal (a permanent one, ``until`` null, last wins).
        barring[expulsion.player_id] = expulsion
    return PlayerSearch(
        query=text,
        matches=[PlayerMatch(player=p, expulsion=barring.get(p.pk)) for p in shown],
        more=len(players) > limit,
        too_short=False,
    )
