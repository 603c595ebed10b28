"""Reads of players and expulsions."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db.models import Exists, F, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import Forbidden, NotFound
from config.numbers import whole_number
from config.text import folded
from rooms.selectors import player_register_shared, register_room_ids, room_ids_of, works_for_the_group
from tables.models import Expulsion, ExpulsionScope, Player, SeatSession

# A picker offers a handful of matches: the floor manager types more rather than scrolls.
PICK_LIMIT = 12


def expulsions_active(*, room_id: int | None = None, at: datetime | None = None) -> QuerySet[Expulsion]:
    """Expulsions in force at ``at``: started, not lifted, not past ``until``; expiry needs no stamp. With
    ``room_id``, those that bar from that room's tables: the room's own and the group's."""
    moment = at or timezone.now()
    active = Expulsion.objects.filter(
        Q(until__isnull=True) | Q(until__gt=moment), lifted_at__isnull=True, starts_at__lte=moment
    )
    return active if room_id is None else active.filter(Q(room_id=room_id) | Q(scope=ExpulsionScope.GROUP))


def expulsion_active_for(*, player_id: int, room_id: int | None, at: datetime | None = None) -> Expulsion | None:
    """The expulsion barring a player now from ``room_id``'s tables (None: from any room's), the
    longest-lasting if several, or None.

    Used by seating and waitlisting here with the table's or the list's room, and by the cashier before a
    chip sale (any room's: the sale does not know its drawer's room before it takes the drawer's lock).
    """
    return (
        expulsions_active(room_id=room_id, at=at)
        .filter(player_id=player_id)
        .select_related("player")
        .order_by(F("until").desc(nulls_first=True), "-pk")
        .first()
    )


def players_in_register(room_ids: frozenset[int] | None) -> QuerySet[Player]:
    """The players registered by ``room_ids`` (``rooms.selectors.register_room_ids``; None: every room's)."""
    return Player.objects.all() if room_ids is None else Player.objects.filter(room_id__in=room_ids)


def players_of(user: Any) -> QuerySet[Player]:
    """The players ``user`` may see: the whole group's when it shares its register, else those of the rooms
    the user works in (every room's for a user of the whole group)."""
    return players_in_register(register_room_ids(user))


def player_room_ids(*, room_id: int) -> frozenset[int] | None:
    """The register a player registered in ``room_id`` joins: the group's (None) or the room's alone."""
    return None if player_register_shared() else frozenset({room_id})


def players_likely_duplicates(
    *,
    first_name: str,
    last_name: str,
    date_of_birth: date | None,
    id_document_number: str,
    room_ids: frozenset[int] | None,
) -> QuerySet[Player]:
    """Same ID number, or same name with the same (or an unknown) date of birth, in the register of
    ``room_ids`` (``player_room_ids``): another room's register is not shown to this one."""
    same_name = Q(first_name__iexact=first_name, last_name__iexact=last_name)
    if date_of_birth is not None:
        same_name &= Q(date_of_birth=date_of_birth) | Q(date_of_birth__isnull=True)
    match = same_name
    if id_document_number:
        match |= Q(id_document_number__iexact=id_document_number)
    return players_in_register(room_ids).filter(match).order_by("pk")[:5]


def search_text(query: str, *, limit: int = 80) -> str:
    """A search as typed, made safe to look up: control characters dropped (a NUL, which PostgreSQL refuses
    in text, can be no part of a name), blanks collapsed, at most ``limit`` characters."""
    return " ".join("".join(ch for ch in query[: limit * 2] if ch.isprintable()).split())[:limit]


def players_search(*, user: Any, query: str = "", room_id: int | None = None) -> QuerySet[Player]:
    """The players ``user`` sees (``players_of``) by name, alias, ID number or registry number (the player's
    number); every word must match somewhere, whatever its case and accents.

    Each player carries ``barred``: an expulsion is in force now that bars them from ``room_id``'s tables
    (None: from any room's).
    """
    barring = expulsions_active(room_id=room_id).filter(player=OuterRef("pk"))
    players = players_of(user).annotate(barred=Exists(barring))
    for word in search_text(query).split():
        # Folded on both sides (``config.text``): "žukau", "BUTKUTĖ" and "butkute" find Butkutė Žukauskas on
        # SQLite and PostgreSQL alike.
        match = Q(search_key__contains=folded(word))
        number = whole_number(word.lstrip("#"))
        if number is not None:
            match |= Q(pk=number)
        players = players.filter(match)
    return players.order_by("last_name", "first_name", "pk")


def players_pick(*, user: Any, room_id: int, query: str) -> list[Player]:
    """Matches for a picker at ``room_id``'s tables and lists (seating, waitlists): at most ``PICK_LIMIT``,
    none for a blank query, so that no page lists the whole registry. Each carries ``barred`` (from that
    room's tables) and ``seated_at`` (the table number of the seat they hold now, or None)."""
    if not search_text(query):
        return []
    seated = SeatSession.objects.filter(player=OuterRef("pk"), ended_at__isnull=True).values("table__number")[:1]
    players = players_search(user=user, query=query, room_id=room_id)
    return list(players.annotate(seated_at=Subquery(seated))[:PICK_LIMIT])


def _not_your_players() -> Forbidden:
    return Forbidden(_("This player is in another room's register."), code="not_your_room")


def check_player_in_register(player: Player, *, room_id: int) -> None:
    """Refuse (403 ``not_your_room``) to seat or list at ``room_id`` a player another room registered,
    when each room keeps its own register."""
    if not player_register_shared() and player.room_id != room_id:
        raise _not_your_players()


def check_sees_player(user: Any, player: Player) -> None:
    """Refuse (403 ``not_your_room``) ``user`` a player of a register they do not read (``players_of``)."""
    room_ids = register_room_ids(user)
    if room_ids is not None and player.room_id not in room_ids:
        raise _not_your_players()


def player_get(*, player_id: int) -> Player:
    player = Player.objects.select_related("room").filter(pk=player_id).first()
    if player is None:
        raise NotFound(_("Player %(player_id)s does not exist.") % {"player_id": player_id})
    return player


def player_get_for_user(*, user: Any, player_id: int) -> Player:
    """The player, for a user who sees them (``players_of``); another room's register answers 403
    ``not_your_room``, as another room's table or drawer does."""
    player = player_get(player_id=player_id)
    check_sees_player(user, player)
    return player


def expulsion_get_for_user(*, user: Any, expulsion_id: int) -> Expulsion:
    """The expulsion of a player ``user`` sees (403 ``not_your_room`` otherwise)."""
    expulsion = (
        Expulsion.objects.select_related("player", "room", "created_by", "lifted_by").filter(pk=expulsion_id).first()
    )
    if expulsion is None:
        raise NotFound(_("Expulsion %(expulsion_id)s does not exist.") % {"expulsion_id": expulsion_id})
    check_sees_player(user, expulsion.player)
    return expulsion


def expulsion_lifts_for(user: Any, expulsion: Expulsion) -> bool:
    """``user`` may lift ``expulsion`` (``services.expulsion_lift`` refuses the others): in the room that
    decided it, and one from every room of the group only as a user of the whole group. The barred list
    offers the lift to them alone."""
    if expulsion.room_id not in room_ids_of(user):
        return False
    return expulsion.scope != ExpulsionScope.GROUP or works_for_the_group(user)


def expulsions_report(*, user: Any, current: bool | None = None, at: datetime | None = None) -> QuerySet[Expulsion]:
    """The barred-player report of the players ``user`` sees (``players_of``): current and past
    expulsions, with the room that decided, who decided and who lifted."""
    moment = at or timezone.now()
    rows = Expulsion.objects.select_related("player", "room", "created_by", "lifted_by")
    room_ids = register_room_ids(user)
    if room_ids is not None:
        rows = rows.filter(player__room_id__in=room_ids)
    if current is True:
        rows = rows.filter(pk__in=expulsions_active(at=moment).values("pk"))
    elif current is False:
        rows = rows.exclude(pk__in=expulsions_active(at=moment).values("pk"))
    return rows.order_by("-starts_at", "-pk")
